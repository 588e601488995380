// SQLite's writer thread (server/stores/sqlite/writer.ts starts it): one connection a database, on which every write of the
// stores runs, by name (the roles' writes, roles.ts), off the event loop that answers requests. Group commit: the writes that
// arrived while the last transaction ran are committed together, each in a savepoint of its own, and each is answered
// only after that commit. Then the search index catches up by a bounded step, and only then do the answers go, so that
// a log is searchable when acknowledged unless the index has fallen behind. docs/local-service.md#the-writer-thread
import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { isDamage, storageFault } from '../../http/errors.ts';
import { logCount, type LogParams } from './log-batch.ts';
import { sqliteRoles } from './roles.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';
import { setWriterPragmas } from './writer-pragmas.ts';
import {
  MAINTENANCE_METHODS,
  type FromWriter,
  type OpenOptions,
  type Outcome,
  type ToWriter,
  type WriteMethod,
  type WriterError,
} from './writer.types.ts';

/** A group takes the writes waiting, up to about this many logs (more wait for the next): bounds how long a
 * transaction holds the lock and how long its first write waits for its answer. */
const GROUP_LOGS = 16_000;
/** The search index's step after a group indexes at least as many logs as the group stored, and at least this many,
 * so that it keeps up with any load; and at most INDEX_STEP_MAX, so that a backlog never holds answers long. */
const INDEX_STEP = 2_000;
const INDEX_STEP_MAX = 20_000;
/** Pages an index merge writes at most, after each index step. */
const MERGE_PAGES = 500;
/** After a failed index step (a full disk), the next waits this long, or for the next group that commits. */
const INDEX_RETRY_MS = 1_000;
/** How long a group waits for the write lock that another process holds before its writes answer 503. */
const BUSY_TIMEOUT_MS = 5_000;
/** The collector's writes stop this share of SIDELOG_MAX_DB_MB short of it (at least RESERVE_PAGES, at most a tenth),
 * which retention's deletes may use: they note what they drop in the search index. */
const RESERVE_SHARE = 0.02;
const RESERVE_PAGES = 16;

type Request = Exclude<ToWriter, { type: 'open' }>;
type Methods = Record<WriteMethod, (...args: unknown[]) => unknown>;

interface Connection {
  /** The file, as log lines name it. */
  path: string;
  db: Database.Database;
  methods: Methods;
  index: SearchIndex;
  queue: Request[];
  /** Settles waiting for the index to reach a log id. */
  settling: { id: number; target: number }[];
  /** max_page_count for the collector's writes, and for retention's: SIDELOG_MAX_DB_MB less its reserve, and all of it. */
  pages?: { writes: number; maintenance: number };
  indexRetryAt: number;
  /** Set when an index step met a full database: the step it may take now, halved at each failure and doubled after
   * each success until the index has caught up, so that a backlog whose index needs more room than is free still
   * goes in as far as the room allows (docs/local-service.md#a-full-disk). */
  indexFull?: { limit: number };
  /** The last group could not take the write lock. */
  busy: boolean;
}

const port = parentPort!;
const connections = new Map<number, Connection>();
const post = (message: FromWriter) => port.postMessage(message);

function asError(error: unknown): WriterError {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: (error as Error)?.message ?? String(error), ...(typeof code === 'string' ? { code } : {}) };
}

/** Errors of writes nobody waits on (the requests log) and of the thread's own work (the index's catch-up), one line
 * per minute at most; a damaged page named as the service's error handler names it (server/http/errors.ts). */
const lastLogged = new Map<string, number>();
function logOnce(connection: Connection, what: string, error: unknown): void {
  const key = `${connection.path} ${what} ${asError(error).code ?? ''}`;
  const now = Date.now();
  if ((lastLogged.get(key) ?? 0) > now - 60_000) return;
  lastLogged.set(key, now);
  if (isDamage(error)) {
    console.error(
      `sqlite writer: ${what}: the database ${connection.path} is damaged (${(error as Error).message}): stop the service, then restore it from a backup or recover it (docs/local-service.md#a-damaged-database)`,
    );
    return;
  }
  const fault = storageFault(error);
  console.error(`sqlite writer: ${what}:`, fault ? `${fault.status} ${(error as Error).message}` : error);
}

