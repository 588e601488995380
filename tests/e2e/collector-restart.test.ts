// The collector restarted while the page keeps logging (issue 7): what was logged while it was away is
// kept in the browser and arrives, once, after it is back on the same port and database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lineNumbers, logLines, oneTo, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

const DELIVERY = { timeout: 45_000, interval: 250 };

async function linesOf(session: string | null, prefix: string): Promise<number[]> {
  const logs = (await product.admin.logs()).filter((log) => log.session_uid === session);
  return lineNumbers(logs.map((log) => log.t), prefix).sort((a, b) => a - b);
}

describe('the collector restarted while the page keeps logging', () => {
  it('everything logged arrives once it is back', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${product.url}/`);
      await sidelogMode(page);
      const session = await sessionUUID(page);

      await logLines(page, 'before', 100);
      await sendNow(page);
      await vi.waitFor(async () => expect(await linesOf(session, 'before')).toEqual(oneTo(100)), DELIVERY);

      await product.stopService();
      // The page goes on logging, and its uploads fail meanwhile.
      for (let round = 1; round <= 3; round++) {
        await logLines(page, `away ${round}`, 200);
        await sendNow(page);
      }

      await product.startServiceAgain();
      await logLines(page, 'after', 100);
      await sendNow(page);

      await vi.waitFor(async () => {
        for (const round of [1, 2, 3]) expect(await linesOf(session, `away ${round}`)).toEqual(oneTo(200));
        expect(await linesOf(session, 'after')).toEqual(oneTo(100));
      }, DELIVERY);
      expect(await linesOf(session, 'before')).toEqual(oneTo(100));
    } finally {
      await context.close();
    }
  });
});
