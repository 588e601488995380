// Gzip bytes of the JavaScript a contender adds to a page's main thread, from the build manifest: the first load
// (the chunks its page imports statically, less the no-op page's; for Sidelog's modes B and C with the in-page
// engine they load), and, for Sidelog, each chunk it loads on demand, apart: its start-up (every init), the in-page
// engine, the feedback dialog and each capture whose option is on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import type { ContenderSpec } from './contenders.ts';
import type { BuiltPages } from './build-pages.ts';

/** What each of Sidelog's on-demand chunks is, by the package's file it is imported as (docs/package.md#the-build);
 * loaded when. */
const IN_PAGE_ENGINE = 'engine.js';
const ON_DEMAND: Record<string, string> = {
  'startup.js': 'engine start-up, rescue (every init)',
  'redactor.js': 'built-in detectors (init, when redact.builtIns names any: by default)',
  [IN_PAGE_ENGINE]: 'in-page engine (modes B and C)',
  'capture.js': "captures' loader (any capture on)",
  'feedback-dialog.js': 'feedback dialog (getUserFeedback)',
  'console-capture.js': 'console capture (overrideConsoleMethods)',
  'error-capture.js': 'error handler (registerErrorHandler)',
  'browser-events.js': 'browser events (logBrowserEvents)',
  'ui-events.js': 'UI events (logUIEvents)',
  'network-requests.js': 'network requests (logNetworkRequests)',
  'web-vitals.js': 'Web Vitals (logWebVitals)',
  'otlp-target.js': 'OTLP target (modes B and C, with otlp)',
  'older-rescues.js': 'rescues earlier pages left (init, only when there are any)',
};
const PACKAGE_FILES = '/node_modules/sidelog/dist/';

/** Sidelog's first load may be at most this many gzip bytes, and its first load and the start-up chunk every `init`
 * loads at most START_UP_BUDGET: exact figures, so budgets that tests hold (tests/e2e/package.test.ts in `npm test`,
 * tests/bench/bench.test.ts in `npm run test:bench`), where timings stay in the bench (docs/benchmarks.md). */
export const FIRST_LOAD_BUDGET = 6 * 1024;
export const START_UP_BUDGET = 12 * 1024;
/** The start-up chunk's label among Sidelog's on-demand chunks. */
export const START_UP_LABEL = ON_DEMAND['startup.js']!;

function gzipBytes(outDir: string, file: string): number {
  return gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
}

/** Manifest keys of the chunks loaded with `keys` (themselves included), following static imports. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const sourceOf = (manifest: Manifest, key: string) => (manifest[key]!.src ?? key).replace(/^(\.\.\/)+/, '');
/** The package's file a chunk was made from (`startup.js`), or its source when it is not Sidelog's. */
function sidelogFileOf(manifest: Manifest, key: string): string {
  const source = sourceOf(manifest, key);
  const at = source.lastIndexOf(PACKAGE_FILES);
  return at === -1 ? source : source.slice(at + PACKAGE_FILES.length);
}

/** Every chunk a page may import dynamically, at any depth, by manifest key. */
function dynamicEntries(manifest: Manifest, statics: Set<string>): string[] {
  const found = new Set<string>();
  const visit = (keys: Iterable<string>) => {
    for (const key of keys)
      for (const entry of manifest[key]?.dynamicImports ?? []) {
        if (found.has(entry)) continue;
        found.add(entry);
        visit(closure(manifest, [entry]));
      }
  };
  visit(statics);
  return [...found];
}

export interface OnDemandChunk {
  label: string;
  /** Gzip bytes of the chunk and of what it imports that the first load does not hold (shared chunks count in each). */
  bytes: number;
}

interface BundleBytes {
  /** Per contender id: gzip bytes of main-thread JS its page loads first, beyond the no-op page's (with the in-page engine for modes B and C). */
  mainThread: Record<string, number>;
  /** Sidelog's chunks loaded on demand, on the main thread. */
  sidelogOnDemand: OnDemandChunk[];
  /** Sidelog's worker script (what its SharedWorker or dedicated Worker loads), gzip bytes; off the main thread. */
  sidelogWorker: number;
}

export function measureBundleBytes({ outDir, manifest }: BuiltPages, contenders: ContenderSpec[]): BundleBytes {
  const floorChunks = closure(manifest, ['noop.html']);
  // The no-op page's own entry is the page's loop and nothing else: every entry carries as much.
  const pageOwnCode = gzipBytes(outDir, manifest['noop.html']!.file);
  const mainThread: Record<string, number> = {};
  for (const spec of contenders) {
    const statics = closure(manifest, [`${spec.page}.html`]);
    const engine = spec.inPageEngine
      ? dynamicEntries(manifest, statics).filter((key) => sidelogFileOf(manifest, key) === IN_PAGE_ENGINE)
      : [];
    const added = [...closure(manifest, [...statics, ...engine])].filter(
      (key) => !floorChunks.has(key) || key === `${spec.page}.html`,
    );
    const bytes = added.reduce((sum, key) => sum + gzipBytes(outDir, manifest[key]!.file), 0);
    mainThread[spec.id] = Math.max(0, bytes - pageOwnCode);
  }
  const sidelogStatics = closure(manifest, ['sidelog.html']);
  const onDemandKeys = dynamicEntries(manifest, sidelogStatics);
  const engineKey = onDemandKeys.find((key) => sidelogFileOf(manifest, key) === IN_PAGE_ENGINE);
  const engineChunks = engineKey ? closure(manifest, [engineKey]) : new Set<string>();
  const sidelogOnDemand = onDemandKeys.map((key) => {
    const source = sidelogFileOf(manifest, key);
    // What only the in-page engine loads on demand (the OTLP target) comes after it: the engine's chunks are not its
    // own. What the start-up loads too (the built-in detectors, which the engine also imports) is not after it.
    const elsewhere = closure(manifest, [
      ...sidelogStatics,
      ...onDemandKeys.filter((other) => other !== engineKey && other !== key),
    ]);
    const importers = Object.keys(manifest).filter((chunk) => manifest[chunk]?.dynamicImports?.includes(key));
    const afterEngine =
      key !== engineKey &&
      importers.length > 0 &&
      importers.every((chunk) => engineChunks.has(chunk) && !elsewhere.has(chunk));
    const loadedWith = afterEngine ? new Set([...sidelogStatics, ...engineChunks]) : sidelogStatics;
    const own = [...closure(manifest, [key])].filter((chunk) => !loadedWith.has(chunk));
    return {
      label: ON_DEMAND[source] ?? source,
      bytes: own.reduce((sum, chunk) => sum + gzipBytes(outDir, manifest[chunk]!.file), 0),
    };
  });
  const workerFile = [...sidelogStatics, ...onDemandKeys]
    .flatMap((key) => manifest[key]?.assets ?? [])
    .find((file) => file.includes('sidelog-worker'));
  return { mainThread, sidelogOnDemand, sidelogWorker: workerFile ? gzipBytes(outDir, workerFile) : 0 };
}
