// What the collector writes, in SQLite: devices, sessions, logs (deduplicated on session, `at` and content),
// issues, device keys, and the requests log, kept bounded. The writes run in the writer thread
// (server/stores/sqlite/writer-thread.ts); a batch's logs come there hashed (logParams, on the service's thread).
import type Database from 'better-sqlite3';
import type { DeviceInfo, LogRecord } from '../../../protocol/records.types.ts';
import { logContentHash, storedFields } from '../../collector/log-hash.ts';
import {
  MAX_REFUSED_KEYS,
  MAX_REFUSED_KEY_LENGTH,
  MAX_REQUEST_ROWS,
  PRUNE_EVERY,
  type CollectorStore,
} from '../store.types.ts';
import { now, toSession, type SessionRow, type Sync } from './rows.ts';
import { insertIssue } from '../issue-insert.ts';
import { createIssueGrouping } from './issue-groups.ts';
import { createVolumeRollup } from './log-volume.ts';

/** The columns of a log's row, in the order of LogParams. */
const LOG_COLUMNS = ['session_id', 'x', 't', 'm', 'at', 'tg', 'f', 'l', 'll', 'u', 'content_hash'] as const;

/** A batch's logs as the INSERT's parameters, row after row in LOG_COLUMNS' order (absent fields null), each with its
 * content hash (server/collector/log-hash.ts). One flat array of strings and numbers: it crosses to the writer thread for about
 * half what as many objects would cost. */
export type LogParams = (string | number | null)[];

export function logParams(sessionId: number, logs: LogRecord[]): LogParams {
  const params: LogParams = new Array(logs.length * LOG_COLUMNS.length);
  let i = 0;
  for (const log of logs) {
    const fields = storedFields(log);
    params[i++] = sessionId;
    params[i++] = fields.x;
    params[i++] = fields.t;
    params[i++] = fields.m;
    params[i++] = log.at;
    params[i++] = fields.tg;
    params[i++] = fields.f;
    params[i++] = fields.l;
    params[i++] = fields.ll;
    params[i++] = fields.u;
    params[i++] = logContentHash(fields);
  }
  return params;
}

/** How many logs the parameters hold. */
export const logCount = (params: LogParams) => params.length / LOG_COLUMNS.length;

/** Rows per INSERT: one statement for many rows costs SQLite and the binding less per row than a statement each. */
const ROWS_PER_INSERT = 50;

export type CollectorWrites = Sync<CollectorStore> & {
  /** addLogs, with the logs already made parameters (logParams, on the service's thread): how many were new. */
  addLogParams(appKey: string, sessionId: number, params: LogParams): number;
};

/** Its one read apart from its writes (docs/local-service.md#the-writer-thread); addLogs is the service's thread's,
 * which makes the logs parameters (logParams) and sends them to addLogParams. */
