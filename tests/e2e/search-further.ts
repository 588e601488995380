// "Search further" in real Chromium against the running service on one store (search-further-sqlite.test.ts and
// search-further-postgres.test.ts run it on each; docs/explorer.md#fragments): a search for a fragment reads the view's
// logs newest first, at most SIDELOG_SCAN_ROWS of them a page, here set to 10 so that 25 logs take three pages; the
// page says how far back it read and how many logs, and each "search further" reads the next 10 and adds what they
// hold, until the oldest log is read and the notice goes; the facets beside them count the matches among the logs read.
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { explorerSettled, viewerCookies, viewerText } from './viewer.ts';

const APP = 'search-further-e2e';
const SCAN_ROWS = 10;
const MINUTE = 60_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition. */
const T0 = Math.floor(Date.now() / (60 * MINUTE)) * 60 * MINUTE - 24 * 60 * MINUTE;
/** Minutes of the 25 logs (0 the oldest) whose text holds the fragment "ebrafis" inside a word. */
const MATCHES = [20, 7, 2];
const text = (minute: number) => (MATCHES.includes(minute) ? `a zebrafishy line ${minute}` : `a plain line ${minute}`);
const LOGS: LogRecord[] = Array.from(
  { length: 25 },
  (_, minute) =>
    ({
      x: new Date(T0 + minute * MINUTE).toISOString(),
      at: T0 + minute * MINUTE,
      t: text(minute),
      ll: 4,
    }) as LogRecord,
);

export function describeSearchFurther(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database, { scanRows: SCAN_ROWS });
  let signedIn: Cookie[] = [];
  beforeAll(async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    await collector.logs(await collector.session('s-further', 'd-further'), LOGS);
    signedIn = await viewerCookies(e2e.product.url);
  });

  /** The rows' texts, top to bottom, and the scan's notice ('' when there is none), once the list has settled. */
  async function shown(page: Page): Promise<{ rows: string[]; notice: string; back: string | null }> {
    await explorerSettled(page);
    const notice = page.locator('.scan-notice');
    return {
      rows: await page.locator('.log-list .log-text').allInnerTexts(),
      notice: (await notice.count()) > 0 ? (await notice.innerText()).replace(/\s+/g, ' ').trim() : '',
      back: (await notice.count()) > 0 ? await notice.locator('time').getAttribute('datetime') : null,
    };
  }

  /** Clicks "search further" and waits for the rows it adds. */
  async function searchFurther(page: Page, rows: number): Promise<void> {
    await page.getByRole('button', { name: 'search further' }).click();
    await page.waitForFunction((count) => document.querySelectorAll('.log-list .log-text').length >= count, rows);
  }

  describe('a fragment past the scan budget', () => {
    it('says how far back it searched, and "search further" reads on until it has found every match', async () => {
      const page = e2e.page;
      await page.context().addCookies(signedIn);
      await viewerText(
        page,
        `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), q: '*ebrafis*' })}`,
      );
      await page.locator('.scan-notice').waitFor();

      // The newest 10 logs (minutes 24 to 15) hold one match.
      expect(await shown(page)).toEqual({
        rows: ['a zebrafishy line 20'],
        notice: expect.stringMatching(/^Searched back to .+ \(10 logs\); search further$/),
        back: new Date(T0 + 15 * MINUTE).toISOString(),
      });

      // The next 10 (minutes 14 to 5): one more; the notice counts all 20 read.
      await searchFurther(page, 2);
      expect(await shown(page)).toEqual({
        rows: ['a zebrafishy line 20', 'a zebrafishy line 7'],
        notice: expect.stringMatching(/^Searched back to .+ \(20 logs\); search further$/),
        back: new Date(T0 + 5 * MINUTE).toISOString(),
      });

      // The last 5 reach the oldest log: the last match, and no notice, since nothing is left to read.
      await searchFurther(page, 3);
      expect(await shown(page)).toEqual({
        rows: ['a zebrafishy line 20', 'a zebrafishy line 7', 'a zebrafishy line 2'],
        notice: '',
        back: null,
      });
    });

    it('the facets count the matches among the logs the budget read, and say how far back', async () => {
      const page = e2e.page;
      await page.context().addCookies(signedIn);
      await viewerText(
        page,
        `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), q: '*ebrafis*' })}`,
      );
      // The newest 10 logs (minutes 24 to 15) hold one match: the facets count it, and not the 2 older ones.
      const sample = page.locator('.facet-sample');
      await sample.waitFor();
      expect((await sample.innerText()).replace(/\s+/g, ' ').trim()).toMatch(
        /^Counts of the 1 match among the newest 10 logs read, back to .+:$/,
      );
      expect(await sample.locator('time').getAttribute('datetime')).toBe(new Date(T0 + 15 * MINUTE).toISOString());
      expect(await page.getByRole('region', { name: 'Level' }).innerText()).toMatch(/Info\s*1\b/);
    });
  });
}
