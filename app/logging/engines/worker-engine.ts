// Mode A: the engine in a SharedWorker (one for every tab of the origin) or a dedicated Worker (one
// per tab, the tabs electing one uploader). Calls go in Comlink's protocol on the worker's port (the page's side of it
// is ./comlink-calls.ts, the worker's is Comlink's own); writes go as
// plain messages on a MessageChannel of their own, transferred with `start`, so a refused clone throws here,
// at once, in postMessage. The two channels keep no order between a write and a call: every call that
// depends on the writes before it names the last one posted, and the engine waits for it (engine.types.ts).
import type { Endpoint } from 'comlink';
import type { DebugSink, StoredSink, WorkerEngineApi } from '../../../protocol/index.ts';
import { SDK_VERSION } from '../sdk-version.ts';
import { callsOn } from './comlink-calls.ts';
import { withDeadline } from './deadline.ts';
import type { EngineHandle, EngineKind, PageEngineConfig } from './engine-handle.types.ts';

async function connect(
  mode: EngineHandle['mode'],
  port: Endpoint,
  dispose: () => void,
  config: PageEngineConfig,
  debug: DebugSink | undefined,
  deadlineMs: number,
  stored: StoredSink,
): Promise<EngineHandle> {
  const api = callsOn<WorkerEngineApi<MessagePort>>(port);
  const writes = new MessageChannel();
  const letGo = () => {
    writes.port1.close();
    dispose();
  };
  try {
    await withDeadline(
      api.start(
        { ...config, storage: 'indexeddb', leadership: 'lock' },
        // Callbacks go as Comlink's proxies, the port transferred (./comlink-calls.ts).
        debug,
        stored,
        writes.port2,
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
function startOrDispose(
  worker: AbstractWorker,
  dispose: () => void,
  started: Promise<EngineHandle>,
): Promise<EngineHandle> {
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

/**
 * The worker's name: one per Sidelog version, so that every tab of the origin running this version finds the same
 * SharedWorker, whichever build of the app it loaded, and a tab of another version starts its own
 * (docs/package.md#the-worker-across-deploys).
 */
export const WORKER_NAME = `sidelog-${SDK_VERSION}`;

/**
 * The real workers. Each `new …Worker(new URL('…', import.meta.url), { type: 'module', … })` must stay literal, its
 * options an object with a literal `type`, for bundlers to find the worker and emit it as a file of its own; the
 * package's build points the URL at the worker file beside it (docs/package.md#the-worker).
 */
// One line a call: the package's build finds each call's options as written (scripts/build-sdk.ts).
// oxfmt-ignore
export const defaultWorkers: WorkerFactories = {
  shared: () =>
    new SharedWorker(new URL('../../../worker/worker-entry.ts', import.meta.url), { type: 'module', name: WORKER_NAME }),
  dedicated: () =>
    new Worker(new URL('../../../worker/worker-entry.ts', import.meta.url), { type: 'module', name: WORKER_NAME }),
};

/** The workers from a script the host serves itself (the `workerURL` option, docs/package.md#serving-the-worker-yourself). */
export function workersAt(url: string): WorkerFactories {
  return {
    shared: () => new SharedWorker(url, { type: 'module', name: WORKER_NAME }),
    dedicated: () => new Worker(url, { type: 'module', name: WORKER_NAME }),
  };
}

export function sharedWorkerKind(workers: WorkerFactories): EngineKind {
  return {
    mode: 'A-shared',
    canBeUsed: () => typeof SharedWorker === 'function',
    create(config, debug, deadlineMs, stored) {
      const worker = workers.shared();
      worker.port.start();
      const dispose = () => worker.port.close();
      return startOrDispose(
        worker,
        dispose,
        connect('A-shared', worker.port, dispose, config, debug, deadlineMs, stored),
      );
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
      return startOrDispose(
        worker,
        dispose,
        connect('A-dedicated', worker, dispose, config, debug, deadlineMs, stored),
      );
    },
  };
}
