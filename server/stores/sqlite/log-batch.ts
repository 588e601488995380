// A batch of logs on SQLite: its rows as the INSERT's parameters, made on the service's thread (logParams), and their
// write on the writer thread (logBatchWrites): the rows a few hundred an INSERT (a resend ignored), the sessions
// list's counts, the volume rollup and the batch's own row, in one transaction.
import type Database from 'better-sqlite3';
import type { LogRecord } from '../../../protocol/records.types.ts';
import type { StoredCounts } from '../store.types.ts';
import { COLUMN_NAMES } from '../log-columns.ts';
import { HASHED_FIELDS, hashOfText, hashedText } from '../log-hash.ts';
import { createVolumeRollup } from './log-volume.ts';

/** The described columns the hash does not cover, other than `at`: written after the hashed ones. */
const UNHASHED = COLUMN_NAMES.filter((name) => name !== 'at' && !(HASHED_FIELDS as readonly string[]).includes(name));
/** The columns of a log's row, in the order of LogParams: after the session and `at`, those the content hash covers, in
 * its order (server/stores/log-hash.ts), so that the text hashed is the row's own; then the rest, and the hash. */
const LOG_COLUMNS = ['session_id', 'at', ...HASHED_FIELDS, ...UNHASHED, 'content_hash'] as const;

/** A batch's logs as the INSERT's parameters, row after row in LOG_COLUMNS' order (absent fields null), each with its
 * content hash (server/stores/log-hash.ts): one JSON text of a flat array, and how many rows it holds. Each row's text is the
 * text its hash is of, with the session, `at` and the hash around it, so the fields are written as JSON once. One
 * string crosses to the writer thread as one copy; the array of 5,500 values it was took the writer thread twice as
 * long to receive as it takes to receive and parse the text (docs/benchmarks.md#the-collectors-cost-per-request). */
export interface LogParams {
  rows: number;
  json: string;
}

export function logParams(sessionId: number, logs: LogRecord[]): LogParams {
  const rows = new Array<string>(logs.length);
  for (let i = 0; i < logs.length; i++) {
    const log = logs[i]!;
    const hashed = hashedText(log);
    // A later column the hash left out (a trailing null) is still a column of the row.
    const missing = ',null'.repeat(HASHED_FIELDS.length - hashed.count);
    let rest = '';
    for (const name of UNHASHED) rest += `,${JSON.stringify(log[name] ?? null)}`;
    // `at` is a finite number (server/collector/wire-validation.ts), whose text is the one JSON writes; anything else binds as
    // null, as it did before (and the row is refused by its NOT NULL).
    rows[i] =
      `${sessionId},${Number.isFinite(log.at) ? log.at : null},${hashed.text.slice(1, -1)}${missing}${rest},"${hashOfText(hashed.text)}"`;
  }
  return { rows: logs.length, json: `[${rows.join(',')}]` };
}

/** How many logs the parameters hold. */
export const logCount = (params: LogParams) => params.rows;

/** Rows per INSERT: one statement for many rows costs SQLite and the binding less per row than a statement each; a
 * whole batch of 500 in one costs a fifth less than in tens. A batch goes in statements of 500, then of 50, then one
 * of what is left, so that at most 51 sizes are ever prepared. */
const ROWS_PER_INSERT = [500, 50] as const;

/** A check, in the writer thread, that session `id` is app `appKey`'s: the collector found it so on its own read, but
 * a device's erasure may have deleted it since, and on SQLite a placeholder of no app may now hold its id
 * (server/stores/sqlite/device-erasure.ts), which its foreign key takes. A write for such a session fails as a
 * foreign key refuses one, and the collector answers it as an unknown session. One look-up by the primary key a batch
 * (0.5 µs, against some 3 ms of the writer thread a batch of 500). */
export function sessionOfApp(db: Database.Database): (appKey: string, sessionId: number) => boolean {
  const appOf = db.prepare(`SELECT app_key FROM sessions WHERE id = ?`).pluck();
  return (appKey, sessionId) => appOf.get(sessionId) === appKey;
}

/** A write's error when its session is gone, as SQLite's foreign key words it (server/http/errors.ts, sessionGone). */
export const sessionGoneError = (sessionId: number) =>
  Object.assign(new Error(`FOREIGN KEY constraint failed: session ${sessionId} is gone`), {
    code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  });

