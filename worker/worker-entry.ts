// The engine's worker script. One file for both kinds of worker, so that a host that serves it itself serves one
// file (docs/package.md#the-worker): as a SharedWorker, one engine core for every tab of the origin, each tab with its
// own session; as a dedicated Worker, one engine for one tab, the tabs electing one uploader with Web Locks.
import type { Endpoint } from 'comlink';
import { createCoreRegistry, createEngine } from './engine.ts';
import { exposeEngine } from './expose-engine.ts';

// SharedWorkerGlobalScope is defined only in a SharedWorker.
if (typeof SharedWorkerGlobalScope === 'function') {
  // lib.webworker types `self` as any worker's global.
  const scope = self as unknown as SharedWorkerGlobalScope;
  const cores = createCoreRegistry();
  scope.addEventListener('connect', (event) => {
    const port = event.ports[0];
    exposeEngine(createEngine(cores), port);
    port.start();
  });
} else {
  exposeEngine(createEngine(), self as unknown as Endpoint);
}
