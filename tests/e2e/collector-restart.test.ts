// The collector restarted while the page keeps logging (docs/uploader.md#failures-and-back-off): what was logged while
// it was away is kept in the browser and arrives, once, after it is back on the same port and database. And the
// collector's retention deleting the page's session meanwhile: the session is registered again
// (docs/uploader.md#refused-batches).
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { retentionStore } from '../../server/stores/sqlite/retention-store.ts';
import { lineNumbers, logLines, oneTo, openPortal, sendNow } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

const DELIVERY = { timeout: 45_000, interval: 250 };

async function linesOf(session: string, prefix: string): Promise<number[]> {
  const logs = (await product.admin.logs()).filter((log) => log.session_uid === session);
  return lineNumbers(
    logs.map((log) => log.t),
    prefix,
  ).sort((a, b) => a - b);
}

/** A new tab of the portal in `context` that has logged `count` lines `${prefix} N`, each seen to arrive once. */
async function tabThatDelivered(
  context: BrowserContext,
  prefix: string,
  count: number,
): Promise<{ page: Page; session: string }> {
  const page = await context.newPage();
  const session = await openPortal(page, product.url);
  await logLines(page, prefix, count);
  await sendNow(page);
  await waitFor(async () => expect(await linesOf(session, prefix)).toEqual(oneTo(count)), DELIVERY);
  return { page, session };
}

describe('the collector restarted while the page keeps logging', () => {
  it('everything logged arrives once it is back', async () => {
    const context = await product.browser.newContext();
    try {
      const { page, session } = await tabThatDelivered(context, 'before', 100);

      await product.stopService();
      // The page goes on logging, and its uploads fail meanwhile.
      for (let round = 1; round <= 3; round++) {
        await logLines(page, `away ${round}`, 200);
        await sendNow(page);
      }

      await product.startServiceAgain();
      await logLines(page, 'after', 100);
      await sendNow(page);

      await waitFor(async () => {
        for (const round of [1, 2, 3]) expect(await linesOf(session, `away ${round}`)).toEqual(oneTo(200));
        expect(await linesOf(session, 'after')).toEqual(oneTo(100));
      }, DELIVERY);
      expect(await linesOf(session, 'before')).toEqual(oneTo(100));
    } finally {
      await context.close();
    }
  });

  it("a session the collector's retention deleted meanwhile is registered again, and every later line arrives", async () => {
    const context = await product.browser.newContext();
    try {
      const { page, session } = await tabThatDelivered(context, 'kept', 50);
      // Another page's session, whose log is the newest: retention keeps each table's newest row
      // (docs/local-service.md#a-full-disk), and only that.
      const other = await product.browser.newContext();
      await tabThatDelivered(other, 'newer', 1).finally(() => other.close());

      // Retention as the collector runs it, with every row past its period: the session and its logs go.
      await product.stopService();
      const db = new Database(product.dbPath);
      try {
        const retention = retentionStore(db).writes;
        retention.markRetention(new Date());
        while (retention.pruneBefore(new Date(Date.now() + 60_000), 1_000) > 0);
        expect(db.prepare('SELECT COUNT(*) FROM sessions WHERE session_uid = ?').pluck().get(session)).toBe(0);
      } finally {
        db.close();
      }
      await product.startServiceAgain();

      // The page still holds the session's old id: its next batch is answered 400 'unknown session_id'.
      await logLines(page, 'later', 300);
      await sendNow(page);
      await waitFor(async () => expect(await linesOf(session, 'later')).toEqual(oneTo(300)), DELIVERY);
      expect(await linesOf(session, 'kept')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