function open(id: number, options: OpenOptions): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(options.path);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    setWriterPragmas(db);
    const methods = sqliteRoles(db).writes as Methods;
    const reserve = options.maxPages
      ? Math.min(
          Math.floor(options.maxPages / 10),
          Math.max(RESERVE_PAGES, Math.ceil(options.maxPages * RESERVE_SHARE)),
        )
      : 0;
    const pages = options.maxPages
      ? { writes: Math.max(1, options.maxPages - reserve), maintenance: options.maxPages }
      : undefined;
    const connection: Connection = {
      path: options.path,
      db,
      methods,
      index: createSearchIndex(db),
      queue: [],
      settling: [],
      pages,
      indexRetryAt: 0,
      busy: false,
    };
    setPages(connection, 'writes');
    connections.set(id, connection);
    post({ type: 'opened', db: id });
    schedule();
  } catch (error) {
    db?.close();
    post({ type: 'opened', db: id, error: asError(error) });
  }
}

/** Statements the thread runs on every group, prepared once a connection: better-sqlite3's `pragma()` and `prepare()`
 * compile the statement at each call, which was a twentieth of the thread's time under load. */
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function statement(db: Database.Database, sql: string): Database.Statement {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  let found = statements.get(sql);
  if (!found) statements.set(sql, (found = db.prepare(sql)));
  return found;
}
/** Runs a statement that may answer a row (`PRAGMA busy_timeout = n` answers the new timeout). */
const exec = (db: Database.Database, sql: string) => {
  const found = statement(db, sql);
  if (found.reader) found.get();
  else found.run();
};

let scheduled = false;
/** The turn under way: turns run one after another, never two on a connection at once. */
let turning = Promise.resolve();
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // After the messages already waiting are taken in: they join this turn's group.
  setImmediate(() => {
    // A turn that throws ends the thread, as an exception would (server/stores/sqlite/writer.ts starts another).
    turning = turning.then(turn).catch((error: unknown) => {
      setImmediate(() => {
        throw error;
      });
    });
  });
}

async function turn(): Promise<void> {
  scheduled = false;
  let retryIn = Infinity;
  for (const [id, connection] of connections) retryIn = Math.min(retryIn, await serve(id, connection));
  if (retryIn === 0) schedule();
  else if (retryIn < Infinity) setTimeout(schedule, retryIn);
}

/** One turn of a database: a group (or what heads its queue), the index's step, the settles it satisfies. In how many
 * ms it wants another turn (Infinity: when a message comes). A damaged page where the thread reads for itself (the
 * highest log id, the index's progress) is logged, and the index waits as on a full disk: the writes that meet the
 * damage answer 503 (server/http/errors.ts), everything else goes on, and the thread never dies of it. */
async function serve(id: number, connection: Connection): Promise<number> {
  const outcomes: Outcome[] = [];
  let retryIn = Infinity;
  try {
    const stored = await runQueue(id, connection, outcomes);
    catchUp(connection, stored);
    answerSettles(connection, outcomes);
    if (!connection.db.open) connections.delete(id);
    else if (connection.queue.length > 0) retryIn = 0;
    else if (connection.settling.length > 0 || connection.index.behind() > 0)
      retryIn = Math.max(0, connection.indexRetryAt - Date.now());
  } catch (error) {
    logOnce(connection, 'the search index', error);
    connection.indexRetryAt = Date.now() + INDEX_RETRY_MS;
    answerSettles(connection, outcomes);
    retryIn = connection.queue.length > 0 ? 0 : INDEX_RETRY_MS;
  }
  if (outcomes.length > 0) post({ type: 'done', outcomes });
  return retryIn;
}

function answerSettles(connection: Connection, outcomes: Outcome[]): void {
  // A settle does not wait on an index that cannot advance (a full disk, a damaged page): it answers with what is indexed.
  const stuck = !connection.db.open || connection.indexRetryAt > 0;
  for (let i = connection.settling.length - 1; i >= 0; i--) {
    const settle = connection.settling[i]!;
    if (stuck || connection.index.indexedTo() >= settle.target) {
      outcomes.push({ id: settle.id, ok: true, value: undefined });
      connection.settling.splice(i, 1);
    }
  }
}

