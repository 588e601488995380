// A crash of the portal's own production build read as its source (docs/source-maps.md): the run's build (Vite,
// minified, hidden maps) uploaded through `sidelog sourcemaps upload`, a crash thrown in the portal's bundle in real
// Chromium and sent to the collector, and the explorer's issue page and group page showing its original frames
// (`app/…:<line> in <function>`, the lines around, the app's own first) with a toggle to the raw stack; the maps
// themselves never served.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from '../../sourcemap-upload/cli.ts';
import { DEMO_APP_KEY } from '../../server/demo.ts';
import { sidelogMode } from './page-sidelog.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';

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

describe('source maps', () => {
  it("a crash in the portal's production bundle shows its original file, line and function in the explorer", async () => {
    const dist = inject('distDir');
    const out: string[] = [];
    const code = await runCli(
      ['sourcemaps', 'upload', '--url', e2e.product.url, '--app', DEMO_APP_KEY, '--release', '0.0.0', dist],
      {
        log: (line) => out.push(line),
        error: (line) => out.push(line),
        env: { SIDELOG_ADMIN_TOKEN: e2e.product.adminToken },
      },
    );
    expect(code, out.join('\n')).toBe(0);
    const bundle = readdirSync(join(dist, 'assets')).find((name) => /^index-.+\.js$/.test(name))!;
    expect(out.join('\n')).toContain(`for /assets/${bundle}`);
    // Not served, and not named by the bundle.
    expect((await fetch(`${e2e.product.url}/assets/${bundle}.map`)).status).toBe(404);
    expect(readFileSync(join(dist, 'assets', bundle), 'utf8')).not.toContain('sourceMappingURL');

    await e2e.page.goto(`${e2e.product.url}/`);
    await sidelogMode(e2e.page);
    // A second client without options throws in the bundle's option check, called from its init: a crash of the
    // portal's own code, with the stack Chromium gives it, sent as the portal would send one.
    const url = await e2e.page.evaluate(() => {
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
});
