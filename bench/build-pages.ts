// Builds one page per contender with the project's own Vite (its JS API), into a directory of the run's own (two
// runs at once must not empty each other's), and returns the manifest that says which chunks each page loads.
import { resolve } from 'node:path';
import { build, type Manifest, type Plugin } from 'vite';
import { readFile } from 'node:fs/promises';
import type { PageName } from './contenders.ts';

export const PAGES: PageName[] = ['noop', 'bare', 'console', 'sidelog', 'bugfender', 'datadog', 'closed-tab'];

/** Every page is the same shell around its own script (bench/pages/<page>.ts), so the shells are made here, not kept as files. */
function pageShells(root: string): Plugin {
  const shells = new Map(PAGES.map((page) => [resolve(root, `${page}.html`), page]));
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

export async function buildPages(outDir: string): Promise<BuiltPages> {
  const root = resolve(import.meta.dirname, 'pages');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [pageShells(root)],
    // Sidelog's workers are module workers that share chunks, as in the portal's own build.
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      rollupOptions: { input: Object.fromEntries(PAGES.map((page) => [page, resolve(root, `${page}.html`)])) },
    },
  });
  const manifest = JSON.parse(await readFile(resolve(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { outDir, manifest };
}
