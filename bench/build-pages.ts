// Builds one page per contender with the project's own Vite (its JS API; Vite's defaults but for the pages' shells),
// into a directory of the run's own (two runs at once must not empty each other's), and returns the manifest that says
// which chunks each page loads. Sidelog's pages import Sidelog as an app does: the package, packed and installed
// (scripts/pack-sdk.ts), so that the bytes and the costs measured are those of what a developer installs.
import { join, resolve } from 'node:path';
import { build, type Manifest, type Plugin } from 'vite';
import { readFile } from 'node:fs/promises';
import { installSdk, packSdk } from '../scripts/pack-sdk.ts';
import { inProduction } from '../scripts/production-env.ts';
import type { PageName } from './contenders.ts';

const PAGES: PageName[] = ['noop', 'bare', 'console', 'sidelog', 'bugfender', 'datadog', 'sentry', 'closed-tab'];

/** Every page is the same shell around its own script (bench/pages/<page>.ts), so the shells are made here, not kept as files. */
function pageShells(root: string, pages: readonly string[] = PAGES): Plugin {
  const shells = new Map(pages.map((page) => [resolve(root, `${page}.html`), page]));
  return {
    name: 'bench-page-shells',
    enforce: 'pre',
    resolveId: (id) => (shells.has(id) ? id : null),
    load(id) {
      const page = shells.get(id);
      if (page === undefined) return null;
      return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>bench: ${page}</title></head>
  <body>
    <script type="module" src="./${page}.ts"></script>
  </body>
</html>
`;
    },
  };
}

export interface BuiltPages {
  outDir: string;
  manifest: Manifest;
}

/** Builds the pages into `workDir`/pages, with Sidelog packed and installed in `workDir` (or `tarball` installed, when
 * one was packed already): the main bench's by default, or `pages` of the folder `pagesDir` beside this file
 * (bench:network's). */
export async function buildPages(
  workDir: string,
  {
    pagesDir = 'pages',
    pages = PAGES,
    tarball,
  }: { pagesDir?: string; pages?: readonly string[]; tarball?: string } = {},
): Promise<BuiltPages> {
  const root = resolve(import.meta.dirname, pagesDir);
  const outDir = join(workDir, 'pages');
  const sidelog = installSdk(tarball ?? (await packSdk(workDir)), join(workDir, 'app'));
  // Built for production wherever it is called from: a test run's NODE_ENV would give Vite another build.
  await inProduction(() =>
    build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [pageShells(root, pages)],
      // The pages are the bench's, not in an app's directory: 'sidelog' is found where it was installed.
      resolve: { alias: [{ find: /^sidelog$/, replacement: sidelog }] },
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: Object.fromEntries(pages.map((page) => [page, resolve(root, `${page}.html`)])) },
      },
    }),
  );
  const manifest = JSON.parse(await readFile(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { outDir, manifest };
}
