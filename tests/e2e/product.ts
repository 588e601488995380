// The running product for one test file: the local service on a free port with a temporary database,
// serving the portal built by global-setup, and the run's headless Chromium (global-setup) to drive it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { generateAdminToken, startService, type RunningService, type ServiceOptions } from '../../server/service.ts';
import { adminPost, createAdminClient, type AdminClient } from './admin-client.ts';

/** The viewer account every product has, for signing in to the explorer (tests/e2e/viewer.ts). */
export const E2E_VIEWER = { name: 'e2e-viewer', password: 'e2e-viewer-password' } as const;

export interface Product {
  /** http://127.0.0.1:PORT, the same across restarts. */
  readonly url: string;
  /** What the collector received for the portal's app key. */
  readonly admin: AdminClient;
  /** The admin API's token, for its other calls (apps, lists); it also signs in to the explorer as "admin". */
  readonly adminToken: string;
  /** The SQLite file (or the postgres:// URL), for a test that puts in rows as an earlier version of the collector
   * stored them. */
  readonly dbPath: string;
  browser: Browser;
  /** Stops the service (the browser keeps running). */
  stopService(): Promise<void>;
  /** Starts the service again on the same port and database. */
  startServiceAgain(): Promise<void>;
  close(): Promise<void>;
}

/** The product's database: by default a SQLite file of its own; `db` names another (a postgres:// URL), which
 * `drop` deletes when the product closes. */
export interface ProductDatabase {
  db: string;
  drop(): Promise<void>;
}

/** Settings of the service a test file changes, as an operator would through its environment (SIDELOG_SCAN_ROWS…). */
export type ProductSettings = Pick<ServiceOptions, 'scanRows' | 'alertCheckMs'>;

export async function startProduct(database?: ProductDatabase, settings: ProductSettings = {}): Promise<Product> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-db-'));
  const adminToken = generateAdminToken();
  const options = {
    ...settings,
    dbPath: database?.db ?? join(dir, 'sidelog.db'),
    distDir: inject('distDir'),
    adminToken,
  };
  let service: RunningService | undefined = await startService({ ...options, port: 0 });
  const url = service.url;
  const account = await adminPost(url, adminToken, 'viewers', E2E_VIEWER);
  if (!account.ok) throw new Error(`creating the e2e viewer account: ${account.status} ${await account.text()}`);
  const port = Number(new URL(url).port);
  // Closing this connection closes the contexts the file made, and leaves the run's Chromium to the next file.
  const browser = await chromium.connect(inject('browserEndpoint'));

  return {
    url,
    admin: createAdminClient(() => url, adminToken, DEMO_APP_KEY),
    adminToken,
    dbPath: options.dbPath,
    browser,
    async stopService() {
      await service?.close();
      service = undefined;
    },
    async startServiceAgain() {
      service ??= await startService({ ...options, port });
    },
    async close() {
      await browser.close();
      await service?.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One product for the test file, and a fresh browser context and page for each test; `database` opens another
 * database than a SQLite file for it, `settings` change the service's. */
export function useProductPage(
  database?: () => Promise<ProductDatabase>,
  settings?: ProductSettings,
): {
  readonly product: Product;
  readonly page: Page;
  /** Called in a describe block (or at a file's top level): its tests share one context and page, made before its first
   * test. */
  keepPageInBlock(): void;
} {
  let product: Product | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let kept: { context: BrowserContext; page: Page } | undefined;
  beforeAll(async () => {
    product = await startProduct(await database?.(), settings);
  });
  afterAll(() => product?.close());
  beforeEach(async () => {
    if (kept) {
      ({ context, page } = kept);
      return;
    }
    context = await product!.browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    if (context !== kept?.context) await context?.close();
  });
  return {
    get product() {
      return product!;
    },
    get page() {
      return page!;
    },
    // For a block whose tests each open an address and read what it shows, setting the cookies they need: no init
    // script, route, listener, clock, viewport or stored setting of their own, which a kept page would carry into the
    // next test. A fresh context and its first page cost Chromium about 200 ms of CPU more than a page navigated again
    // (docs/testing.md#the-sixth-pass).
    keepPageInBlock() {
      beforeAll(async () => {
        const context = await product!.browser.newContext();
        kept = { context, page: await context.newPage() };
      });
      afterAll(async () => {
        await kept?.context.close();
        kept = undefined;
      });
    },
  };
}
