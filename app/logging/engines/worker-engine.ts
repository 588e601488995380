// Mode A: the engine in a SharedWorker (one for every tab of the origin) or a dedicated Worker (one
// per tab, the tabs electing one uploader). Calls go through Comlink on the worker's port; writes go as
// plain messages on a MessageChannel of their own, transferred with `start`, so a refused clone throws here,
// at once, in postMessage. The two channels keep no order between a write and a call: every call that
// depends on the writes before it names the last one posted, and the engine waits for it (engine.types.ts).
import * as Comlink from 'comlink';
import type { DebugSink, StoredSink, WorkerEngineApi } from '../../../protocol/index.ts';
import { withDeadline } from './deadline.ts';
import type { EngineHandle, EngineKind, PageEngineConfig } from './engine-handle.types.ts';

async function connect(
  mode: EngineHandle['mode'],
  port: Comlink.Endpoint,
  dispose: () => void,
  config: PageEngineConfig,
  debug: DebugSink | undefined,
  deadlineMs: number,
  stored: StoredSink,
): Promise<EngineHandle> {
  const api = Comlink.wrap<WorkerEngineApi<MessagePort>>(port);
  const writes = new MessageChannel();
  const letGo = () => {
    writes.port1.close();
    dispose();
  };
  try {
    await withDeadline(
      api.start(
        { ...config, storage: 'indexeddb', leadership: 'lock' },
        debug ? Comlink.proxy(debug) : undefined,
        Comlink.proxy(stored),
        Comlink.transfer(writes.port2, [writes.port2]),
      ),
      deadlineMs,
      `The ${mode} engine`,
    );
  } catch (error) {
    letGo();
    throw error;
  }
  /** The seq of the last write posted. A write whose clone was refused never left: no call may wait for it. */
  let posted = 0;
  return {
    mode,
    sink: {
      write(message) {
        writes.port1.postMessage(message);
        posted = message.seq;
      },
    },
    calls: {
      // The page's seq may name a write that was refused and never posted: the engine waits for the last one that was.
      settle: (seq) => api.settle(Math.min(seq, posted)),
      forceSendOnce: () => api.forceSendOnce(posted),
      setForceEnabled: (enabled) => api.setForceEnabled(enabled),
      pageHidden: () => api.pageHidden(posted),
      status: () => api.status(),
      close: () => api.close(posted),
    },
    dispose: letGo,
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
