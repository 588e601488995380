// What the collector writes, in PostgreSQL: devices, sessions, logs (deduplicated on session, `at` and content by
// the unique key, so concurrent resends from any number of processes store a log once), issues, device keys, and
// the requests log, kept bounded. A batch of logs is one statement: the rows go in as one JSON text (JSON.stringify
// writes it in a fraction of the time the driver takes to write ten arrays of text, and json_to_recordset reads it
// as fast), and the same statement counts the new ones into session_stats and the volume, and records the batch.
// Its words go into the tsvector's GIN index with the row; no trigram index (docs/explorer.md#search).
import type pg from 'pg';
import type { DeviceInfo, LogRecord } from '../../../protocol/records.types.ts';
import { COLUMNS, columnList } from '../log-columns.ts';
import { logContentHash, storedFields } from '../log-hash.ts';
import { now, toSession, type SessionRow } from '../store-rows.ts';
import type { CollectorStore } from '../store.types.ts';
import { PRUNE_REQUESTS_LOG, pruneEvery, refusedKey } from '../requests-log.ts';
import { sql, storableJson, transaction, withoutNul, type Queryable } from './client.ts';
import { insertIssue } from '../issue-insert.ts';
import { numbered } from './dialect.ts';
import { groupIssue } from './issue-groups.ts';
import { ADD_TO_VOLUME, createVolumeFolding } from './log-volume.ts';
import type { Partitions } from './partitions.ts';
import type { Statistics } from './statistics.ts';

/** A session's counts plus a batch's (session_stats' columns as `excluded`). */
const ADD_TO_STATS = `ON CONFLICT (session_id) DO UPDATE SET
      first_at = least(session_stats.first_at, excluded.first_at), last_at = greatest(session_stats.last_at, excluded.last_at),
      total = session_stats.total + excluded.total, debug = session_stats.debug + excluded.debug, warning = session_stats.warning + excluded.warning,
      error = session_stats.error + excluded.error, trace = session_stats.trace + excluded.trace, info = session_stats.info + excluded.info,
      fatal = session_stats.fatal + excluded.fatal`;

/** PostgreSQL's code for a row that a unique key already holds. */
const UNIQUE_VIOLATION = '23505';

/** A batch whose logs are in ClickHouse, counted as ADD_LOGS counts its own, in one statement. With a token ($13:
 * docs/clickhouse.md#counts-of-a-batch-once) the batch's row records it, and a token already there or in
 * counted_batches (owed counts paid before the rows held tokens), or a session deleted since, counts nothing: a second
 * payer's insert waits on the first's row, then finds it. Answers whether the session is there. */
const COUNT_LOGS = `
  WITH batch AS (
    INSERT INTO log_batches (app_key, session_id, count, stored, token)
    SELECT $12, $1::int, $2::int, $3::int, $13::text
    WHERE $13::text IS NULL OR (EXISTS (SELECT 1 FROM sessions WHERE id = $1::int)
      AND NOT EXISTS (SELECT 1 FROM counted_batches WHERE token = $13::text))
    ON CONFLICT (token) WHERE token IS NOT NULL DO NOTHING
    RETURNING 1
  ), counted AS (
    INSERT INTO session_stats (session_id, first_at, last_at, total, debug, warning, error, trace, info, fatal)
    SELECT $1::int, $4::float8, $5::float8, $3::int, $6::int, $7::int, $8::int, $9::int, $10::int, $11::int
    WHERE $3::int > 0 AND EXISTS (SELECT 1 FROM batch)
    ${ADD_TO_STATS}
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM sessions WHERE id = $1::int) AS here`;