/** Takes what the head of the queue allows in one turn: a group of writes, or a maintenance write alone, or a settle
 * or a close. How many logs it stored. */
async function runQueue(id: number, connection: Connection, outcomes: Outcome[]): Promise<number> {
  const { queue, db } = connection;
  const head = queue[0];
  if (!head) return 0;
  if (head.type === 'close') {
    queue.shift();
    db.close();
    outcomes.push({ id: head.id, ok: true, value: undefined });
    // Writes sent after the close (none should be) fail.
    for (const late of queue.splice(0))
      if (late.type !== 'write' || late.reply)
        outcomes.push({ id: late.id, ok: false, error: { message: `database ${id} is closed` } });
    return 0;
  }
  if (head.type === 'settle') {
    queue.shift();
    // Waits for the index when asked, and when the highest log id can be read at all.
    const target = head.index ? lastLogIdOrNone(connection) : undefined;
    if (target !== undefined) connection.settling.push({ id: head.id, target });
    else outcomes.push({ id: head.id, ok: true, value: undefined });
    return 0;
  }
  if (MAINTENANCE_METHODS.includes(head.method)) {
    queue.shift();
    setPages(connection, 'maintenance');
    try {
      outcomes.push({ id: head.id, ok: true, value: await connection.methods[head.method](...head.args) });
    } catch (error) {
      outcomes.push({ id: head.id, ok: false, error: asError(error) });
    } finally {
      setPages(connection, 'writes');
    }
    return 0;
  }
  const group: Extract<Request, { type: 'write' }>[] = [];
  let logs = 0;
  while (
    queue[0]?.type === 'write' &&
    !MAINTENANCE_METHODS.includes(queue[0].method) &&
    (group.length === 0 || logs < GROUP_LOGS)
  ) {
    const write = queue.shift() as Extract<Request, { type: 'write' }>;
    group.push(write);
    logs += write.method === 'addLogParams' ? logCount(write.args[2] as LogParams) : 1;
  }
  const stored = await commitGroup(connection, group, outcomes);
  // The lock did not come within the busy timeout (another process holds it): what waited behind this group would
  // wait as long again, so it is answered now, as busy, and the clients retry.
  if (connection.busy) {
    connection.busy = false;
    const waiting = queue.splice(0);
    for (const late of waiting) {
      if (late.type !== 'write') queue.push(late);
      else if (late.reply)
        outcomes.push({ id: late.id, ok: false, error: { message: 'database is locked', code: 'SQLITE_BUSY' } });
    }
  }
  return stored;
}

/** One transaction for the group, a savepoint for each write in it: a write that fails alone (a bug) fails alone;
 * one that takes the transaction with it (a full disk) fails the group. How many logs were stored. */
async function commitGroup(
  connection: Connection,
  group: Extract<Request, { type: 'write' }>[],
  outcomes: Outcome[],
): Promise<number> {
  const { db, methods } = connection;
  const results: ({ ok: true; value: unknown } | { ok: false; error: WriterError })[] = [];
  let failed: WriterError | undefined;
  try {
    exec(db, 'BEGIN IMMEDIATE');
  } catch (error) {
    failed = asError(error);
    connection.busy = failed.code === 'SQLITE_BUSY';
  }
  for (const write of failed ? [] : group) {
    try {
      results.push({ ok: true, value: await inSavepoint(db, () => methods[write.method](...write.args)) });
    } catch (error) {
      if (!write.reply) logOnce(connection, write.method, error);
      results.push({ ok: false, error: asError(error) });
      // SQLite ends the whole transaction on some errors (a full disk, I/O): then nothing of the group is stored.
      if (!db.inTransaction) {
        failed = asError(error);
        break;
      }
    }
  }
  if (!failed) {
    try {
      exec(db, 'COMMIT');
    } catch (error) {
      failed = asError(error);
      if (db.inTransaction) db.prepare('ROLLBACK').run();
    }
  }
  let stored = 0;
  group.forEach((write, i) => {
    const result = failed ? { ok: false as const, error: failed } : results[i]!;
    if (result.ok && write.method === 'addLogParams') stored += result.value as number;
    if (failed && !write.reply) logOnce(connection, write.method, failed);
    if (write.reply) outcomes.push({ id: write.id, ...result });
  });
  return stored;
}

