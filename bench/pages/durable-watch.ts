// The page's side of the durability figure: a worker polls IndexedDB (see idb-count-worker.ts) and tells
// the epoch ms at which all lines of the burst were stored.
import countWorkerURL from './idb-count-worker.ts?worker&url';

// Taken when the page loads: a contender page may hide `Worker` from its logger to force a mode, not from the bench.
const BenchWorker = Worker;

export function watchDurable(target: number): Promise<number> {
  const worker = new BenchWorker(countWorkerURL, { type: 'module' });
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<{ at: number }>) => {
      resolve(event.data.at);
      worker.terminate();
    };
    worker.postMessage({ target });
  });
}
