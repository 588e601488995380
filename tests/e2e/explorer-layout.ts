// The explorer's screen at 1440×900 (docs/explorer.md#the-screen), in real Chromium against the running service on one
// store (explorer-layout-sqlite.test.ts and explorer-layout-postgres.test.ts run it on each, but the rows in view and
// axe-core on SQLite only): at least 20 rows of a stream and of a session in view without scrolling; a session read
// oldest first, paged both ways, newest first a click away, and a time jumped to; ↑/↓ and Enter through rows; the rows
// kept, marked busy, while the next view loads; axe-core finds nothing serious or critical. Seeded through the
// collector: a session of 450 lines a second apart (more than two pages) and another of 30.
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { seriousViolations } from './axe.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { viewerCookies, viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';

const HOUR = 3_600_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
const APP = 'explorer-layout-e2e';
const LONG = 450;
const line = (i: number, prefix = 'long'): LogRecord =>
  ({
    x: new Date(T0 + i * 1000).toISOString(),
    at: T0 + i * 1000,
    t: `${prefix} line ${i}`,
    ll: i % 5 === 0 ? 2 : 4,
    tg: 'e2e',
  }) as LogRecord;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The texts of the rows whose whole box is inside the viewport. */
async function rowsInView(page: Page): Promise<string[]> {
  return page.locator('.log-list .log-row').evaluateAll((rows) =>
    rows
      .filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
      })
      .map((row) => row.querySelector('.log-text')!.textContent!),
  );
}
const rowTexts = (page: Page) => page.locator('.log-list .log-text').allInnerTexts();

