// Gzip bytes of the JavaScript a contender adds to a page's main thread, from the build manifest: the chunks its
// page loads (statically, and Sidelog's in-page engine where modes B and C load it) less the no-op page's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import type { ContenderSpec } from './contenders.ts';
import type { BuiltPages } from './build-pages.ts';

function gzipBytes(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
}

/** Manifest keys of the chunks loaded with `key` (itself included), following static imports. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

/** The page's chunks. Where pages share Sidelog (the closed-tab page does), its code, the in-page engine's
 * dynamic import and the worker's asset sit in a chunk of their own, not in the entry: look through them all. */
function pageChunks(manifest: Manifest, spec: ContenderSpec): Set<string> {
  const statics = closure(manifest, [`${spec.page}.html`]);
  const dynamic = spec.inPageEngine ? [...statics].flatMap((key) => manifest[key]?.dynamicImports ?? []) : [];
  return closure(manifest, [...statics, ...dynamic]);
}

export interface BundleBytes {
  /** Per contender id: gzip bytes of main-thread JS added to the no-op page. */
  mainThread: Record<string, number>;
  /** Sidelog's worker script (what its SharedWorker or dedicated Worker loads), gzip bytes; off the main thread. */
  sidelogWorker: number;
}

export function measureBundleBytes({ outDir, manifest }: BuiltPages, contenders: ContenderSpec[]): BundleBytes {
  const floor = contenders.find((spec) => spec.page === 'noop')!;
  const floorChunks = pageChunks(manifest, floor);
  // The no-op page's own entry is the page's loop and nothing else: every entry carries as much.
  const pageOwnCode = gzipBytes(outDir, manifest['noop.html']!.file);
  const mainThread: Record<string, number> = {};
  for (const spec of contenders) {
    const added = [...pageChunks(manifest, spec)].filter((key) => !floorChunks.has(key) || key === `${spec.page}.html`);
    const bytes = added.reduce((sum, key) => sum + gzipBytes(outDir, manifest[key]!.file), 0);
    mainThread[spec.id] = Math.max(0, bytes - pageOwnCode);
  }
  const workerFile = [...closure(manifest, ['sidelog.html'])]
    .flatMap((key) => manifest[key]?.assets ?? [])
    .find((file) => file.includes('shared-entry'));
  return { mainThread, sidelogWorker: workerFile ? gzipBytes(outDir, workerFile) : 0 };
}
