// Long lines in the explorer, in real Chromium against the running service (docs/explorer-views.md#long-lines): a
// session holds a 12,000,000-character line; its stream page and its issue page show the line cut, with "show all",
// which fetches the whole line and shows it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_TEXT_CHARS } from '../../explorer-contract/api.types.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';

const e2e = useProductPage();
const APP = 'explorer-long-lines-app';
const APP_ID = appIdOf(APP);
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const LENGTH = 12_000_000;
const HEAD = 'the long line begins ';
const TAIL = ' and the long line ends';
const LONG = `${HEAD}${'x'.repeat(LENGTH - HEAD.length - TAIL.length)}${TAIL}`;
const log = (at: number, t: string): LogRecord =>
  ({ x: new Date(at).toISOString(), at, t, ll: 4, tg: 'long' }) as LogRecord;

beforeAll(async () => {
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  const session = await collector.session('s-long', 'd-long');
  await collector.logs(session, [log(T0, 'a short line before'), log(T0 + 1, LONG), log(T0 + 2, 'a short line after')]);
  await collector.issue(session, { uid: 'issue-long', title: 'Long issue', text: 'text', type: 'crash' });
});

const url = (path: string) => `${e2e.product.url}/sidelog${path}?${new URLSearchParams({ app: APP_ID })}`;

/** The page shows the long line cut, with "show all"; that shows the whole line. */
async function showsCutThenWhole(page: Page, visible: string): Promise<void> {
  expect(visible).toContain('a short line before');
  expect(visible).toContain('a short line after');
  expect(visible).not.toContain(TAIL.trim());
  const row = page.locator('.log-row', { hasText: HEAD });
  expect(await row.locator('.log-text').textContent()).toMatch(new RegExp(`^${HEAD}x+…$`));
  const showAll = row.getByRole('button', { name: '… show all (12,000,000 characters)' });
  await showAll.click();
  const whole = row.getByLabel('Whole text');
  await whole.waitFor();
  // Read in the page: 12 MB through the DevTools protocol cost the test more than the page's own work.
  expect(
    await whole.evaluate(
      (box, [head, tail]) => {
        const text = box.textContent ?? '';
        const middle = text.slice(head.length, text.length - tail.length);
        return { length: text.length, head: text.startsWith(head), tail: text.endsWith(tail), xs: /^x*$/.test(middle) };
      },
      [HEAD, TAIL] as const,
    ),
  ).toEqual({ length: LENGTH, head: true, tail: true, xs: true });
  expect(await showAll.count()).toBe(0);
}

describe('a 12,000,000-character line', () => {
  it('lists send it cut, with its length', async () => {
    await viewerText(e2e.page, url('/logs'));
    const answer = await e2e.page.evaluate(async (appId) => {
      const page = (await (await fetch(`/sidelog/explorer/api/apps/${appId}/logs?limit=10`)).json()) as {
        logs: { t: string; t_length: number | null }[];
      };
      return page.logs.map((log) => [log.t.length, log.t_length]);
    }, APP_ID);
    expect(answer).toEqual([
      [18, null],
      [LIST_TEXT_CHARS, LENGTH],
      [19, null],
    ]);
  });

  it('the stream page shows it cut, and "show all" shows it whole', async () => {
    await showsCutThenWhole(e2e.page, await viewerText(e2e.page, url('/logs')));
  });

  it('the issue page shows it cut among the session lines, and "show all" shows it whole', async () => {
    await showsCutThenWhole(e2e.page, await viewerText(e2e.page, url('/issues/issue-long')));
  });
});
