// Sidelog as an npm package (docs/package.md). The tarball that `npm pack` makes of `npm run build:sdk`'s
// output passes publint and arethetypeswrong; and three apps that install it, each built by its own bundler (Vite with
// React, webpack 5, none), run it in real Chromium as the portal does, served from an origin other than the
// collector's and under a strict Content-Security-Policy. Packed once, each app built once, one Chromium.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { buildPages } from '../../bench/build-pages.ts';
import { FIRST_LOAD_BUDGET, measureBundleBytes, START_UP_BUDGET, START_UP_LABEL } from '../../bench/bundle-bytes.ts';
import { CONTENDERS } from '../../bench/contenders.ts';
import { packSdk } from '../../scripts/pack-sdk.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { cspViolations, watchCspViolations } from './csp-violations.ts';
import {
  assetsNamed,
  buildNextDeploy,
  CONSUMERS,
  prepareApp,
  runWebpack,
  type ConsumerApp,
  type ConsumerName,
} from './consumer-apps.ts';
import { lineNumbers, logLines, oneTo, sendNow } from './page-sidelog.ts';
import { startProduct, type Product } from './product.ts';
import { serveDirectory, type StaticSite } from './static-site.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DELIVERY = { timeout: 45_000, interval: 250 };
const LINES = 2000;

let workDir: string;
let tarball: string;
let product: Product;
const apps = new Map<ConsumerName, ConsumerApp>();
const sites: StaticSite[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'sidelog-package-'));
  [tarball, product] = await Promise.all([packSdk(workDir), startProduct()]);
  // One at a time: the machine has 2 cores.
  for (const name of CONSUMERS) apps.set(name, await prepareApp(name, workDir, tarball));
}, 180_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await product?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The strict policy (docs/package.md#checks): scripts and workers from the page's origin only, connections to the collector only. */
const strictCsp = (collector: string, workers = "'self'") =>
  `script-src 'self'; worker-src ${workers}; connect-src ${collector}`;

async function serve(dir: string, csp: string): Promise<StaticSite> {
  const site = await serveDirectory(dir, { 'Content-Security-Policy': csp });
  sites.push(site);
  return site;
}

/** A context whose pages record every CSP violation. */
async function watchedContext(): Promise<BrowserContext> {
  const context = await product.browser.newContext();
  await watchCspViolations(context);
  return context;
}

/** Opens the app, Sidelog initialised against the collector, and waits until the page shows the mode it runs in. */
async function openApp(
  context: BrowserContext,
  site: StaticSite,
  query: Record<string, string> = {},
): Promise<{ page: Page; shown: string; scripts: Map<string, number> }> {
  const page = await context.newPage();
  // The JavaScript the page loads (the SharedWorker's own script is not the page's), gzip bytes by URL.
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    response.body().then(
      (body) => scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
      () => {},
    );
  });
  await page.goto(`${site.origin}/?${new URLSearchParams({ appKey: DEMO_APP_KEY, collector: product.url, ...query })}`);
  const shown = await page.waitForFunction(() => {
    const text = document.getElementById('mode')?.textContent;
    return text?.startsWith('Sidelog: ') && text !== 'Sidelog: starting' && text;
  });
  return { page, shown: (await shown.jsonValue()) as string, scripts };
}

