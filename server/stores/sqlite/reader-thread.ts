// A reader thread of SQLite's explorer (server/stores/sqlite/reader.ts starts them): a read-only connection a database, on
// which the explorer's queries (server/stores/sqlite/explorer-queries.ts) run, by name (reader.types.ts), off the event loop
// that answers requests. WAL lets it read while the writer thread writes; each read's budget (`within`) is counted
// here, from when the read starts. docs/local-service.md#the-reader-threads
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { addCaseFold } from './case-fold.ts';
import { explorerQueriesSync } from './explorer-queries.ts';
import { READ_BUDGET_MS, withReadDeadline } from './read-deadline.ts';
import type { FromReader, ReadMethod, ToReader } from './reader.types.ts';
import type { WriterError } from './writer.types.ts';

/** How long a read waits for a lock (only a WAL recovery after a crash takes one a reader waits on). */
const BUSY_TIMEOUT_MS = 5_000;

/** The thread's nice value: above the service's thread and the writer's (0), so that, on a busy machine, reads take
 * the CPU they leave and a loop of searches slows ingest little (docs/local-service.md#the-reader-threads). */
const READER_NICE = 10;

/** On Linux a thread has a nice value of its own, set through its thread id; elsewhere the thread keeps its process's. */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) setPriority(tid, READER_NICE);
  } catch {
    // Not Linux, or not allowed: the reads keep the process's priority.
  }
}
lowerPriority();

type Method = (...args: unknown[]) => unknown;
interface Connection {
  db?: Database.Database;
  methods?: Map<ReadMethod, Method>;
  failed?: WriterError;
}

const port = parentPort!;
const connections = new Map<number, Connection>();
const post = (message: FromReader) => port.postMessage(message);

function asError(error: unknown): WriterError {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: (error as Error)?.message ?? String(error), ...(typeof code === 'string' ? { code } : {}) };
}

/** The queries as `name` and `group.name`, as READ_METHODS names them. */
function byName(queries: ReturnType<typeof explorerQueriesSync>): Map<ReadMethod, Method> {
  const methods = new Map<ReadMethod, Method>();
  for (const [name, value] of Object.entries(queries)) {
    if (typeof value === 'function') methods.set(name as ReadMethod, value as Method);
    else for (const [inner, f] of Object.entries(value)) methods.set(`${name}.${inner}` as ReadMethod, f as Method);
  }
  return methods;
}

function open(id: number, path: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // The explorer's list searches fold case in any script (server/stores/sqlite/case-fold.ts).
    addCaseFold(db);
    connections.set(id, { db, methods: byName(explorerQueriesSync(db)) });
  } catch (error) {
    db?.close();
    connections.set(id, { failed: asError(error) });
  }
}

port.on('message', (message: ToReader) => {
  switch (message.type) {
    case 'open':
      return open(message.db, message.path);
    case 'hold':
      Atomics.wait(message.latch, 0, 0);
      return;
    case 'close': {
      connections.get(message.db)?.db?.close();
      connections.delete(message.db);
      return post({ type: 'done', id: message.id, ok: true, value: undefined });
    }
    case 'read': {
      const connection = connections.get(message.db);
      const method = connection?.methods?.get(message.method);
      if (!method)
        return post({
          type: 'done',
          id: message.id,
          ok: false,
          error: connection?.failed ?? { message: `database ${message.db} is not open` },
        });
      try {
        const value = withReadDeadline(READ_BUDGET_MS, () => method(...message.args));
        post({ type: 'done', id: message.id, ok: true, value });
      } catch (error) {
        post({ type: 'done', id: message.id, ok: false, error: asError(error) });
      }
    }
  }
});
