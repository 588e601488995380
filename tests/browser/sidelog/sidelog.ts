// Starting Sidelog in a test as a developer would, against the local collector, with the in-page
// captures off so that only what the test logs is sent.
import { expect, vi } from 'vitest';
import { SidelogClient, type SidelogSeams } from '../../../app/logging/index.ts';
import type { WorkerFactories } from '../../../app/logging/engines/worker-engine.ts';
import { internalsOf } from '../../../app/logging/internals.ts';
import type { SidelogMode } from '../../../protocol/index.ts';
import { apiURL, baseURL } from './collector.ts';

export const quiet = {
  overrideConsoleMethods: false,
  printToConsole: false,
  logBrowserEvents: false,
  logUIEvents: false,
  logNetworkRequests: false as const,
  logWebVitals: false,
  registerErrorHandler: false,
};

const started: SidelogClient[] = [];

/** A Sidelog not started yet, closed after the test. */
export function createSidelog(seams: SidelogSeams = {}) {
  const sidelog = new SidelogClient(seams);
  started.push(sidelog);
  return sidelog;
}

export function initSidelog(sidelog: SidelogClient, appKey: string, options: Record<string, unknown> = {}) {
  return sidelog.init({ appKey, apiURL: apiURL(), baseURL: baseURL(), ...quiet, ...options });
}

export async function startSidelog(appKey: string, options: Record<string, unknown> = {}, seams: SidelogSeams = {}) {
  const sidelog = createSidelog(seams);
  await initSidelog(sidelog, appKey, options);
  return sidelog;
}

/** Closes every Sidelog a test started and brings back whatever a test hid. */
export async function cleanUp() {
  await Promise.all(started.splice(0).map((sidelog) => sidelog.close()));
  vi.unstubAllGlobals();
  delete (navigator as { locks?: unknown }).locks;
}

export function hideSharedWorker() {
  vi.stubGlobal('SharedWorker', undefined);
}

export function hideWorkers() {
  hideSharedWorker();
  vi.stubGlobal('Worker', undefined);
}

/** Without Web Locks there is no leader election, so no multi-tab mode. */
export function hideLocks() {
  Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
}

/** Each mode with what a test hides to force it, as a browser without it would (docs/modes.md#choosing-a-mode). */
export const MODES: readonly [SidelogMode, () => void][] = [
  ['A-shared', () => {}],
  ['A-dedicated', hideSharedWorker],
  ['B', hideWorkers],
  [
    'C',
    () => {
      hideWorkers();
      hideLocks();
    },
  ],
];

/** Sidelog in mode C (no workers, no Web Locks), once its device's status is known: only then may it send
 * (docs/uploader.md#guard). */
export async function startModeC(appKey: string) {
  hideWorkers();
  hideLocks();
  const sidelog = await startSidelog(appKey);
  expect(sidelog.mode).toBe('C');
  await expect.poll(async () => (await internalsOf(sidelog).status()).isDeviceEnabled).toBe(true);
  return sidelog;
}

/** The real engine with short clocks (quick-worker.ts), for a test that would otherwise wait on the product's. */
const quickWorkers: WorkerFactories = {
  shared: () =>
    new SharedWorker(new URL('./quick-worker.ts', import.meta.url), { type: 'module', name: 'sidelog-quick' }),
  dedicated: () => new Worker(new URL('./quick-worker.ts', import.meta.url), { type: 'module', name: 'sidelog-quick' }),
};

/** Sidelog on the quick worker; throws if it fell back to an engine in the page, whose clocks are the product's. */
export async function startQuickSidelog(appKey: string) {
  const sidelog = await startSidelog(appKey, {}, { workers: quickWorkers });
  expect(sidelog.mode).toBe('A-shared');
  return sidelog;
}

/** A worker script that loads but never answers, like a worker stuck at start-up. */
export function silentWorkerURL(): string {
  return URL.createObjectURL(new Blob(['/* never answers */'], { type: 'text/javascript' }));
}
