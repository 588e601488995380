// The physical floor of a logger that hands its calls to a worker: take the time, push the raw arguments into a
// buffer, and post one structured clone per 1,000 calls to a worker that only counts them. Nothing is formatted,
// stored or sent, so whatever a real logger costs beyond this is its own doing. Its forced send checks that the
// worker counted every line, so the floor is one that really hands everything over.
import { runBench } from './harness.ts';

const FLUSH_EVERY = 1000;

/** How the buffers travel (`?via=`): to a dedicated Worker by its own postMessage (the default); through a
 * MessageChannel's port to that worker, as Sidelog's writes go (`port`); or to a SharedWorker's port, which Chromium
 * runs apart from the page (`shared`). The last two are controls: whether the way a message goes costs the page
 * anything (docs/benchmarks.md#the-messages-way). */
const via = new URLSearchParams(location.search).get('via');
// Vite bundles a worker only where `new URL` is written inside `new Worker` / `new SharedWorker`.
const shared =
  via === 'shared' ? new SharedWorker(new URL('./bare-worker.ts', import.meta.url), { type: 'module' }) : undefined;
const worker: Worker | MessagePort =
  shared?.port ?? new Worker(new URL('./bare-worker.ts', import.meta.url), { type: 'module' });
shared?.port.start();
/** Where the buffers go: the worker, or a port of a channel whose other end the worker was given. */
let target: Worker | MessagePort = worker;
if (via === 'port') {
  const channel = new MessageChannel();
  worker.postMessage('port', [channel.port2]);
  target = channel.port1;
}

/** Flat columns: time, argument count, then the arguments; no per-call object or rest array. */
let buffer: unknown[] = [];
let calls = 0;

function flush(): void {
  if (calls === 0) return;
  target.postMessage(buffer);
  buffer = [];
  calls = 0;
}

function log(): void {
  buffer.push(Date.now(), arguments.length);
  for (let i = 0; i < arguments.length; i++) buffer.push(arguments[i]);
  if (++calls === FLUSH_EVERY) flush();
}
const bareLog = log as (...parts: unknown[]) => void;

void runBench({
  async start(params) {
    // The durability floor: the worker also stores every line (bare-worker.ts).
    if (params.get('store') === '1') worker.postMessage('store');
  },
  burst({ texts, objects }) {
    for (let i = 0; i < texts.length; i++) bareLog(texts[i], objects[i]);
    // What is left goes at the end of the burst's task, as the last full buffer would have.
    queueMicrotask(flush);
  },
  async forceSend() {
    const counted = await new Promise<number>((resolve) => {
      worker.addEventListener('message', (event) => resolve((event as MessageEvent<number>).data), { once: true });
      worker.postMessage('count');
    });
    const expected = Number(new URLSearchParams(location.search).get('n'));
    if (counted !== expected) throw new Error(`the bare logger's worker counted ${counted} of ${expected} lines`);
  },
});