/** A batch's logs in one statement, `dedupe` after its insert. */
const addLogs = (dedupe: string) => `
  WITH input AS (
    SELECT * FROM json_to_recordset($2::json) AS i (${COLUMNS.map((column) => `${column.name} ${column.sql.postgres}`).join(', ')}, h text)
  ),
  added AS (
    INSERT INTO logs (session_id, ${columnList()}, content_hash) SELECT $1, ${columnList()}, h FROM input
    ${dedupe} RETURNING at, coalesce(ll, 0) AS ll
  ),
  counted AS (
    INSERT INTO session_stats (session_id, first_at, last_at, total, debug, warning, error, trace, info, fatal)
    SELECT $1, min(at), max(at), count(*), count(*) FILTER (WHERE ll = 0), count(*) FILTER (WHERE ll = 1), count(*) FILTER (WHERE ll = 2),
      count(*) FILTER (WHERE ll = 3), count(*) FILTER (WHERE ll = 4), count(*) FILTER (WHERE ll = 5)
    FROM added HAVING count(*) > 0
    ${ADD_TO_STATS}
    RETURNING 1
  ),
  ${ADD_TO_VOLUME}
  INSERT INTO log_batches (app_key, session_id, count, stored) SELECT $3, $1, $4, count(*) FROM added RETURNING stored`;

/** A batch none of whose logs is stored yet, as nearly every batch is: a plain insert. ON CONFLICT would insert each
 * row speculatively (a look in the unique key before it, a lock, and a second WAL record after it): 1 to 2 ms of the
 * server's CPU of a batch's 12 to 14, and 5 % of its WAL (docs/benchmarks.md#a-batch-on-postgresql-today). A log stored before
 * (a resend) fails it on the unique key, and the batch goes again as ADD_LOGS_DEDUPED. Exported for the bench's
 * profile (bench/collector/postgres-profile.ts), as is the other. */
export const ADD_LOGS = addLogs('');
/** A batch that holds a log stored before: each such log skipped, the others stored and counted. */
export const ADD_LOGS_DEDUPED = addLogs('ON CONFLICT (session_id, at, content_hash) DO NOTHING');

/** A batch's logs as ADD_LOGS' rows (each with its content hash as `h`), in one order for every writer, so that two
 * batches sharing logs never wait on each other in a cycle. */
export function batchRows(logs: readonly LogRecord[]): (Record<string, unknown> & { at: number; h: string })[] {
  const rows = logs.map((log) => {
    const fields = storedFields(log);
    const row: Record<string, unknown> & { at: number; h: string } = { at: log.at, h: logContentHash(fields) };
    for (const column of COLUMNS) {
      if (column.name === 'at') continue;
      const value = fields[column.name];
      row[column.name] = typeof value === 'string' ? withoutNul(value) : value;
    }
    return row;
  });
  rows.sort((a, b) => a.at - b.at || (a.h < b.h ? -1 : a.h > b.h ? 1 : 0));
  return rows;
}

/** A device seen now: added, or its last sight moved (its name and facts with it when they came). */
function touchDevice(db: Queryable, appKey: string, udid: string, device?: DeviceInfo) {
  const at = now();
  return sql(db).run(
    `INSERT INTO devices (app_key, udid, name, info, first_seen, last_seen) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (app_key, udid) DO UPDATE SET
       name = CASE WHEN excluded.info IS NULL THEN devices.name ELSE excluded.name END,
       info = COALESCE(excluded.info, devices.info), last_seen = excluded.last_seen`,
    appKey,
    udid,
    device?.name ?? '',
    device ? storableJson(device) : null,
    at,
  );
}