/** addLogs' write, given the logs already made parameters (logParams): how many were new. */
export function logBatchWrites(db: Database.Database): {
  addLogParams(appKey: string, sessionId: number, params: LogParams): number;
  countLogs(appKey: string, sessionId: number, counts: StoredCounts, token?: string): boolean;
  forgetCountedTokens(tokens: readonly string[]): void;
} {
  /** The INSERT of `rows` logs at once (a resend is ignored). */
  const inserts = new Map<number, Database.Statement>();
  const insertLogs = (rows: number) => {
    let statement = inserts.get(rows);
    if (!statement) {
      const values = Array.from({ length: rows }, () => `(${LOG_COLUMNS.map(() => '?').join(', ')})`).join(', ');
      statement = db.prepare(`INSERT OR IGNORE INTO logs (${LOG_COLUMNS.join(', ')}) VALUES ${values}`);
      inserts.set(rows, statement);
    }
    return statement;
  };
  const lastLogId = db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck();
  const ofApp = sessionOfApp(db);
  // What the explorer's sessions list shows (server/stores/sqlite/schema.ts, session_stats), added once per batch from the
  // rows it stored: those after the last id before it, as this connection is the only writer while it runs. A log
  // without a level counts as debug.
  const addSessionStats = db.prepare(
    `INSERT INTO session_stats
     SELECT ?, min(at), max(at), count(*), sum(ifnull(ll, 0) = 0), sum(ifnull(ll, 0) = 1), sum(ifnull(ll, 0) = 2), sum(ifnull(ll, 0) = 3),
       sum(ifnull(ll, 0) = 4), sum(ifnull(ll, 0) = 5)
     FROM logs WHERE id > ? HAVING count(*) > 0
     ON CONFLICT (session_id) DO UPDATE SET
       first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), total = total + excluded.total,
       debug = debug + excluded.debug, warning = warning + excluded.warning, error = error + excluded.error,
       trace = trace + excluded.trace, info = info + excluded.info, fatal = fatal + excluded.fatal`,
  );
  // The same counts from the batch's own parameters, when every log of it was new: a pass over them in JavaScript
  // costs a tenth of reading back the 500 rows just written (0.13 ms a batch, some 3 % of the writer thread).
  const upsertSessionStats = db.prepare(
    `INSERT INTO session_stats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET
       first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), total = total + excluded.total,
       debug = debug + excluded.debug, warning = warning + excluded.warning, error = error + excluded.error,
       trace = trace + excluded.trace, info = info + excluded.info, fatal = fatal + excluded.fatal`,
  );
  const AT = LOG_COLUMNS.indexOf('at');
  const LEVEL = LOG_COLUMNS.indexOf('ll');
  const addStatsOf = (sessionId: number, params: readonly (string | number | null)[]) => {
    let first = Infinity;
    let last = -Infinity;
    const levels = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < params.length; i += LOG_COLUMNS.length) {
      const at = params[i + AT] as number;
      if (at < first) first = at;
      if (at > last) last = at;
      // A log without a level counts as debug; a level outside 0 to 5 (none passes the checks) counts in the total only,
      // as the SQL above counts it.
      const level = (params[i + LEVEL] as number | null) ?? 0;
      if (level in levels) levels[level]!++;
    }
    upsertSessionStats.run(sessionId, first, last, params.length / LOG_COLUMNS.length, ...levels);
  };
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);
  const addToVolume = createVolumeRollup(db, LOG_COLUMNS);

  function addLogParams(appKey: string, sessionId: number, { rows: count, json }: LogParams): number {
    const params = JSON.parse(json) as (string | number | null)[];
    const width = LOG_COLUMNS.length;
    return db.transaction(() => {
      if (!ofApp(appKey, sessionId)) throw sessionGoneError(sessionId);
      const before = lastLogId.get() as number;
      let stored = 0;
      for (let start = 0; start < count;) {
        const left = count - start;
        const rows = ROWS_PER_INSERT.find((size) => size <= left) ?? left;
        const values = rows === count ? params : params.slice(start * width, (start + rows) * width);
        stored += insertLogs(rows).run(values).changes;
        start += rows;
      }
      if (stored > 0) {
        if (stored === count) addStatsOf(sessionId, params);
        else addSessionStats.run(sessionId, before);
        addToVolume(appKey, before, stored === count ? params : undefined);
      }
      insertBatch.run(appKey, sessionId, count, stored);
      return stored;
    })();
  }

  // A batch's token (docs/clickhouse.md#counts-of-a-batch-once) is recorded in its row: a token already there, or in
  // counted_batches (the tokens of owed counts paid before the rows held them), is counts made before.
  const insertTokenBatch = db.prepare(
    `INSERT OR IGNORE INTO log_batches (app_key, session_id, count, stored, token) VALUES (?, ?, ?, ?, ?)`,
  );
  const countedBefore = db.prepare(`SELECT 1 FROM counted_batches WHERE token = ?`).pluck();

  /** A batch whose logs are in ClickHouse: its counts as the collector's group commit gave them. Whether its session
   * is there. */
  function countLogs(appKey: string, sessionId: number, counts: StoredCounts, token?: string): boolean {
    return db.transaction(() => {
      if (token === undefined) insertBatch.run(appKey, sessionId, counts.sent, counts.stored);
      else {
        // Counted before (this batch, another process's payment, or one killed before it marked the row paid), or for
        // a session deleted since: nothing to count.
        if (countedBefore.get(token)) return true;
        if (!ofApp(appKey, sessionId)) return false;
        if (insertTokenBatch.run(appKey, sessionId, counts.sent, counts.stored, token).changes === 0) return true;
      }
      if (counts.stored > 0)
        upsertSessionStats.run(sessionId, counts.first_at, counts.last_at, counts.stored, ...counts.levels);
      return true;
    })();
  }

  const forgetCounted = db.prepare(`DELETE FROM counted_batches WHERE token = ?`);
  const forgetCountedTokens = (tokens: readonly string[]) =>
    db.transaction(() => tokens.forEach((token) => forgetCounted.run(token)))();

  return { addLogParams, countLogs, forgetCountedTokens };
}