export function describeLayout(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  /** What the page shows whatever store answers (rows in view, axe-core) is checked on SQLite only: on PostgreSQL it
   * would load the same pages in Chromium again for the same answer (docs/testing.md#budget). */
  const pageOnly = it.runIf(!database);
  const url = (params: Record<string, string> = {}) =>
    `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), ...params })}`;
  let signedIn: Cookie[] = [];
  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    const long = await collector.session('long-session', 'd-long');
    for (let from = 0; from < LONG; from += 150)
      await collector.logs(
        long,
        Array.from({ length: 150 }, (_, i) => line(from + i)),
      );
    const short = await collector.session('short-session', 'd-short');
    await collector.logs(
      short,
      Array.from({ length: 30 }, (_, i) => line(i, 'short')),
    );
  });
  beforeEach(async () => {
    await e2e.page.context().addCookies(signedIn);
    await e2e.page.setViewportSize({ width: 1440, height: 900 });
  });

  describe('the screen at 1440×900', () => {
    pageOnly('shows at least 20 rows of the stream and of a session without scrolling', async () => {
      await viewerText(e2e.page, url());
      expect((await rowsInView(e2e.page)).length).toBeGreaterThanOrEqual(20);
      await viewerText(e2e.page, url({ session: 'long-session' }));
      const session = await rowsInView(e2e.page);
      expect(session.length).toBeGreaterThanOrEqual(20);
      expect(session[0]).toBe('long line 0');
      // Nothing scrolls inside a box of its own: the list is as tall as its rows.
      const list = await e2e.page.locator('.log-list').evaluate((box) => getComputedStyle(box).overflowY);
      expect(list).toBe('visible');
    });

    it('↑/↓ choose a row, shown beside the list, and Enter opens it', async () => {
      await viewerText(e2e.page, url({ session: 'short-session' }));
      const panel = e2e.page.getByRole('region', { name: 'Chosen log' });
      await e2e.page.locator('.log-list .log-text').first().click();
      expect(await panel.locator('.log-panel-text').innerText()).toBe('short line 0');
      await e2e.page.keyboard.press('ArrowDown');
      await e2e.page.keyboard.press('ArrowDown');
      await e2e.page.keyboard.press('ArrowUp');
      await e2e.page.keyboard.press('ArrowDown');
      expect(await panel.locator('.log-panel-text').innerText()).toBe('short line 2');
      expect(await e2e.page.locator('.log-row[aria-current=true] .log-text').innerText()).toBe('short line 2');
      await e2e.page.keyboard.press('Enter');
      await e2e.page.waitForURL((address) => address.searchParams.has('around'));
      const around = e2e.page.getByRole('list', { name: 'Lines around the log' });
      await around.waitFor();
      expect(await around.locator('[aria-current=true] .log-text').innerText()).toBe('short line 2');
    });

    it('keeps the rows shown, marked busy, while the next view loads', async () => {
      await viewerText(e2e.page, url({ session: 'short-session' }));
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await e2e.page.route(/\/logs\?.*q=line\+2/, async (route) => {
        await held;
        await route.continue();
      });
      await e2e.page.getByLabel('Search text').fill('line 2');
      await e2e.page.getByRole('button', { name: 'Apply' }).click();
      await e2e.page.locator('.log-list[aria-busy=true]').waitFor();
      expect((await rowTexts(e2e.page)).slice(0, 2)).toEqual(['short line 0', 'short line 1']);
      expect(await e2e.page.getByText('updating…').count()).toBe(1);
      release();
      await e2e.page.locator('.log-list[aria-busy=false]').waitFor();
      expect(await rowTexts(e2e.page)).toEqual(['short line 2']);
    });
  });

  describe('a session read top to bottom', () => {
    it('reads oldest first, loads newer lines at the end, and newest first is a click away', async () => {
      await viewerText(e2e.page, url({ session: 'long-session' }));
      expect((await rowTexts(e2e.page))[0]).toBe('long line 0');
      // The end of the list loads the next page as it comes into view, till the session's last line.
      await waitFor(
        async () => {
          await e2e.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          expect((await rowTexts(e2e.page)).at(-1)).toBe(`long line ${LONG - 1}`);
        },
        { timeout: 20_000, interval: 200 },
      );
      await e2e.page.evaluate(() => window.scrollTo(0, 0));
      await e2e.page.getByRole('button', { name: 'Newest first' }).click();
      await waitFor(async () => expect((await rowTexts(e2e.page))[0]).toBe(`long line ${LONG - 1}`));
      expect(new URL(e2e.page.url()).searchParams.get('order')).toBe('newest');
      await e2e.page.reload();
      await waitFor(async () => expect((await rowTexts(e2e.page))[0]).toBe(`long line ${LONG - 1}`));
    });

    it('jumps to the first line at or after a time, and pages from there both ways', async () => {
      await viewerText(e2e.page, url({ session: 'long-session' }));
      await e2e.page.getByRole('checkbox', { name: /UTC/ }).check();
      await e2e.page.getByLabel('Jump to (UTC)').fill(utc(T0 + 100_000));
      await e2e.page.getByRole('button', { name: 'Jump', exact: true }).click();
      const landed = e2e.page.locator('.log-row[aria-current=true] .log-text');
      await waitFor(async () => expect(await landed.innerText()).toBe('long line 100'));
      expect(await rowsInView(e2e.page)).toContain('long line 100');
      expect((await rowTexts(e2e.page))[0]).toBe('long line 100');
      await e2e.page.getByRole('button', { name: 'Load older' }).click();
      await waitFor(async () => expect((await rowTexts(e2e.page))[0]).toBe('long line 0'));
      // Newest first from the same time: the line landed on at the foot of the page, newer ones above on request.
      await e2e.page.getByRole('button', { name: 'Newest first' }).click();
      await waitFor(async () => expect(await landed.innerText()).toBe('long line 100'));
      await e2e.page.evaluate(() => window.scrollTo(0, 0));
      await e2e.page.getByRole('button', { name: 'Load newer' }).click();
      await waitFor(async () => expect((await rowTexts(e2e.page))[0]).toBe(`long line ${LONG - 1}`));
    });
  });

  pageOnly(
    'axe-core finds no serious or critical violation on the stream with a row chosen, nor on a session',
    async () => {
      await viewerText(e2e.page, url());
      await e2e.page.locator('.log-list .log-text').first().click();
      await e2e.page.getByRole('region', { name: 'Chosen log' }).waitFor();
      expect(await seriousViolations(e2e.page)).toEqual([]);
      await viewerText(e2e.page, url({ session: 'long-session' }));
      await e2e.page.getByRole('button', { name: 'More filters' }).click();
      expect(await seriousViolations(e2e.page)).toEqual([]);
    },
  );
}
