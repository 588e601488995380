// Whether the built portal (dist/) is newer than every source its build reads: `npm start` (scripts/start.ts)
// rebuilds it when not, and the end-to-end run (tests/e2e/global-setup.ts) reuses it when so. One list for both, so
// that a source added to the build is watched by each.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** What `vite build` reads, from the repository's root: the pages, their code and the static files it copies. */
export const PORTAL_SOURCES = [
  'app',
  'explorer',
  'explorer-contract',
  'explorer.html',
  'worker',
  'protocol',
  'portal',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/portal-csp.ts',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** The repository's dist/ when its build is newer than every source; undefined when it is missing or older. */
export function freshPortalBuild(): string | undefined {
  const index = join(ROOT, 'dist/index.html');
  if (!existsSync(index)) return undefined;
  const sources = Math.max(...PORTAL_SOURCES.map((source) => newestMtime(join(ROOT, source))));
  return statSync(index).mtimeMs > sources ? join(ROOT, 'dist') : undefined;
}
