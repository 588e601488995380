// The real engine in a worker of the tests' own, with short clocks: an upload every 250 ms instead of 15 s, backing
// off to 1 s at most, and a request given up after 1 s instead of 10 s, so that a test of an upload tick or of a
// hanging service waits a second, not the product's clocks (docs/testing.md#clocks). It serves the engine as
// worker/shared-entry.ts and worker/dedicated-entry.ts do; a test starts it through SidelogSeams.workers
// (quickWorkers in sidelog.ts). The product has no option for any of this.
import type { Endpoint } from 'comlink';
import { createCoreRegistry, createEngine } from '../../../worker/engine.ts';
import { exposeEngine } from '../../../worker/expose-engine.ts';

const cores = createCoreRegistry({ uploadIntervalMs: 250, maxBackoffMs: 1_000, requestTimeoutMs: 1_000 });

// Compiled with the page's libraries (tsconfig.page.json), which do not know a worker's global scope.
const scope = self as unknown as Endpoint & { onconnect?: unknown };
if ('onconnect' in scope) {
  // A SharedWorker: one engine per connecting tab, all on these cores.
  scope.addEventListener('connect', (event) => {
    const port = (event as MessageEvent).ports[0];
    exposeEngine(createEngine(cores), port);
    port.start();
  });
} else exposeEngine(createEngine(cores), scope);
