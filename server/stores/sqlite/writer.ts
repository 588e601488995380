// The service's side of SQLite's writer thread (server/stores/sqlite/writer-thread.ts): a write of the stores is a message
// to the thread, answered once committed. One thread serves every SQLite database the process opens; it starts with
// the first and keeps the process alive only while writes are waiting on it. docs/local-service.md#the-writer-thread
import type { Worker } from 'node:worker_threads';
import { moduleBeside, startModuleWorker } from './module-worker.ts';
import type { FromWriter, OpenOptions, ToWriter, WriteMethod, WriterError } from './writer.types.ts';

export interface Writer {
  /** Runs a store's write method in the writer thread; resolves with its result once it is committed. */
  call<T>(method: WriteMethod, args: unknown[]): Promise<T>;
  /** A write nobody waits on (the requests log): it goes with the next group; a failure is logged by the thread. */
  send(method: WriteMethod, args: unknown[]): void;
  /** Resolves once every write sent before is committed and, with `index`, in the search index. */
  settled(options: { index: boolean }): Promise<void>;
  /** Finishes the writes sent, then closes the thread's connection. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  /** Why each database's connection could not be opened. */
  failed: Map<number, Error>;
}

let current: Thread | undefined;
let ids = 0;
let databases = 0;

const toError = (error: WriterError) => Object.assign(new Error(error.message), error.code ? { code: error.code } : {});

function startThread(): Thread {
  const worker = startModuleWorker(moduleBeside('writer-thread', import.meta.url));
  const thread: Thread = { worker, waiting: new Map(), failed: new Map() };
  worker.unref();
  worker.on('message', (message: FromWriter) => {
    if (message.type === 'opened') {
      if (message.error) thread.failed.set(message.db, toError(message.error));
      return;
    }
    for (const outcome of message.outcomes) {
      const waiting = thread.waiting.get(outcome.id);
      if (!waiting) continue;
      thread.waiting.delete(outcome.id);
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(toError(outcome.error));
    }
    if (thread.waiting.size === 0) worker.unref();
  });
  const end = (error: Error) => {
    if (current === thread) current = undefined;
    for (const waiting of thread.waiting.values()) waiting.reject(error);
    thread.waiting.clear();
  };
  worker.on('error', (error) => {
    console.error('sqlite writer thread:', error);
    end(Object.assign(new Error(`the SQLite writer thread failed: ${error.message}`), { code: 'SQLITE_IOERR' }));
  });
  worker.on('exit', (code) =>
    end(Object.assign(new Error(`the SQLite writer thread exited (${code})`), { code: 'SQLITE_IOERR' })),
  );
  return thread;
}

export function startWriter(options: OpenOptions): Writer {
  const db = ++databases;
  let thread: Thread | undefined;
  let closed = false;
  /** The thread, opening the database on it first: again on a new thread if the last one died. */
  const on = () => {
    if (!thread || thread !== current) {
      thread = current ??= startThread();
      thread.worker.postMessage({ type: 'open', db, options } satisfies ToWriter);
    }
    return thread;
  };
  const request = (message: (id: number) => ToWriter) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(new Error('the store is closed'));
      const t = on();
      const failed = t.failed.get(db);
      if (failed) return reject(failed);
      const id = ++ids;
      if (t.waiting.size === 0) t.worker.ref();
      t.waiting.set(id, { resolve, reject });
      t.worker.postMessage(message(id));
    });
  on();
  return {
    call: (method, args) => request((id) => ({ type: 'write', db, id, method, args, reply: true })) as Promise<never>,
    send(method, args) {
      if (!closed)
        on().worker.postMessage({ type: 'write', db, id: ++ids, method, args, reply: false } satisfies ToWriter);
    },
    settled: ({ index }) => request((id) => ({ type: 'settle', db, id, index })) as Promise<void>,
    async close() {
      if (closed) return;
      await request((id) => ({ type: 'close', db, id })).catch(() => undefined);
      closed = true;
    },
  };
}
