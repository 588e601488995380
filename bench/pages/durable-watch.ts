// The page's side of the durability figure: a worker polls IndexedDB (see idb-count-worker.ts) and tells
// the epoch ms at which all lines of the burst were stored.
import countWorkerURL from './idb-count-worker.ts?worker&url';

// Taken when the page loads: a contender page may hide `Worker` from its logger to force a mode, not from the bench.
const BenchWorker = Worker;

/** `stored`: the epoch ms at which the burst was stored. `stop` ends the watch; called only once the bench has read
 * the window's main-thread time, since ending a worker costs the page's main thread most of a millisecond, which is
 * the bench's own cost and not the logger's. */
export function watchDurable(target: number): { stored: Promise<number>; stop: () => void } {
  const worker = new BenchWorker(countWorkerURL, { type: 'module' });
  const stored = new Promise<number>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ at: number }>) => resolve(event.data.at);
  });
  worker.postMessage({ target });
  return { stored, stop: () => worker.terminate() };
}
