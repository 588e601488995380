// A picture of the explorer for the README: the built pages served by the bench's service, photographed in
// headless Chromium (the system's, as the tests use it) at 1440×900 with one log chosen.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';

/** Builds the portal and the explorer into a temporary directory; returns it. */
export async function buildPages(): Promise<string> {
  const root = resolve(import.meta.dirname, '..');
  const outDir = mkdtempSync(join(tmpdir(), 'explorer-bench-dist-'));
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

export async function photographExplorer(url: string, adminToken: string, appId: string, path: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${url}/sidelog/sign-in`);
    await page.getByLabel('Name').fill('admin');
    await page.getByLabel('Password').fill(adminToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((address) => !address.pathname.endsWith('/sign-in'));
    await page.goto(
      `${url}/sidelog/logs?${new URLSearchParams({ app: appId, level: 'warning,error,info,fatal', tag: 'net' })}`,
    );
    // One log chosen, so that the panel beside the list shows it (docs/explorer.md#the-screen).
    await page.locator('.log-text').nth(2).click();
    await page.locator('.log-panel .log-json').waitFor();
    await page.screenshot({ path });
  } finally {
    await browser.close();
  }
}
