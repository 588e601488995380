// What the collector writes, in SQLite: devices, sessions, logs (deduplicated on session, `at` and content),
// issues, device keys, and the requests log, kept bounded.
import type Database from 'better-sqlite3';
import type { DeviceInfo } from '../../protocol/records.types.ts';
import { logContentHash } from '../log-hash.ts';
import { MAX_REFUSED_KEYS, MAX_REFUSED_KEY_LENGTH, MAX_REQUEST_ROWS, PRUNE_EVERY, type CollectorStore } from '../store.types.ts';
import { now, queries, toSession, type SessionRow, promised } from './rows.ts';


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
  const insertBatch = db.prepare(`INSERT INTO log_batches (app_key, session_id, count, stored) VALUES (?, ?, ?, ?)`);

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
      return db.transaction(() => {
        let stored = 0;
        for (const log of logs) {
          const fields = { x: log.x, t: log.t ?? null, m: log.m ?? null, tg: log.tg ?? null, f: log.f ?? null, l: log.l ?? null, ll: log.ll ?? null, u: log.u ?? null };
          const { x, t, m, tg, f, l, ll, u } = fields;
          stored += insertLog.run(sessionId, x, t, m, log.at, tg, f, l, ll, u, logContentHash(fields)).changes;
        }
        insertBatch.run(appKey, sessionId, logs.length, stored);
        return stored;
      })();
    },
    addIssue(appKey, issue) {
      const result = db
        .prepare(
          `INSERT OR IGNORE INTO issues (app_key, uid, session_id, url, title, text, type, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(appKey, issue.uid, issue.session_id, issue.url ?? '', issue.title, issue.text, issue.type, now());
      return result.changes === 1;
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
