// The SharedWorker: one engine core for every tab of the origin, each tab with its own session.
import { createCoreRegistry, createEngine } from './engine.ts';
import { exposeEngine } from './expose-engine.ts';

// The DOM library is in scope project-wide; a SharedWorker's global needs only this.
declare const self: { addEventListener(type: 'connect', listener: (event: MessageEvent) => void): void };

const cores = createCoreRegistry();

self.addEventListener('connect', (event) => {
  const port = event.ports[0];
  exposeEngine(createEngine(cores), port);
  port.start();
});
