// A crash of the portal's own production build read as its source (docs/source-maps.md): the run's build (Vite,
// minified, hidden maps) uploaded through `sidelog sourcemaps upload`, a crash thrown in the portal's bundle in real
// Chromium and sent to the collector, and the explorer's issue page and group page showing its original frames
// (`app/…:<line> in <function>`, the lines around, the app's own first) with a toggle to the raw stack; the maps
// themselves never served; a log the portal's bundle writes, opened in the explorer, at its original file:line; and
// every source they name one that `npm start` watches.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { version as PORTAL_VERSION } from '../../package.json';
import { PORTAL_SOURCES } from '../../scripts/portal-build.ts';
import { runCli } from '../../sourcemap-upload/cli.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { sendNow, sidelogMode } from './page-sidelog.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';
import { productionBuild } from '../support/production-build.ts';

const e2e = useProductPage();
const ROOT = join(import.meta.dirname, '../..');

/** The 1-based line of the first line of `file` (in this repository) that holds `text`. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${text}`);
  return index + 1;
}

/** Uploads a build's maps through the command, for the release every portal session has (its package's version,
 * which the portal gives Sidelog: docs/portal.md#start-up). */
async function uploadMaps(dist: string): Promise<string> {
  const out: string[] = [];
  const code = await runCli(
    ['sourcemaps', 'upload', '--url', e2e.product.url, '--app', DEMO_APP_KEY, '--release', PORTAL_VERSION, dist],
    {
      log: (line) => out.push(line),
      error: (line) => out.push(line),
      env: { SIDELOG_ADMIN_TOKEN: e2e.product.adminToken },
    },
  );
  expect(code, out.join('\n')).toBe(0);
  return out.join('\n');
}

/** A crash of the portal's own code in the page: a second client without options throws in the bundle's option
 * check, called from its init, with the stack Chromium gives it, sent as the portal would send one. Its explorer URL. */
