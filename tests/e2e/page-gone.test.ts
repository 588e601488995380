// A page that goes away right after logging (docs/durability.md): its tab closed within milliseconds of a burst, or
// reloaded in the middle of one. Every line arrives exactly once, and `at` never repeats within the session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import type { CollectedLog } from '../../server/stores/store.types.ts';
import { lineNumbers, logLines, oneTo, openPortal, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

const DELIVERY = { timeout: 45_000, interval: 250 };

const ofSession = (logs: CollectedLog[], session: string | null) => logs.filter((log) => log.session_uid === session);

/** The numbers of the lines `${prefix} N` the session delivered, sorted: duplicates would show twice. */
async function delivered(session: string | null, prefix: string): Promise<number[]> {
  const texts = ofSession(await product.admin.logs(), session).map((log) => log.t);
  return lineNumbers(texts, prefix).sort((a, b) => a - b);
}

describe('a page that goes away right after logging', () => {
  it('the tab closed within 10 ms of logging 2,000 lines: every line arrives once after the site is reopened', async () => {
    const count = 2000;
    const context = await product.browser.newContext();
    try {
      const opener = await context.newPage();
      await opener.goto(`${product.url}/`);
      // A tab opened by a script may close itself: then it closes in the very task that logged the burst.
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        opener.evaluate(() => void window.open('/', '_blank')),
      ]);
      await opener.close();
      expect(await sidelogMode(tab)).toBe('A-shared');
      const session = await sessionUUID(tab);
      const closed = tab.waitForEvent('close');
      await tab.evaluate((count) => {
        for (let i = 1; i <= count; i++) window.Sidelog.log(`closed tab ${i}`);
        window.close();
      }, count);
      await closed;

      const again = await context.newPage();
      await again.goto(`${product.url}/`);
      await sidelogMode(again);
      await sendNow(again);
      await waitFor(async () => expect(await delivered(session, 'closed tab')).toEqual(oneTo(count)), DELIVERY);
    } finally {
      await context.close();
    }
  });

  it('a reload in the middle of a burst: every line of both pages arrives once, and `at` never repeats', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      const session = await openPortal(page, product.url);

      // 1,000 lines, the reload asked for, 1,000 more in the same task: `at` runs well ahead of the clock.
      const reloaded = page.waitForEvent('load');
      await page.evaluate(() => {
        for (let i = 1; i <= 1000; i++) window.Sidelog.log(`burst ${i}`);
        location.reload();
        for (let i = 1001; i <= 2000; i++) window.Sidelog.log(`burst ${i}`);
      });
      await reloaded;
      await sidelogMode(page);
      expect(await sessionUUID(page)).toBe(session);
      await logLines(page, 'after reload', 1000);
      await sendNow(page);

      await waitFor(async () => {
        expect(await delivered(session, 'burst')).toEqual(oneTo(2000));
        expect(await delivered(session, 'after reload')).toEqual(oneTo(1000));
      }, DELIVERY);
      const logs = ofSession(await product.admin.logs(), session);
      expect(new Set(logs.map((log) => log.at)).size).toBe(logs.length);
      // The page after the reload logs after the burst, and its `at` says so.
      const at = (text: string) => logs.find((log) => log.t === text)!.at;
      expect(at('after reload 1')).toBeGreaterThan(at('burst 2000'));
    } finally {
      await context.close();
    }
  });
});