/** `write` in a savepoint of its own, undone alone when it throws, as better-sqlite3's nested transactions are; but
 * awaited: the role stores written once for both databases answer promises (server/stores/dialect.ts). Their awaits
 * are on SQLite's synchronous calls, already settled, so nothing else runs on the connection meanwhile. */
async function inSavepoint(db: Database.Database, write: () => unknown): Promise<unknown> {
  const savepoint = savepointsOf(db);
  savepoint.begin.run();
  try {
    const value = await write();
    savepoint.release.run();
    return value;
  } catch (error) {
    if (db.inTransaction) {
      savepoint.rollback.run();
      savepoint.release.run();
    }
    throw error;
  }
}

/** The savepoint's statements, prepared once a connection: a group may hold thousands of writes. */
const savepoints = new WeakMap<Database.Database, Record<'begin' | 'release' | 'rollback', Database.Statement>>();
function savepointsOf(db: Database.Database) {
  let found = savepoints.get(db);
  if (!found) {
    found = {
      begin: db.prepare('SAVEPOINT write'),
      release: db.prepare('RELEASE write'),
      rollback: db.prepare('ROLLBACK TO write'),
    };
    savepoints.set(db, found);
  }
  return found;
}

/** The index's step after a group: at least what the group stored, so the index keeps pace whatever the load. */
function catchUp(connection: Connection, stored: number): void {
  // Asking first takes no lock: a step waits for the lock only when it has work. (A damaged page here is serve()'s.)
  if (
    !connection.db.open ||
    (stored === 0 && (Date.now() < connection.indexRetryAt || connection.index.behind() === 0))
  )
    return;
  let limit = 0;
  try {
    // The index is made again from the logs after any loss: its step need not wait for the disk, nor for a lock that
    // another process holds (it tries again later), so that the group's answers never wait on either.
    exec(connection.db, 'PRAGMA synchronous = NORMAL');
    exec(connection.db, 'PRAGMA busy_timeout = 0');
    const wanted = Math.min(INDEX_STEP_MAX, Math.max(INDEX_STEP, stored));
    limit = connection.indexFull?.limit ?? wanted;
    const indexed = connection.index.step(limit);
    connection.indexRetryAt = 0;
    if (connection.indexFull)
      connection.indexFull = connection.index.behind() === 0 ? undefined : { limit: Math.min(wanted, limit * 2) };
    // Merging keeps searches reading few segments; it is the first thing a full database goes without.
    if (indexed > 0) {
      try {
        connection.index.merge(MERGE_PAGES);
      } catch (error) {
        if (asError(error).code !== 'SQLITE_BUSY') logOnce(connection, 'merging the search index', error);
      }
    }
  } catch (error) {
    // A full disk, most likely: searches see what is indexed, and the catch-up resumes, in smaller steps, once there is room.
    const code = asError(error).code;
    if (code === 'SQLITE_FULL') connection.indexFull = { limit: Math.max(1, Math.floor(limit / 2)) };
    if (code !== 'SQLITE_BUSY') logOnce(connection, 'the search index', error);
    connection.indexRetryAt = Date.now() + INDEX_RETRY_MS;
  } finally {
    exec(connection.db, 'PRAGMA synchronous = FULL');
    exec(connection.db, `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

function setPages(connection: Connection, kind: 'writes' | 'maintenance'): void {
  if (connection.pages) connection.db.pragma(`max_page_count = ${connection.pages[kind]}`);
}

function lastLogIdOrNone(connection: Connection): number | undefined {
  try {
    return connection.db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck().get() as number;
  } catch (error) {
    logOnce(connection, 'the highest log id', error);
    connection.indexRetryAt = Date.now() + INDEX_RETRY_MS;
    return undefined;
  }
}

port.on('message', (message: ToWriter) => {
  if (message.type === 'open') return open(message.db, message.options);
  const connection = connections.get(message.db);
  if (!connection) {
    if (message.type !== 'write' || message.reply)
      post({
        type: 'done',
        outcomes: [{ id: message.id, ok: false, error: { message: `database ${message.db} is not open` } }],
      });
    return;
  }
  connection.queue.push(message);
  schedule();
});