async function crashIn(page: Page): Promise<string> {
  await sidelogMode(page);
  const url = await page.evaluate(() => {
    const Client = window.Sidelog.constructor as new () => { init(options: object): unknown };
    try {
      new Client().init({});
      return 'no crash';
    } catch (error) {
      return window.Sidelog.sendCrash((error as Error).message, (error as Error).stack ?? '');
    }
  });
  expect(url).toMatch(/\/sidelog\/intent\//);
  const uid = url.split('/').at(-1)!;
  await waitFor(async () => expect((await e2e.product.admin.issues()).map((issue) => issue.uid)).toContain(uid), {
    timeout: 45_000,
    interval: 250,
  });
  return url;
}

/** The group of the crash at an explorer URL (`/sidelog/intent/{appID}/issue/{uid}`), read in a signed-in page. */
async function groupOf(viewer: Page, url: string): Promise<{ id: number; occurrences: number; top_frame: string }> {
  const [appId, , uid] = new URL(url).pathname.split('/').slice(3);
  return viewer.evaluate(
    async (path) => (await fetch(path)).json(),
    `/sidelog/explorer/api/apps/${appId}/issues/${uid}/group`,
  );
}

/** Serves the build in `dir` at the product's origin in the page's context (the collector's requests go through). */
async function serveBuild(page: Page, dir: string): Promise<void> {
  await page.context().route(`${e2e.product.url}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path !== '/' && !path.startsWith('/assets/')) return route.continue();
    const file = join(dir, path === '/' ? 'index.html' : path);
    const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(file)];
    return route.fulfill({ path: file, contentType: type });
  });
}

/** A warning the portal's own code logs, added to app/plugins/sidelog.ts for the test and called by it through
 * `window`: a log call made inside the minified bundle, whose call site (file, line, column) Sidelog sends. */
const LOGGING_FILE = 'app/plugins/sidelog.ts';
const LOGGING_CODE = `
export function warnAboutCart(items: number) {
  Sidelog.warn('cart holds', items);
}
(window as unknown as { warnAboutCart: typeof warnAboutCart }).warnAboutCart = warnAboutCart;
`;

/** A module's new text, `source`, with a map that names it as the source, each line mapped to itself: as if the
 * developer had written it. */
function asWritten(id: string, source: string) {
  const lines = source.split('\n').length;
  const mappings = ['AAAA', ...Array.from({ length: lines - 1 }, () => 'AACA')].join(';');
  return { code: source, map: { version: 3, sources: [id], sourcesContent: [source], names: [], mappings } };
}

/** The next deploy, built once for the two tests that serve one (a production build of the portal costs about as
 * much CPU as a file of tests: docs/testing.md#budget): three lines more at the top of the two files of the crash's
 * stack, and a statement, so that the bundle's code and name change too; and LOGGING_CODE added to LOGGING_FILE. */
let nextBuild: Promise<string> | undefined;
function nextDeploy(): Promise<string> {
  return (nextBuild ??= (async () => {
    const next = mkdtempSync(join(tmpdir(), 'portal-next-'));
    await productionBuild(ROOT, next, [
      {
        name: 'next-deploy',
        enforce: 'pre',
        transform: (code, id) => {
          if (/(protocol\/options|app\/logging\/client)\.ts$/.test(id))
            return asWritten(id, `globalThis.__movedBy = 3;\n\n\n${code}`);
          if (id.endsWith(LOGGING_FILE)) return asWritten(id, `${code}${LOGGING_CODE}`);
          return undefined;
        },
      },
    ]);
    return next;
  })());
}
afterAll(async () => {
  if (nextBuild) rmSync(await nextBuild, { recursive: true, force: true });
});

describe('source maps', () => {
  it("a crash in the portal's production bundle shows its original file, line and function in the explorer", async () => {
    const dist = inject('distDir');
    const bundle = readdirSync(join(dist, 'assets')).find((name) => /^index-.+\.js$/.test(name))!;
    expect(await uploadMaps(dist)).toContain(`for /assets/${bundle}`);
    // Not served, and not named by the bundle.
    expect((await fetch(`${e2e.product.url}/assets/${bundle}.map`)).status).toBe(404);
    expect(readFileSync(join(dist, 'assets', bundle), 'utf8')).not.toContain('sourceMappingURL');

    await e2e.page.goto(`${e2e.product.url}/`);
    const url = await crashIn(e2e.page);
    const viewer = await e2e.page.context().newPage();
    await viewerText(viewer, url);
    const init = `app/logging/client.ts:${lineOf('app/logging/client.ts', 'const resolved = resolveOptions(options')} in init`;
    const check = `protocol/options.ts:${lineOf('protocol/options.ts', "throw new Error(\"Sidelog requires 'appKey'")} in validateOptions`;
    await viewer.getByText(init).waitFor();
    // Thrown in validateOptions, called by resolveOptions, called by init: the app's own frames, in the stack's order.
    const frames = await viewer.locator('.frames .frame-place').allInnerTexts();
    expect(frames[0]).toBe(check);
    expect(frames[1]).toMatch(/^protocol\/options\.ts:\d+ in resolveOptions$/);
    expect(frames[2]).toBe(init);
    // The line itself among the lines around, marked.
    expect(await viewer.locator('.frame-line-hit').first().innerText()).toContain("Sidelog requires 'appKey'");
    // The raw stack a click away.
    await viewer.getByRole('button', { name: 'Show the raw stack' }).click();
    expect(await viewer.locator('.stack-frames pre').innerText()).toContain(`/assets/${bundle}:`);

    // The group's page shows the same frames, and keys on the original function.
    await viewer.getByRole('link', { name: /^Sidelog requires/ }).click();
    await viewer.getByText(init).waitFor();
    expect(await viewer.locator('main').innerText()).toContain('validateOptions (protocol/options.ts)');
  });

  it('the same crash from a second build, its code moved by a few lines, joins the same group', async () => {
    await uploadMaps(inject('distDir'));
    await e2e.page.goto(`${e2e.product.url}/`);
    const first = await crashIn(e2e.page);

    const next = await nextDeploy();
    const bundles = (dir: string) => readdirSync(join(dir, 'assets')).filter((name) => /^index-.+\.js$/.test(name));
    expect(bundles(next)).not.toEqual(bundles(inject('distDir')));
    await uploadMaps(next);
    // The product's origin, serving the next build's page and files.
    await serveBuild(e2e.page, next);
    await e2e.page.goto(`${e2e.product.url}/`);
    const second = await crashIn(e2e.page);
    const viewer = await e2e.page.context().newPage();
    await viewerText(viewer, second);
    // The original lines as the second build's maps give them: three further down.
    const moved = lineOf('protocol/options.ts', "throw new Error(\"Sidelog requires 'appKey'") + 3;
    await viewer.getByText(`protocol/options.ts:${moved} in validateOptions`).waitFor();
    const [one, two] = [await groupOf(viewer, first), await groupOf(viewer, second)];
    expect(two.id).toBe(one.id);
    expect(two.top_frame).toBe('validateOptions (protocol/options.ts)');
  });

  // The maps name every module the build read: each lies in a path `npm start` watches to rebuild the portal, and
  // this run's setup to reuse dist/ (scripts/portal-build.ts).
  it("every source the portal's build reads is one npm start watches for a rebuild", () => {
    const assets = join(inject('distDir'), 'assets');
    const read = readdirSync(assets)
      .filter((name) => name.endsWith('.map'))
      .flatMap((name) => (JSON.parse(readFileSync(join(assets, name), 'utf8')) as { sources: string[] }).sources)
      // A worker's map names its sources from the assets' directory.
      .map((source) => source.replace(/^(\.\.\/)+/, ''))
      .filter((source) => !source.includes('node_modules/') && existsSync(join(ROOT, source)));
    expect(read.length).toBeGreaterThan(100);
    expect(
      [...new Set(read.map((source) => source.split('/')[0]!))].filter((top) => !PORTAL_SOURCES.includes(top)),
    ).toEqual([]);
  });

  it("a log the portal's minified bundle writes shows its original file:line in the explorer", async () => {
    const next = await nextDeploy();
    await uploadMaps(next);
    await serveBuild(e2e.page, next);
    await e2e.page.goto(`${e2e.product.url}/`);
    await sidelogMode(e2e.page);
    const session = await e2e.page.evaluate(async () => {
      (window as unknown as { warnAboutCart(items: number): void }).warnAboutCart(3);
      return window.Sidelog.getSessionURL();
    });
    await sendNow(e2e.page);
    await waitFor(async () => expect((await e2e.product.admin.logs()).map((log) => log.t)).toContain('cart holds 3'), {
      timeout: 45_000,
      interval: 250,
    });

    const viewer = await e2e.page.context().newPage();
    await viewerText(viewer, session);
    await viewer.getByRole('button', { name: 'cart holds 3' }).click();
    const text = `${readFileSync(join(ROOT, LOGGING_FILE), 'utf8')}${LOGGING_CODE}`.split('\n');
    const line = text.findIndex((source) => source.includes("Sidelog.warn('cart holds'")) + 1;
    await viewer.getByText(`${LOGGING_FILE}:${line} in warnAboutCart`).waitFor();
    // The row keeps the place as the bundle has it.
    expect(await viewer.locator('.log-place').first().innerText()).toMatch(/\/assets\/index-.+\.js:\d+$/);
    expect(await viewer.locator('.frame-line-hit').innerText()).toContain("Sidelog.warn('cart holds', items);");
  });
});
