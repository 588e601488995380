// A page running the unmodified @bugfender/sdk, built with Vite and served by a static server of its own on another
// loopback port: a second origin, as a real site logging to the collector would be.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { waitFor } from './wait-for.ts';
import { build } from 'vite';
import { serveDirectory } from './static-site.ts';

export interface BugfenderSite {
  /** Opens the page in `context`, the SDK initialised against `serviceURL` with `appKey`, and waits for its init. */
  open(context: BrowserContext, serviceURL: string, appKey: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startBugfenderSite(): Promise<BugfenderSite> {
  const outDir = mkdtempSync(join(tmpdir(), 'bugfender-page-'));
  await build({
    root: resolve(import.meta.dirname, 'bugfender-page'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const site = await serveDirectory(outDir);

  return {
    async open(context, serviceURL, appKey) {
      const page = await context.newPage();
      const query = new URLSearchParams({
        appKey,
        apiURL: `${serviceURL}/sidelog/api`,
        baseURL: `${serviceURL}/sidelog`,
      });
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

// The SDK uploads on a 15 s timer (a setInterval in the page; forceSendOnce only marks the next run), one batch of 500
// per session a run. A test drives that timer with Playwright's clock instead of waiting for it: installed before
// the SDK loads, it runs in step with real time (so the SDK's own short timers and its log times, `new Date()` in the
// page, go on as usual), and each tick jumps it 15 s ahead. The stored times run ahead of the wall clock by the ticks
// taken, minutes at most.
export const SDK_UPLOAD_INTERVAL_MS = 15_000;
/** How long one tick's run is given to show its result before the next tick; a tick that comes while the SDK's run
 * is still under way is skipped by the SDK, so ticking again early loses nothing. */
const RUN = { timeout: 1_000, interval: 100 };
const MAX_TICKS = 60;

/** Ticks the SDK's upload timer until `check` passes (what the runs sent has arrived), and returns its result. */
export async function uploadUntil<T>(page: Page, check: () => Promise<T>): Promise<T> {
  for (let tick = 1; ; tick++) {
    await page.clock.fastForward(SDK_UPLOAD_INTERVAL_MS);
    try {
      return await waitFor(check, RUN);
    } catch (error) {
      if (tick === MAX_TICKS) throw error;
    }
  }
}
