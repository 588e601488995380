// Mode A: the engine in a SharedWorker (one for every tab of the origin) or a dedicated Worker (one
// per tab, the tabs electing one uploader). Calls go through Comlink; writes are plain messages on
// the same port, so they keep their order with the calls and a refused clone throws here, at once.
import * as Comlink from 'comlink';
import type { DebugSink, EngineApi, StoredSink } from '../../../protocol/index.ts';
import { withDeadline } from './deadline.ts';
import type { EngineHandle, EngineKind, PageEngineConfig } from './engine-handle.types.ts';

interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

async function connect(
  mode: EngineHandle['mode'],
  port: Port & Comlink.Endpoint,
  dispose: () => void,
  config: PageEngineConfig,
  debug: DebugSink | undefined,
  deadlineMs: number,
  stored: StoredSink,
): Promise<EngineHandle> {
  const api = Comlink.wrap<EngineApi>(port);
  try {
    await withDeadline(
      api.start({ ...config, storage: 'indexeddb', leadership: 'lock' }, debug ? Comlink.proxy(debug) : undefined, Comlink.proxy(stored)),
      deadlineMs,
      `The ${mode} engine`,
    );
  } catch (error) {
    dispose();
    throw error;
  }
  return {
    mode,
    sink: { write: (message) => port.postMessage(message) },
    calls: api,
    dispose,
  };
}

/** A worker whose script fails to load fires 'error' instead of answering: give up at once then. */
function startOrDispose(worker: AbstractWorker, dispose: () => void, started: Promise<EngineHandle>): Promise<EngineHandle> {
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', () => reject(new Error('The worker failed to start')), { once: true });
  });
  return Promise.race([failed, started]).catch((error: unknown) => {
    dispose();
    throw error;
  });
}

export interface WorkerFactories {
  shared: () => SharedWorker;
  dedicated: () => Worker;
}

/** The real workers; `new URL(…, import.meta.url)` must stay literal here for Vite to bundle them. */
export const defaultWorkers: WorkerFactories = {
  shared: () => new SharedWorker(new URL('../../../worker/shared-entry.ts', import.meta.url), { type: 'module', name: 'sidelog' }),
  dedicated: () => new Worker(new URL('../../../worker/dedicated-entry.ts', import.meta.url), { type: 'module', name: 'sidelog' }),
};

export function sharedWorkerKind(workers: WorkerFactories): EngineKind {
  return {
    mode: 'A-shared',
    canBeUsed: () => typeof SharedWorker === 'function',
    create(config, debug, deadlineMs, stored) {
      const worker = workers.shared();
      worker.port.start();
      const dispose = () => worker.port.close();
      return startOrDispose(worker, dispose, connect('A-shared', worker.port, dispose, config, debug, deadlineMs, stored));
    },
  };
}

export function dedicatedWorkerKind(workers: WorkerFactories): EngineKind {
  return {
    mode: 'A-dedicated',
    canBeUsed: () => typeof Worker === 'function',
    create(config, debug, deadlineMs, stored) {
      const worker = workers.dedicated();
      const dispose = () => worker.terminate();
      return startOrDispose(worker, dispose, connect('A-dedicated', worker, dispose, config, debug, deadlineMs, stored));
    },
  };
}
