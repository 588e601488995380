// A page running the unmodified @bugfender/sdk, built with Vite and served by a static server of its own on another
// loopback port: a second origin, as a real site logging to the collector would be.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export interface BugfenderSite {
  /** Opens the page in `context`, the SDK initialised against `serviceURL` with `appKey`, and waits for its init. */
  open(context: BrowserContext, serviceURL: string, appKey: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startBugfenderSite(): Promise<BugfenderSite> {
  const outDir = mkdtempSync(join(tmpdir(), 'bugfender-page-'));
  await build({ root: resolve(import.meta.dirname, 'bugfender-page'), configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(outDir, path === '/' ? 'index.html' : path);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    async open(context, serviceURL, appKey) {
      const page = await context.newPage();
      const query = new URLSearchParams({ appKey, apiURL: `${serviceURL}/sidelog/api`, baseURL: `${serviceURL}/sidelog` });
      await page.goto(`${origin}/?${query}`);
      await page.waitForFunction(() => window.bugfenderReady !== undefined);
      await page.evaluate(() => window.bugfenderReady);
      return page;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
