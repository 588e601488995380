// A page running the unmodified @bugfender/sdk, built with Vite and served by a static server of its own on another
// loopback port: a second origin, as a real site logging to the collector would be.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { serveDirectory } from './static-site.ts';

export interface BugfenderSite {
  /** Opens the page in `context`, the SDK initialised against `serviceURL` with `appKey`, and waits for its init. */
  open(context: BrowserContext, serviceURL: string, appKey: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startBugfenderSite(): Promise<BugfenderSite> {
  const outDir = mkdtempSync(join(tmpdir(), 'bugfender-page-'));
  await build({ root: resolve(import.meta.dirname, 'bugfender-page'), configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const site = await serveDirectory(outDir);

  return {
    async open(context, serviceURL, appKey) {
      const page = await context.newPage();
      const query = new URLSearchParams({ appKey, apiURL: `${serviceURL}/sidelog/api`, baseURL: `${serviceURL}/sidelog` });
      await page.goto(`${site.origin}/?${query}`);
      await page.waitForFunction(() => window.bugfenderReady !== undefined);
      await page.evaluate(() => window.bugfenderReady);
      return page;
    },
    async close() {
      await site.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
