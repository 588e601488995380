// The page's side of the durability figure: a worker polls IndexedDB (see idb-count-worker.ts) and tells
// the epoch ms at which all lines of the burst were stored.
import countWorkerURL from './idb-count-worker.ts?worker&url';

// Taken when the page loads: a contender page may hide `Worker` from its logger to force a mode, not from the bench.
const BenchWorker = Worker;

/**
 * The watch's worker is started before the burst (starting a worker costs the main thread), and polls only from
 * `begin`, called once the burst has returned: polling during the burst put a worker and the browser's IndexedDB on
 * the cores the burst ran on, which slowed the burst itself (the bare logger's calls from 0.94 to 1.66 µs in one run),
 * a cost of the bench's that the no-op and bare pages, which have no watch, did not pay
 * (docs/benchmarks.md#the-watch-after-the-burst). No line can be stored before its burst returns, so the figure
 * loses nothing. `stop` ends the watch; called only once the bench has read the window's main-thread time, since
 * ending a worker costs the page's main thread most of a millisecond.
 */
export function watchDurable(target: number): { begin: () => void; stored: Promise<number>; stop: () => void } {
  const worker = new BenchWorker(countWorkerURL, { type: 'module' });
  const stored = new Promise<number>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ at: number }>) => resolve(event.data.at);
  });
  return { begin: () => worker.postMessage({ target }), stored, stop: () => worker.terminate() };
}
