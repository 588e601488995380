// A process run as the service's are (tests/unit/server/service-runtime.test.ts): prints a closure's compiled source
// in its main thread and in a worker thread started as the service starts its SQLite threads (module-worker.ts), then
// throws, so that the test reads the stack's file and line.
import { isMainThread, parentPort } from 'node:worker_threads';
import { startModuleWorker } from '../../server/stores/sqlite/module-worker.ts';

const made = () => {
  const inner = (n: number) => n + 1;
  return inner;
};

if (isMainThread) {
  console.log(`main: ${String(made)}`);
  startModuleWorker(new URL(import.meta.url)).once('message', (source: string) => {
    console.log(`thread: ${source}`);
    throw new Error('probe');
  });
} else parentPort!.postMessage(String(made));
