// Builds one page per contender with the project's own Vite (its JS API), into a directory of the run's own (two
// runs at once must not empty each other's), and returns the manifest that says which chunks each page loads.
import { resolve } from 'node:path';
import { build, type Manifest } from 'vite';
import { readFile } from 'node:fs/promises';
import type { PageName } from './contenders.ts';

export const PAGES: PageName[] = ['noop', 'bare', 'console', 'sidelog', 'bugfender', 'datadog', 'closed-tab'];

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