export function collectorStore(db: Database.Database): {
  reads: Pick<CollectorWrites, 'sessionById'>;
  writes: Omit<CollectorWrites, 'sessionById' | 'addLogs'>;
} {
  const upsertDevice = db.prepare(
    `INSERT INTO devices (app_key, udid, name, info, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (app_key, udid) DO UPDATE SET
       name = CASE WHEN excluded.info IS NULL THEN devices.name ELSE excluded.name END,
       info = COALESCE(excluded.info, devices.info), last_seen = excluded.last_seen`,
  );
  const touchDevice = (appKey: string, udid: string, device?: DeviceInfo) => {
    const at = now();
    upsertDevice.run(appKey, udid, device?.name ?? '', device ? JSON.stringify(device) : null, at, at);
  };
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
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);
  const groupIssue = createIssueGrouping(db);
  const addToVolume = createVolumeRollup(db, LOG_COLUMNS);

  const isApp = db.prepare(`SELECT 1 FROM apps WHERE key = ?`).pluck();
  const insertRequest = db.prepare(
    `INSERT INTO requests (app_key, operation, status, received_at, skipped) VALUES (?, ?, ?, ?, ?)`,
  );
  const countRefused = db.prepare(
    `INSERT INTO refused_keys (app_key, operation, status, count, last_seen) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (app_key, operation, status) DO UPDATE SET count = count + 1, last_seen = excluded.last_seen`,
  );
  let recorded = 0;
  /** Row ids only grow, so "all but the newest N" is one range delete on the primary key. */
  const pruneRequests = () => {
    db.prepare(`DELETE FROM requests WHERE id <= (SELECT MAX(id) FROM requests) - ?`).run(MAX_REQUEST_ROWS);
    db.prepare(
      `DELETE FROM refused_keys WHERE rowid IN (SELECT rowid FROM refused_keys ORDER BY last_seen DESC LIMIT -1 OFFSET ?)`,
    ).run(MAX_REFUSED_KEYS);
  };

  const sessionRow = db.prepare(`SELECT * FROM sessions WHERE app_key = ? AND id = ?`);
  const insertSession = db.prepare(
    `INSERT OR IGNORE INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const sessionIdOf = db.prepare(`SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?`).pluck();

  function addLogParams(appKey: string, sessionId: number, params: LogParams): number {
    const count = logCount(params);
    return db.transaction(() => {
      const before = lastLogId.get() as number;
      let stored = 0;
      for (let start = 0; start < count; start += ROWS_PER_INSERT) {
        const rows = Math.min(ROWS_PER_INSERT, count - start);
        stored += insertLogs(rows).run(
          params.slice(start * LOG_COLUMNS.length, (start + rows) * LOG_COLUMNS.length),
        ).changes;
      }
      if (stored > 0) {
        addSessionStats.run(sessionId, before);
        addToVolume(appKey, before, stored === count ? params : undefined);
      }
      insertBatch.run(appKey, sessionId, count, stored);
      return stored;
    })();
  }

  const methods: CollectorWrites = {
    recordRequest(appKey, op, status, skipped) {
      if (appKey !== '' && isApp.get(appKey))
        insertRequest.run(appKey, op, status, now(), skipped ? JSON.stringify(skipped) : null);
      else countRefused.run(appKey.slice(0, MAX_REFUSED_KEY_LENGTH), op, status, now());
      if (++recorded % PRUNE_EVERY === 0) pruneRequests();
    },
    putDevice(appKey, device) {
      touchDevice(appKey, device.udid, device);
    },
    putSession(appKey, session) {
      return db.transaction(() => {
        touchDevice(appKey, session.device.udid, session.device);
        insertSession.run(
          appKey,
          session.session_uid,
          session.device.udid,
          session.time,
          now(),
          JSON.stringify(session),
        );
        return sessionIdOf.get(appKey, session.session_uid) as number;
      })();
    },
    sessionById(appKey, id) {
      const row = sessionRow.get(appKey, id) as SessionRow | undefined;
      return row && toSession(row);
    },
    addLogs: (appKey, sessionId, logs) => addLogParams(appKey, sessionId, logParams(sessionId, logs)),
    addLogParams,
    addIssue(appKey, issue) {
      return db.transaction(() => {
        const { text, values } = insertIssue(appKey, issue).render(() => '?');
        const added = db.prepare(text).get(...values) as { id: number } | undefined;
        // A new issue joins its group (docs/explorer.md#issue-groups).
        if (added) groupIssue(added.id, true);
        return added !== undefined;
      })();
    },
    setDeviceKey(appKey, udid, key, value) {
      db.transaction(() => {
        touchDevice(appKey, udid);
        const json = JSON.stringify(value);
        if (value === null)
          db.prepare(`DELETE FROM device_keys WHERE app_key = ? AND udid = ? AND key = ?`).run(appKey, udid, key);
        else
          db.prepare(`INSERT OR REPLACE INTO device_keys (app_key, udid, key, value) VALUES (?, ?, ?, ?)`).run(
            appKey,
            udid,
            key,
            json,
          );
        db.prepare(
          `INSERT INTO device_key_changes (app_key, udid, key, value, received_at) VALUES (?, ?, ?, ?, ?)`,
        ).run(appKey, udid, key, json, now());
      })();
    },
  };
  const { sessionById, addLogs: _, ...writes } = methods;
  return { reads: { sessionById }, writes };
}
