// Logs written in the portal reach the collector (issue 7): every line once, in batches of at most 500,
// and the signed-in partner's id as the device key user_id.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_BATCH_SIZE } from '../../protocol/limits.ts';
import { deviceUdid, lineNumbers, logLines, oneTo, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { signInAsDemo } from './portal.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());
beforeEach(async () => {
  context = await product.browser.newContext();
  page = await context.newPage();
});
afterEach(() => context?.close());

const DELIVERY = { timeout: 45_000, interval: 250 };

describe('logs written in the portal', () => {
  it('all 1,200 arrive, in batches of at most 500, none missing and none twice', async () => {
    await page.goto(`${product.url}/`);
    expect(await sidelogMode(page)).toBe('A-shared');
    const session = await sessionUUID(page);

    await logLines(page, 'portal line', 1200);
    await sendNow(page);

    const logs = await vi.waitFor(async () => {
      const mine = (await product.admin.logs()).filter((log) => log.session_uid === session);
      expect(lineNumbers(mine.map((log) => log.t), 'portal line')).toHaveLength(1200);
      return mine;
    }, DELIVERY);
    expect(lineNumbers(logs.map((log) => log.t), 'portal line').sort((a, b) => a - b)).toEqual(oneTo(1200));

    const batches = (await product.admin.batches()).filter((batch) => batch.session_uid === session);
    expect(Math.max(...batches.map((batch) => batch.count))).toBeLessThanOrEqual(UPLOAD_BATCH_SIZE);
    // Each line was sent once: every batch the collector received was new to it.
    expect(batches.every((batch) => batch.stored === batch.count)).toBe(true);
  });

  it("sends the signed-in partner's id as the device key user_id", async () => {
    const partnerId = await signInAsDemo(page, product.url);
    const udid = await deviceUdid(page);
    await sendNow(page);

    await vi.waitFor(async () => {
      const keys = (await product.admin.deviceKeys()).filter((change) => change.device_id === udid);
      expect(keys.map(({ key, value }) => ({ key, value: String(value) }))).toContainEqual({ key: 'user_id', value: partnerId });
    }, DELIVERY);
  });
});
