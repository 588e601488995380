// The physical floor of a logger that hands its calls to a worker: take the time, push the raw arguments into a
// buffer, and post one structured clone per 1,000 calls to a worker that only counts them. Nothing is formatted,
// stored or sent, so whatever a real logger costs beyond this is its own doing. Its forced send checks that the
// worker counted every line, so the floor is one that really hands everything over.
import { runBench } from './harness.ts';

const FLUSH_EVERY = 1000;
const worker = new Worker(new URL('./bare-worker.ts', import.meta.url), { type: 'module' });

/** Flat columns: time, argument count, then the arguments; no per-call object or rest array. */
let buffer: unknown[] = [];
let calls = 0;

function flush(): void {
  if (calls === 0) return;
  worker.postMessage(buffer);
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
      worker.addEventListener('message', (event: MessageEvent<number>) => resolve(event.data), { once: true });
      worker.postMessage('count');
    });
    const expected = Number(new URLSearchParams(location.search).get('n'));
    if (counted !== expected) throw new Error(`the bare logger's worker counted ${counted} of ${expected} lines`);
  },
});
