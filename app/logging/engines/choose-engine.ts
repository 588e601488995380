// Mode detection (docs/modes.md#choosing-a-mode): A when multi-tab and multi-thread are both available, B when only
// multi-tab, C otherwise. Each kind is tried in turn; one that cannot start falls to the next.
import type { DebugSink, StoredSink } from '../../../protocol/index.ts';
import { REFUSED_RULES } from '../../../protocol/redact/refused-rules.ts';
import { canPersist } from '../identity.ts';
import type { EngineHandle, EngineKind, PageEngineConfig } from './engine-handle.types.ts';
import { inPageKind } from './in-page-engine.ts';
import { dedicatedWorkerKind, sharedWorkerKind, type WorkerFactories } from './worker-engine.ts';

const hasIndexedDB = () => !!globalThis.indexedDB;

/** Multi-tab needs leader election, a browser database and persistent storage. */
function isMultiTab(): boolean {
  return !!globalThis.navigator?.locks && hasIndexedDB() && canPersist();
}

/** Multi-thread needs a browser database and worker support. */
function isMultiThread(): boolean {
  return hasIndexedDB() && (typeof SharedWorker === 'function' || typeof Worker === 'function');
}

export function engineKinds(workers: WorkerFactories): EngineKind[] {
  const modeA = () => isMultiTab() && isMultiThread();
  const shared = sharedWorkerKind(workers);
  const dedicated = dedicatedWorkerKind(workers);
  return [
    { ...shared, canBeUsed: () => modeA() && shared.canBeUsed() },
    { ...dedicated, canBeUsed: () => modeA() && dedicated.canBeUsed() },
    inPageKind('B', isMultiTab),
    inPageKind('C', () => true),
  ];
}

/** Starts the first kind that can be used and starts; reports every kind given up on. */
export async function startEngine(
  kinds: EngineKind[],
  config: PageEngineConfig,
  debug: DebugSink | undefined,
  deadlineMs: number,
  report: (message: string) => void,
  stored: StoredSink,
): Promise<EngineHandle> {
  let workerTried = false;
  for (const kind of kinds) {
    // Mode A's kinds ('A-shared', 'A-dedicated') run the engine in a worker.
    if (!kind.mode.startsWith('A') && !workerTried) {
      // No worker could be used, or none started: the engine runs in the page from here on.
      report('Inline worker is not supported');
      workerTried = true;
    }
    if (!kind.canBeUsed()) continue;
    try {
      return await kind.create(config, debug, deadlineMs, stored);
    } catch (error) {
      // Rules the engine refused are refused by every engine: init rejects with the engine's reason.
      if (error instanceof Error && error.name === REFUSED_RULES) throw error;
      report(`Sidelog could not start in mode ${kind.mode}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error('Sidelog could not start any engine');
}