export function createCollectorStore(pool: pg.Pool, partitions: Partitions, statistics: Statistics): CollectorStore {
  const { one, run } = sql(pool);

  const foldVolume = createVolumeFolding(pool);
  const recorded = pruneEvery(async () => {
    for (const statement of PRUNE_REQUESTS_LOG) {
      const { text, values } = numbered(statement);
      await run(text, ...values);
    }
  });

  return {
    async recordRequest(appKey, op, status, skipped) {
      // One statement, one round trip: a request of a known app's key is a row of requests, any other a count in
      // refused_keys (the two inserts, each only where the app is or is not).
      await run(
        `WITH known AS (SELECT 1 FROM apps WHERE key = $1 AND $1 <> ''),
         listed AS (
           INSERT INTO requests (app_key, operation, status, received_at, skipped)
           SELECT $1, $2, $3, $4, $5 FROM known RETURNING 1
         )
         INSERT INTO refused_keys (app_key, operation, status, count, last_seen)
         SELECT $6, $2, $3, 1, $4 WHERE NOT EXISTS (SELECT 1 FROM known)
         ON CONFLICT (app_key, operation, status) DO UPDATE SET count = refused_keys.count + 1, last_seen = excluded.last_seen`,
        appKey,
        op,
        status,
        now(),
        skipped ? JSON.stringify(skipped) : null,
        refusedKey(appKey),
      );
      await recorded();
    },
    async putDevice(appKey, device) {
      await touchDevice(pool, appKey, device.udid, device);
    },
    async putSession(appKey, session) {
      return transaction(pool, async (client) => {
        await touchDevice(client, appKey, session.device.udid, session.device);
        const db = sql(client);
        const added = await db.one<{ id: number }>(
          `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (app_key, session_uid) DO NOTHING RETURNING id`,
          appKey,
          session.session_uid,
          session.device.udid,
          session.time,
          now(),
          storableJson(session),
        );
        return (
          added?.id ??
          (await db.one<{ id: number }>(
            `SELECT id FROM sessions WHERE app_key = $1 AND session_uid = $2`,
            appKey,
            session.session_uid,
          ))!.id
        );
      });
    },
    async sessionById(appKey, id) {
      if (!Number.isSafeInteger(id) || id > 2 ** 31 - 1 || id < -(2 ** 31)) return undefined;
      const row = await one<SessionRow>(`SELECT * FROM sessions WHERE app_key = $1 AND id = $2`, appKey, id);
      return row && toSession(row);
    },
    async addLogs(appKey, sessionId, logs) {
      const rows = batchRows(logs);
      await partitions.ensure(rows.map((row) => row.at));
      const values = [sessionId, JSON.stringify(rows), appKey, logs.length];
      // Unnamed: parsing and planning it costs the server about 0.2 ms of a batch's 13, which a prepared statement
      // did not measurably save (docs/benchmarks.md#a-batch-on-postgresql-today), and a named statement breaks behind
      // a pooler in transaction mode.
      const result = await pool.query<{ stored: number }>(ADD_LOGS, values).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
        return pool.query<{ stored: number }>(ADD_LOGS_DEDUPED, values);
      });
      const stored = result.rows[0]?.stored ?? 0;
      statistics.stored(stored);
      foldVolume();
      return stored;
    },
    async countLogs(appKey, sessionId, counts, token) {
      const { rows } = await pool.query<{ here: boolean }>(COUNT_LOGS, [
        sessionId,
        counts.sent,
        counts.stored,
        counts.first_at,
        counts.last_at,
        ...counts.levels.slice(0, 6),
        appKey,
        token ?? null,
      ]);
      return rows[0]!.here;
    },
    async forgetCountedTokens(tokens) {
      if (tokens.length > 0) await pool.query(`DELETE FROM counted_batches WHERE token = ANY($1::text[])`, [tokens]);
    },
    async addIssue(appKey, issue) {
      return transaction(pool, async (client) => {
        const { text, values } = numbered(insertIssue(appKey, issue));
        const added = await sql(client).one<{ id: number }>(text, ...values);
        // A new issue joins its group (docs/explorer.md#issue-groups).
        if (added) await groupIssue(client, added.id, true);
        return added !== undefined;
      });
    },
    async setDeviceKey(appKey, udid, key, value) {
      await transaction(pool, async (client) => {
        await touchDevice(client, appKey, udid);
        const db = sql(client);
        const json = JSON.stringify(value);
        if (value === null)
          await db.run(`DELETE FROM device_keys WHERE app_key = $1 AND udid = $2 AND key = $3`, appKey, udid, key);
        else
          await db.run(
            `INSERT INTO device_keys (app_key, udid, key, value) VALUES ($1, $2, $3, $4) ON CONFLICT (app_key, udid, key) DO UPDATE SET value = excluded.value`,
            appKey,
            udid,
            key,
            json,
          );
        await db.run(
          `INSERT INTO device_key_changes (app_key, udid, key, value, received_at) VALUES ($1, $2, $3, $4, $5)`,
          appKey,
          udid,
          key,
          json,
          now(),
        );
      });
    },
  };
}