/** The URLs of the browser's SharedWorkers of `origin`. */
async function sharedWorkers(browser: Browser, origin: string): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos
      .filter((target) => target.type === 'shared_worker' && target.url.startsWith(`${origin}/`))
      .map((target) => target.url);
  } finally {
    await cdp.detach();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

describe('the tarball', () => {
  it('passes publint, every rule and suggestion', async () => {
    const data = readFileSync(tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  });

  it('passes arethetypeswrong for an ES-module-only package: every entry point resolves to its types', async () => {
    const attw = join(ROOT, 'node_modules/.bin/attw');
    // Exits non-zero on any problem; prints the table either way.
    const { stdout } = await promisify(execFile)(attw, [tarball, '--profile', 'esm-only', '--no-color', '--no-emoji']);
    expect(stdout).toContain('"sidelog"');
    expect(stdout).toContain('"sidelog/worker"');
  });

  it('holds ES modules, the types of the public API and the worker, and finds the worker relative to the module', async () => {
    const { stdout } = await promisify(execFile)('tar', ['-tzf', tarball]);
    const files = stdout
      .trim()
      .split('\n')
      .map((file) => file.replace(/^package\//, ''));
    expect(files.filter((file) => !file.startsWith('dist/')).sort()).toEqual(['README.md', 'package.json']);
    expect(files.filter((file) => file.endsWith('.d.ts')).sort()).toEqual([
      'dist/index.d.ts',
      'dist/sidelog-worker.d.ts',
      'dist/vite.d.ts',
      'dist/webpack.d.ts',
    ]);
    expect(files.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files).toContain('dist/sidelog-worker.js');
    const { stdout: code } = await promisify(execFile)('tar', ['-xzOf', tarball, 'package/dist/startup.js']);
    expect(code).toMatch(/new SharedWorker\(new URL\((["'`])\.\/sidelog-worker\.js\1,\s*import\.meta\.url\)/);
    expect(code).not.toMatch(/new URL\(["'`]\//);
  });

  // docs/package.md: server-side rendering, where a module that imports Sidelog runs in Node.
  it('imports in Node, as a server-side render does: a log call returns, init throws for want of a page', async () => {
    const script = `
      const { Sidelog } = await import('sidelog');
      Sidelog.log('rendered on the server');
      try { Sidelog.init({ appKey: 'key' }); } catch (error) { console.log('init: ' + error.message); }`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: apps.get(CONSUMERS[0])!.appDir,
    });
    expect(stdout).toBe('rendered on the server\ninit: location is not defined\n');
  });

  // The first load's budgets (docs/benchmarks.md#main-thread-cost), held in `npm test` and so in CI: the bench's own
  // build of its pages (bench/build-pages.ts) from this tarball, measured as the bench measures it (bench/bundle-bytes.ts).
  it("keeps Sidelog's first load within 6 KB gzip, and its first load and start-up within 12 KB, as the bench builds its page", async () => {
    const built = await buildPages(join(workDir, 'bench'), { tarball });
    const modeA = CONTENDERS.filter((spec) => spec.id === 'sidelog-a-shared');
    const bytes = measureBundleBytes(built, modeA);
    const firstLoad = bytes.mainThread['sidelog-a-shared']!;
    const startUp = bytes.sidelogOnDemand.find((chunk) => chunk.label === START_UP_LABEL)!.bytes;
    console.log(`Sidelog's first load ${firstLoad} bytes gzip, with its start-up ${firstLoad + startUp}`);
    expect(firstLoad).toBeGreaterThan(0);
    expect(firstLoad, 'first load, gzip bytes').toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    expect(firstLoad + startUp, 'first load and start-up, gzip bytes').toBeLessThanOrEqual(START_UP_BUDGET);
  });

  // docs/source-maps.md#plugins: the package's webpack plugin, as the webpack app's developer adds it.
  it("uploads a webpack 5 production build's source maps through its webpack plugin, the bundle naming none of its own", async () => {
    const app = apps.get('webpack5')!;
    Object.assign(process.env, {
      SIDELOG_URL: product.url,
      SIDELOG_ADMIN_TOKEN: product.adminToken,
      SIDELOG_APP: DEMO_APP_KEY,
      SIDELOG_RELEASE: 'webpack-1.0.0',
    });
    try {
      await runWebpack(app.appDir, 'webpack.maps.config.js');
    } finally {
      for (const name of ['SIDELOG_URL', 'SIDELOG_ADMIN_TOKEN', 'SIDELOG_APP', 'SIDELOG_RELEASE'])
        delete process.env[name];
    }
    const answer = await fetch(
      `${product.url}/sidelog/admin/api/source-maps?app=${DEMO_APP_KEY}&release=webpack-1.0.0`,
      {
        headers: { Authorization: `Bearer ${product.adminToken}` },
      },
    );
    const maps = (await answer.json()) as { path: string; sources: number }[];
    expect(maps.map((map) => map.path)).toContain('/main.js');
    expect(maps.every((map) => map.sources > 0)).toBe(true);
    // Hidden: webpack points no browser at its map (Sidelog's own files, kept as they are, still name theirs).
    expect(readFileSync(join(app.appDir, 'dist-maps/main.js'), 'utf8')).not.toContain('sourceMappingURL=main.js.map');
  });
});

describe.each(CONSUMERS)('the %s app, installed from the tarball', (name) => {
  it(`runs Sidelog in mode A under a strict CSP, delivers ${LINES.toLocaleString('en-US')} lines once each, and a second tab shares its SharedWorker`, async () => {
    const site = await serve(apps.get(name)!.siteDir, strictCsp(product.url));
    const context = await watchedContext();
    try {
      const first = await openApp(context, site);
      expect(first.shown).toBe('Sidelog: A-shared');

      const prefix = `${name} line`;
      await logLines(first.page, prefix, LINES);
      await sendNow(first.page);
      const delivered = await waitFor(async () => {
        const numbers = lineNumbers(
          (await product.admin.logs()).map((log) => log.t),
          prefix,
        );
        expect(numbers).toHaveLength(LINES);
        return numbers;
      }, DELIVERY);
      expect(delivered.sort((a, b) => a - b)).toEqual(oneTo(LINES));

      const second = await openApp(context, site);
      expect(second.shown).toBe('Sidelog: A-shared');
      const workers = await sharedWorkers(product.browser, site.origin);
      expect(workers).toHaveLength(1);
      if (name === 'plain-html') expect(workers[0]).toBe(`${site.origin}/node_modules/sidelog/dist/sidelog-worker.js`);

      for (const { page } of [first, second]) expect(await cspViolations(page)).toEqual([]);
      const total = [...first.scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
      const files = [...first.scripts].map(([url, bytes]) => `${new URL(url).pathname} ${kb(bytes)}`).join(', ');
      console.log(
        `${name}: ${first.shown}; worker ${new URL(workers[0]!).pathname}; the page's JavaScript until Sidelog ran, ${kb(total)} KB gz: ${files}`,
      );
    } finally {
      await context.close();
    }
  });
});

describe('the worker across deploys and policies', () => {
  it("keeps its URL when the Vite app's own code changes, so that the tabs of both deploys share one worker", async () => {
    const app = apps.get('vite-react')!;
    const next = await buildNextDeploy(app);
    // The app's entry changed; the worker did not.
    expect(assetsNamed(next, 'index-')).not.toEqual(assetsNamed(app.siteDir, 'index-'));
    expect(assetsNamed(next, 'sidelog-worker')).toEqual(assetsNamed(app.siteDir, 'sidelog-worker'));
    expect(assetsNamed(next, 'sidelog-worker')).toHaveLength(1);
  });

  it('served by the host itself, at the workerURL given, runs the SharedWorker from there under the strict CSP', async () => {
    const { siteDir } = apps.get('plain-html')!;
    mkdirSync(join(siteDir, 'static'), { recursive: true });
    copyFileSync(
      join(siteDir, 'node_modules/sidelog/dist/sidelog-worker.js'),
      join(siteDir, 'static/sidelog-worker.js'),
    );
    const site = await serve(siteDir, strictCsp(product.url));
    const context = await watchedContext();
    try {
      const { page, shown } = await openApp(context, site, { workerURL: '/static/sidelog-worker.js' });
      expect(shown).toBe('Sidelog: A-shared');
      expect(await sharedWorkers(product.browser, site.origin)).toEqual([`${site.origin}/static/sidelog-worker.js`]);
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('under a CSP that refuses workers, the refusal is reported and Sidelog runs in the page, in mode B', async () => {
    const site = await serve(apps.get('plain-html')!.siteDir, strictCsp(product.url, "'none'"));
    const context = await watchedContext();
    try {
      const { page, shown } = await openApp(context, site);
      expect(shown).toBe('Sidelog: B');
      expect(await cspViolations(page)).toContainEqual(
        `worker-src ${site.origin}/node_modules/sidelog/dist/sidelog-worker.js`,
      );
    } finally {
      await context.close();
    }
  });
});
