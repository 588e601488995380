// What the collector writes, in SQLite: devices, sessions, logs (deduplicated on session, `at` and content),
// issues, device keys, and the requests log, kept bounded.
import type Database from 'better-sqlite3';
import type { DeviceInfo } from '../../protocol/records.types.ts';
import { logContentHash } from '../log-hash.ts';
import { MAX_REFUSED_KEYS, MAX_REFUSED_KEY_LENGTH, MAX_REQUEST_ROWS, PRUNE_EVERY, type CollectorStore } from '../store.types.ts';
import { now, queries, toSession, type SessionRow, promised } from './rows.ts';
import { searchIndexOf } from './search-index.ts';
import { createIssueGrouping } from './issue-groups.ts';

export function createCollectorStore(db: Database.Database): CollectorStore {
  const { one } = queries(db);
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
  const insertLog = db.prepare(
    `INSERT OR IGNORE INTO logs (session_id, x, t, m, at, tg, f, l, ll, u, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // What the explorer's sessions list shows (server/sqlite/schema.ts, session_stats), added once per batch.
  const addSessionStats = db.prepare(
    `INSERT INTO session_stats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET
       first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at), total = total + excluded.total,
       debug = debug + excluded.debug, warning = warning + excluded.warning, error = error + excluded.error,
       trace = trace + excluded.trace, info = info + excluded.info, fatal = fatal + excluded.fatal`,
  );
  const searchIndex = searchIndexOf(db);
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);
  const groupIssue = createIssueGrouping(db);

  const isApp = db.prepare(`SELECT 1 FROM apps WHERE key = ?`).pluck();
  const insertRequest = db.prepare(`INSERT INTO requests (app_key, operation, status, received_at, skipped) VALUES (?, ?, ?, ?, ?)`);
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

  return promised<CollectorStore>({
    recordRequest(appKey, op, status, skipped) {
      if (appKey !== '' && isApp.get(appKey)) insertRequest.run(appKey, op, status, now(), skipped ? JSON.stringify(skipped) : null);
      else countRefused.run(appKey.slice(0, MAX_REFUSED_KEY_LENGTH), op, status, now());
      if (++recorded % PRUNE_EVERY === 0) pruneRequests();
    },
    putDevice(appKey, device) {
      touchDevice(appKey, device.udid, device);
    },
    putSession(appKey, session) {
      return db.transaction(() => {
        touchDevice(appKey, session.device.udid, session.device);
        db.prepare(
          `INSERT OR IGNORE INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(appKey, session.session_uid, session.device.udid, session.time, now(), JSON.stringify(session));
        return one<{ id: number }>(`SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?`, appKey, session.session_uid)!.id;
      })();
    },
    sessionById(appKey, id) {
      const row = one<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND id = ?`, appKey, id);
      return row && toSession(row);
    },
    addLogs(appKey, sessionId, logs) {
      const stored = db.transaction(() => {
        const stats = new SessionStats();
        for (const log of logs) {
          const fields = { x: log.x, t: log.t ?? null, m: log.m ?? null, tg: log.tg ?? null, f: log.f ?? null, l: log.l ?? null, ll: log.ll ?? null, u: log.u ?? null };
          const { x, t, m, tg, f, l, ll, u } = fields;
          if (insertLog.run(sessionId, x, t, m, log.at, tg, f, l, ll, u, logContentHash(fields)).changes === 1) stats.add(log.at, ll);
        }
        if (stats.total > 0) addSessionStats.run(sessionId, stats.firstAt, stats.lastAt, stats.total, ...stats.byLevel);
        insertBatch.run(appKey, sessionId, logs.length, stats.total);
        return stats.total;
      })();
      if (stored > 0) searchIndex.schedule();
      return stored;
    },
    addIssue(appKey, issue) {
      return db.transaction(() => {
        const result = db
          .prepare(
            `INSERT OR IGNORE INTO issues (app_key, uid, session_id, url, title, text, type, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(appKey, issue.uid, issue.session_id, issue.url ?? '', issue.title, issue.text, issue.type, now());
        // A new issue joins its group (docs/explorer.md#issue-groups).
        if (result.changes === 1) groupIssue(Number(result.lastInsertRowid), true);
        return result.changes === 1;
      })();
    },
    setDeviceKey(appKey, udid, key, value) {
      db.transaction(() => {
        touchDevice(appKey, udid);
        const json = JSON.stringify(value);
        if (value === null) db.prepare(`DELETE FROM device_keys WHERE app_key = ? AND udid = ? AND key = ?`).run(appKey, udid, key);
        else
          db.prepare(`INSERT OR REPLACE INTO device_keys (app_key, udid, key, value) VALUES (?, ?, ?, ?)`).run(appKey, udid, key, json);
        db.prepare(`INSERT INTO device_key_changes (app_key, udid, key, value, received_at) VALUES (?, ?, ?, ?, ?)`).run(
          appKey,
          udid,
          key,
          json,
          now(),
        );
      })();
    },
  });
}

/** A batch's stored logs as session_stats counts them: first and last `at`, and how many of each level (a missing
 * level counts as debug, 0), in the table's column order: debug, warning, error, trace, info, fatal. */
class SessionStats {
  firstAt = Infinity;
  lastAt = -Infinity;
  total = 0;
  readonly byLevel = [0, 0, 0, 0, 0, 0];

  add(at: number, level: number | null): void {
    this.firstAt = Math.min(this.firstAt, at);
    this.lastAt = Math.max(this.lastAt, at);
    this.total++;
    const column = level ?? 0;
    // A level the table has no column for counts in the total only.
    if (column >= 0 && column < this.byLevel.length) this.byLevel[column]!++;
  }
}
