// Fields parsed from the text and counts by a field in the explorer (docs/explorer.md#parsed-fields,
// docs/facets.md#fields-in-the-text, docs/volume-and-counts.md#counts-by-a-field), in
// real Chromium against the running service on one store (explorer-parsed-fields-sqlite.test.ts and …-postgres run it
// on each): an `@field` search gives exactly its lines, the panel lists the fields of the view's logs with their
// counts, and a value's "only" and "hide" write its term into the search. Seeded through the collector with the doc's
// example lines.
import { readFileSync } from 'node:fs';
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { device } from '../../fixtures/wire-bodies.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { facetCounts, viewerCookies, viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';

const HOUR = 3_600_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition, and the same all run. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
const APP = 'explorer-parsed-fields-e2e';
const doc = readFileSync(new URL('../../docs/explorer.md', import.meta.url), 'utf8');
/** The example lines of docs/explorer.md#parsed-fields, oldest first. */
const LINES = /```text\n([\s\S]*?)```/
  .exec(doc.slice(doc.indexOf('### Parsed fields')))![1]!
  .trimEnd()
  .split('\n')
  .map((line) => line.replace(/^\d+ /, ''));
/** The texts of these lines (numbered from 1), newest first, as the stream lists them. */
const linesOf = (...numbers: number[]) => numbers.sort((a, b) => b - a).map((n) => LINES[n - 1]!);

export function describeParsedFields(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  const logsUrl = (params: Record<string, string> = {}) =>
    `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), ...params })}`;
  const panel = () => e2e.page.getByRole('complementary', { name: 'Facets' });
  const streamTexts = (page: Page) => page.locator('.log-list .log-text').allInnerTexts();
  const field = (name: string) => facetCounts(e2e.page, name);
  const q = () => new URL(e2e.page.url()).searchParams.get('q');

  let signedIn: Cookie[] = [];
  beforeEach(() => e2e.page.context().addCookies(signedIn));
  // Each test opens the addresses it reads, signed in by the hook above: one page for the file (keepPageInBlock).
  e2e.keepPageInBlock();
  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    const session = await collector.session('s-1', 'd-1', { device: device('d-1') });
    await collector.logs(
      session,
      LINES.map((t, i) => ({ x: new Date(T0 + i * 1_000).toISOString(), at: T0 + i * 1_000, t, ll: 4 }) as LogRecord),
    );
  });

  it('an @field search gives exactly its lines', async () => {
    await viewerText(e2e.page, logsUrl({ q: '@status>=500' }));
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(linesOf(3, 5, 8)));
    await viewerText(e2e.page, logsUrl({ q: '@user.id:7' }));
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(linesOf(1, 2)));
  });

  it("the panel lists the view's fields with their counts; only and hide write the value's term", async () => {
    await viewerText(e2e.page, logsUrl());
    await waitFor(async () => expect(await field('Field @status')).toEqual({ '502': 3, '200': 1, '404': 1, '500': 1 }));
    expect(await field('Field @user.id')).toEqual({ '7': 2, '8': 1 });

    await panel().getByRole('button', { name: 'Show only @status 502', exact: true }).click();
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(linesOf(3, 5, 6)));
    expect(q()).toBe('@status:502');
    await waitFor(async () => expect(await field('Field @status')).toEqual({ '502': 3 }));

    await viewerText(e2e.page, logsUrl({ q: 'checkout' }));
    await panel().getByRole('button', { name: 'Hide @status 502', exact: true }).click();
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(linesOf(4)));
    expect(q()).toBe('checkout -@status:502');
  });

  it('counts by a field: the values of the view with their counts, chosen in the box, each row a filter', async () => {
    const counts = () => e2e.page.getByRole('region', { name: 'Counts by a field' });
    const table = (by: string) => counts().getByRole('table', { name: `Values of ${by}` });
    async function rows(by: string): Promise<[string, number][]> {
      const values = await table(by).locator('tbody tr td:nth-child(1)').allInnerTexts();
      const numbers = await table(by).locator('tbody tr td:nth-child(2)').allInnerTexts();
      return values.map((value, i) => [value, Number(numbers[i])]);
    }
    await viewerText(e2e.page, logsUrl({ split: '@status' }));
    await table('@status').waitFor();
    await waitFor(async () =>
      expect(await rows('@status')).toEqual([
        ['502', 3],
        ['200', 1],
        ['404', 1],
        ['500', 1],
        ['none', 5],
      ]),
    );
    // Every log counted once: the values sum to the view's 11 logs, as the bars' label says.
    expect(await counts().getByRole('img').getAttribute('aria-label')).toMatch(/^Logs over time by @status: 11 logs/);

    await counts().getByRole('combobox', { name: 'Count by' }).fill('@user.id');
    await counts().getByRole('button', { name: 'Count', exact: true }).click();
    await waitFor(() => expect(new URL(e2e.page.url()).searchParams.get('split')).toBe('@user.id'));
    await waitFor(async () =>
      expect(await rows('@user.id')).toEqual([
        ['7', 2],
        ['8', 1],
        ['none', 8],
      ]),
    );
    await counts().getByRole('button', { name: 'Show only @user.id 7', exact: true }).click();
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(linesOf(1, 2)));
    expect(q()).toBe('@user.id:7');
    await waitFor(async () => expect(await rows('@user.id')).toEqual([['7', 2]]));
  });
}
