// The SharedWorker: one engine core for every tab of the origin, each tab with its own session.
import { createCoreRegistry, createEngine } from './engine.ts';
import { exposeEngine } from './expose-engine.ts';

// lib.webworker types `self` as any worker's global; this file runs only as a SharedWorker.
const scope = self as unknown as SharedWorkerGlobalScope;
const cores = createCoreRegistry();

scope.addEventListener('connect', (event) => {
  const port = event.ports[0];
  exposeEngine(createEngine(cores), port);
  port.start();
});
