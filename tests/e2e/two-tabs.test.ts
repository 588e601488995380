// Two tabs of the portal (docs/modes.md#leadership): both tabs' sessions arrive, uploaded by one uploader, the
// SharedWorker that both tabs share (mode A).
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { WIRE_PATHS, type LogBatchRequest } from '../../protocol/wire.ts';
import { lineNumbers, logLines, oneTo, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';
import { watchSharedWorkerRequests } from './shared-worker-requests.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());

const DELIVERY = { timeout: 45_000, interval: 250 };

describe('two tabs of the portal', () => {
  it("both tabs' sessions arrive, each line once, uploaded by the one shared worker", async () => {
    const context = await product.browser.newContext();
    try {
      const tabs: Page[] = [await context.newPage(), await context.newPage()];
      const uploadsFromTabs: Request[] = [];
      for (const tab of tabs) {
        tab.on('request', (request) => {
          if (request.url().endsWith(WIRE_PATHS.sendLogs)) uploadsFromTabs.push(request);
        });
        await tab.goto(`${product.url}/`);
      }
      for (const tab of tabs) expect(await sidelogMode(tab)).toBe('A-shared');
      const sessions = await Promise.all(tabs.map(sessionUUID));
      expect(new Set(sessions).size).toBe(2);
      const worker = await watchSharedWorkerRequests(product.browser, product.url);

      await Promise.all(tabs.map((tab, i) => logLines(tab, `tab ${i + 1} line`, 300)));
      for (const tab of tabs) await sendNow(tab);

      const logs = await waitFor(async () => {
        const logs = await product.admin.logs();
        for (const [i, session] of sessions.entries()) {
          const texts = logs.filter((log) => log.session_uid === session).map((log) => log.t);
          expect(lineNumbers(texts, `tab ${i + 1} line`)).toHaveLength(300);
        }
        return logs;
      }, DELIVERY);
      for (const [i, session] of sessions.entries()) {
        const texts = logs.filter((log) => log.session_uid === session).map((log) => log.t);
        expect(lineNumbers(texts, `tab ${i + 1} line`).sort((a, b) => a - b)).toEqual(oneTo(300));
        // A tab's lines arrive under its own session only.
        expect(lineNumbers(texts, `tab ${2 - i} line`)).toEqual([]);
      }

      // Nothing was uploaded twice, as two uploaders racing over the same stored logs would.
      const batches = (await product.admin.batches()).filter((batch) => sessions.includes(batch.session_uid));
      expect(batches.every((batch) => batch.stored === batch.count)).toBe(true);
      // One uploader: the shared worker sent every line of both tabs, and neither tab sent logs itself.
      const uploaded = worker
        .bodies(WIRE_PATHS.sendLogs)
        .flatMap((body) => (body as LogBatchRequest).logs.map((log) => log.t));
      await worker.stop();
      for (const i of [1, 2]) expect(lineNumbers(uploaded, `tab ${i} line`).sort((a, b) => a - b)).toEqual(oneTo(300));
      expect(uploadsFromTabs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
