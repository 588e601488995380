// The browser killed 1.5 s into a first visit (docs/durability.md#no-wipe-on-a-first-visit-crash): localStorage, with
// the app id, may not have reached the disk yet while the browser database has. Restarted on the same profile, Sidelog
// must not take the missing app id for an app change and wipe the database: every line the first visit stored
// arrives, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { startOwnChromium } from './own-chromium.ts';
import { lineNumbers, logLines, oneTo, sendNow, sessionUUID, sidelogMode } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';
import { adminPost } from './admin-client.ts';

let product: Product;
let profile: string;

beforeAll(async () => {
  product = await startProduct();
  profile = mkdtempSync(join(tmpdir(), 'sidelog-profile-'));
});
afterAll(async () => {
  await product?.close();
  rmSync(profile, { recursive: true, force: true });
});

const DELIVERY = { timeout: 45_000, interval: 250 };
const KILLED_AT_MS = 1_500;

/** The demo app's device status: while disabled, the first visit's lines stay in the browser database. */
async function enableDemoApp(enabled: boolean): Promise<void> {
  const response = await adminPost(product.url, product.adminToken, 'apps', { key: DEMO_APP_KEY, enabled });
  expect(response.ok).toBe(true);
}

describe('the browser killed 1.5 s into a first visit', () => {
  it('restarted on the same profile, every line the first visit stored arrives once', async () => {
    await enableDemoApp(false);
    const first = await startOwnChromium(profile);
    const startedAt = Date.now();
    const page = await first.context.newPage();
    await page.goto(`${product.url}/`);
    await sidelogMode(page);
    const session = await sessionUUID(page);
    await logLines(page, 'first visit', 500);
    await page.evaluate(() => window.Sidelog.settle());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + KILLED_AT_MS - Date.now())));
    await first.kill();

    await enableDemoApp(true);
    const second = await startOwnChromium(profile);
    try {
      const again = await second.context.newPage();
      await again.goto(`${product.url}/`);
      await sidelogMode(again);
      await sendNow(again);
      await waitFor(async () => {
        const texts = (await product.admin.logs()).filter((log) => log.session_uid === session).map((log) => log.t);
        expect(lineNumbers(texts, 'first visit').sort((a, b) => a - b)).toEqual(oneTo(500));
      }, DELIVERY);
    } finally {
      await second.kill();
    }
  });
});
