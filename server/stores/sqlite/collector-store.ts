// What the collector writes, in SQLite: devices, sessions, logs (deduplicated on session, `at` and content),
// issues, device keys, and the requests log, kept bounded. The writes run in the writer thread
// (server/stores/sqlite/writer-thread.ts); a batch's logs come there hashed (logParams, on the service's thread), and are
// written by log-batch.ts.
import type Database from 'better-sqlite3';
import type { DeviceInfo } from '../../../protocol/records.types.ts';
import type { CollectorStore } from '../store.types.ts';
import { PRUNE_REQUESTS_LOG, pruneEvery, refusedKey } from '../requests-log.ts';
import { now, toSession, type SessionRow, type Sync } from './rows.ts';
import { insertIssue } from '../issue-insert.ts';
import { createIssueGrouping } from './issue-groups.ts';
import { logBatchWrites, logParams, sessionGoneError, sessionOfApp, type LogParams } from './log-batch.ts';

type CollectorWrites = Sync<CollectorStore> & {
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
  const groupIssue = createIssueGrouping(db);
  const ofApp = sessionOfApp(db);

  const isApp = db.prepare(`SELECT 1 FROM apps WHERE key = ?`).pluck();
  const insertRequest = db.prepare(
    `INSERT INTO requests (app_key, operation, status, received_at, skipped) VALUES (?, ?, ?, ?, ?)`,
  );
  const countRefused = db.prepare(
    `INSERT INTO refused_keys (app_key, operation, status, count, last_seen) VALUES (?, ?, ?, 1, ?)
     ON CONFLICT (app_key, operation, status) DO UPDATE SET count = count + 1, last_seen = excluded.last_seen`,
  );
  const prunes = PRUNE_REQUESTS_LOG.map((statement) => {
    const { text, values } = statement.render(() => '?');
    return db.prepare(text).bind(...values);
  });
  const recorded = pruneEvery(() => prunes.forEach((prune) => prune.run()));

  const sessionRow = db.prepare(`SELECT * FROM sessions WHERE app_key = ? AND id = ?`);
  const insertSession = db.prepare(
    `INSERT OR IGNORE INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const sessionIdOf = db.prepare(`SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?`).pluck();

  const { addLogParams, countLogs, forgetCountedTokens } = logBatchWrites(db);

  const methods: CollectorWrites = {
    recordRequest(appKey, op, status, skipped) {
      if (appKey !== '' && isApp.get(appKey))
        insertRequest.run(appKey, op, status, now(), skipped ? JSON.stringify(skipped) : null);
      else countRefused.run(refusedKey(appKey), op, status, now());
      recorded();
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
    countLogs,
    forgetCountedTokens,
    addIssue(appKey, issue) {
      return db.transaction(() => {
        if (!ofApp(appKey, issue.session_id)) throw sessionGoneError(issue.session_id);
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
