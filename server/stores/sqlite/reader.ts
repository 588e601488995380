// The service's side of SQLite's reader threads (server/stores/sqlite/reader-thread.ts): each of the explorer's queries is a
// message to a thread, answered with its result. READERS threads serve every SQLite database the process opens; they
// start with the first read and keep the process alive only while reads are waiting on them. A read goes to the thread
// with the fewest waiting, so that one long search does not hold another viewer's page.
// docs/local-service.md#the-reader-threads
import type { Worker } from 'node:worker_threads';
import type { ExplorerQueries } from '../explorer-queries.types.ts';
import { moduleBeside, startModuleWorker } from './module-worker.ts';
import { READ_METHODS, type FromReader, type ReadMethod, type ToReader } from './reader.types.ts';
import type { WriterError } from './writer.types.ts';

/** Reader threads: two, so that a viewer's page waits behind at most one other long read, on 2 cores beside the
 * service's thread and the writer's (docs/local-service.md#the-reader-threads). */
export const READERS = 2;

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  /** The databases opened on it. */
  opened: Set<number>;
}

const threads: (Thread | undefined)[] = [];
let ids = 0;
let databases = 0;

const toError = (error: WriterError) => Object.assign(new Error(error.message), error.code ? { code: error.code } : {});

function startThread(slot: number): Thread {
  const worker = startModuleWorker(moduleBeside('reader-thread', import.meta.url));
  const thread: Thread = { worker, waiting: new Map(), opened: new Set() };
  worker.unref();
  worker.on('message', (message: FromReader) => {
    const waiting = thread.waiting.get(message.id);
    if (!waiting) return;
    thread.waiting.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(toError(message.error));
    if (thread.waiting.size === 0) worker.unref();
  });
  const end = (error: Error) => {
    if (threads[slot] === thread) threads[slot] = undefined;
    for (const waiting of thread.waiting.values()) waiting.reject(error);
    thread.waiting.clear();
  };
  worker.on('error', (error) => {
    console.error('sqlite reader thread:', error);
    end(Object.assign(new Error(`the SQLite reader thread failed: ${error.message}`), { code: 'SQLITE_IOERR' }));
  });
  worker.on('exit', (code) =>
    end(Object.assign(new Error(`the SQLite reader thread exited (${code})`), { code: 'SQLITE_IOERR' })),
  );
  return thread;
}

/** Every reader thread, started when not yet. */
function allThreads(): Thread[] {
  for (let slot = 0; slot < READERS; slot++) threads[slot] ??= startThread(slot);
  return threads as Thread[];
}

/** An idle thread, else a new one while there are fewer than READERS, else the one with the fewest reads waiting. */
function leastBusy(): Thread {
  let busiest: Thread | undefined;
  let free = -1;
  for (let slot = 0; slot < READERS; slot++) {
    const thread = threads[slot];
    if (!thread) free = free < 0 ? slot : free;
    else if (thread.waiting.size === 0) return thread;
    else if (!busiest || thread.waiting.size < busiest.waiting.size) busiest = thread;
  }
  return free >= 0 ? (threads[free] = startThread(free)) : busiest!;
}

function ask(thread: Thread, message: (id: number) => ToReader): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const id = ++ids;
    if (thread.waiting.size === 0) thread.worker.ref();
    thread.waiting.set(id, { resolve, reject });
    thread.worker.postMessage(message(id));
  });
}

interface Reader {
  queries: ExplorerQueries;
  /** Closes the database's connections in the threads (reads sent before are answered first). */
  close(): Promise<void>;
}

/** The explorer's queries over the SQLite file at `path`, each run in a reader thread. */
export function startReader(path: string): Reader {
  const db = ++databases;
  let closed = false;
  const read = (method: ReadMethod, args: unknown[]) => {
    if (closed) return Promise.reject(new Error('the store is closed'));
    const thread = leastBusy();
    if (!thread.opened.has(db)) {
      thread.opened.add(db);
      thread.worker.postMessage({ type: 'open', db, path } satisfies ToReader);
    }
    return ask(thread, (id) => ({ type: 'read', db, id, method, args }));
  };
  const queries: Record<string, unknown> = {};
  for (const name of READ_METHODS) {
    const [group, method] = name.split('.') as [string, string | undefined];
    const call = (...args: unknown[]) => read(name, args);
    if (method === undefined) queries[group] = call;
    else ((queries[group] ??= {}) as Record<string, unknown>)[method] = call;
  }
  return {
    queries: queries as unknown as ExplorerQueries,
    async close() {
      if (closed) return;
      closed = true;
      const open = threads.filter((thread): thread is Thread => thread?.opened.has(db) ?? false);
      await Promise.all(open.map((thread) => ask(thread, (id) => ({ type: 'close', db, id })).catch(() => undefined)));
    },
  };
}

/** For tests: every reader thread waits, before its next message, until `latch[0]` is set and notified. */
export function holdReaders(latch: Int32Array): void {
  for (const thread of allThreads()) thread.worker.postMessage({ type: 'hold', latch } satisfies ToReader);
}
