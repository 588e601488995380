// What the admin API and the intent lookups read from SQLite of what the collector stored; the admin lists a page at
// a time, by row id.
import type Database from 'better-sqlite3';
import type { DeviceInfo, DeviceKeyValue } from '../../../protocol/records.types.ts';
import type { AdminList, CollectedReads, RefusedKey, StoredIssue } from '../store.types.ts';
import { LIST_ROW } from '../store-rows.ts';
import { queries, toLog, toSession, type SessionRow, promised } from './rows.ts';

export function createCollectedReads(db: Database.Database): CollectedReads {
  const { one, all } = queries(db);

  /** Each admin list's page: its rows after a row id, with that id as `cursor_id`. */
  const listQueries: Record<AdminList, Database.Statement> = {
    // Through the app's sessions, then sorted: every page reads all of the app's logs (see logsPage below).
    logs: db.prepare(
      `SELECT logs.id AS cursor_id, logs.*, sessions.session_uid FROM logs JOIN sessions ON sessions.id = logs.session_id
       WHERE sessions.app_key = ? AND logs.id > ? ORDER BY logs.id LIMIT ?`,
    ),
    batches: db.prepare(
      `SELECT log_batches.id AS cursor_id, sessions.session_uid, log_batches.count, log_batches.stored FROM log_batches
       JOIN sessions ON sessions.id = log_batches.session_id WHERE log_batches.app_key = ? AND log_batches.id > ? ORDER BY log_batches.id LIMIT ?`,
    ),
    sessions: db.prepare(`SELECT id AS cursor_id, * FROM sessions WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`),
    issues: db.prepare(
      `SELECT issues.id AS cursor_id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
       JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? AND issues.id > ? ORDER BY issues.id LIMIT ?`,
    ),
    'device-keys': db.prepare(
      `SELECT id AS cursor_id, udid, key, value FROM device_key_changes WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
    requests: db.prepare(
      `SELECT id AS cursor_id, operation, status, skipped FROM requests WHERE app_key = ? AND id > ? ORDER BY id LIMIT ?`,
    ),
  };

  // Logs have no app column of their own, so a page of an app's logs is found one of two ways. Walking the logs in id
  // order and keeping the app's reads about (table / app's share) rows per row kept, and stops once the page is full.
  // Going through the app's sessions reads and sorts all of the app's logs for every page: 250 ms a page (on the event
  // loop, the collector waiting) for an app of 1.7 M logs. So an app that holds much of the table is walked, and one
  // that holds little goes through its sessions.
  const walkLogs = db.prepare(
    `SELECT logs.id AS cursor_id, logs.*, sessions.session_uid FROM logs CROSS JOIN sessions ON sessions.id = logs.session_id
     WHERE sessions.app_key = ? AND logs.id > ? ORDER BY logs.id LIMIT ?`,
  );
  const appLogCount = db
    .prepare(
      `SELECT ifnull(sum(total), 0) FROM session_stats JOIN sessions ON sessions.id = session_stats.session_id WHERE sessions.app_key = ?`,
    )
    .pluck();
  // Two subqueries: SQLite reads max() or min() of the key in one step only when it is alone in its query.
  const logIdSpan = db.prepare(`SELECT ifnull((SELECT max(id) FROM logs) - (SELECT min(id) FROM logs) + 1, 0)`).pluck();
  /** Walked when the app holds at least 1/WALK_SHARE of the logs: then a page reads about WALK_SHARE × limit rows. */
  const WALK_SHARE = 8;
  const pageStatement = (list: AdminList, appKey: string) =>
    list === 'logs' && (appLogCount.get(appKey) as number) * WALK_SHARE >= (logIdSpan.get() as number)
      ? walkLogs
      : listQueries[list];

  return promised<CollectedReads>({
    sessions(appKey, limit = -1) {
      return all<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? ORDER BY id DESC LIMIT ?`, appKey, limit)
        .reverse()
        .map(toSession);
    },
    issues(appKey, limit = -1) {
      return all<StoredIssue>(
        `SELECT * FROM (SELECT issues.id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? ORDER BY issues.id DESC LIMIT ?) ORDER BY id`,
        appKey,
        limit,
      ).map(({ id: _id, ...issue }: StoredIssue & { id?: number }) => issue);
    },
    sessionIssues(sessionId) {
      return all<StoredIssue>(
        `SELECT uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.session_id = ? ORDER BY issues.id`,
        sessionId,
      );
    },
    listPage(list, appKey, after, limit) {
      const rows = pageStatement(list, appKey).all(appKey, after, limit) as ({ cursor_id: number } & Record<
        string,
        unknown
      >)[];
      return { rows: rows.map(({ cursor_id: _id, ...row }) => LIST_ROW[list](row)), last: rows.at(-1)?.cursor_id };
    },
    refusedKeys(limit) {
      return all<RefusedKey>(
        `SELECT app_key, operation, status, count, last_seen FROM refused_keys ORDER BY last_seen DESC LIMIT ?`,
        limit,
      );
    },
    session(appKey, uuid) {
      const row = one<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND session_uid = ?`, appKey, uuid);
      return row && toSession(row);
    },
    sessionLogs(sessionId) {
      return all<Record<string, unknown>>(`SELECT * FROM logs WHERE session_id = ? ORDER BY at, id`, sessionId).map(
        toLog,
      );
    },
    issue(appKey, uid) {
      return one(
        `SELECT uid, url, title, text, type, session_id, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = ? AND uid = ?`,
        appKey,
        uid,
      );
    },
    device(appKey, udid) {
      const row = one<{ udid: string; name: string; info: string | null; first_seen: string; last_seen: string }>(
        `SELECT udid, name, info, first_seen, last_seen FROM devices WHERE app_key = ? AND udid = ?`,
        appKey,
        udid,
      );
      return row && { ...row, info: row.info === null ? null : (JSON.parse(row.info) as DeviceInfo) };
    },
    deviceKeys(appKey, udid) {
      return all<{ key: string; value: string }>(
        `SELECT key, value FROM device_keys WHERE app_key = ? AND udid = ? ORDER BY key`,
        appKey,
        udid,
      ).map((row) => ({ key: row.key, value: JSON.parse(row.value) as DeviceKeyValue }));
    },
    deviceSessions(appKey, udid) {
      return all<SessionRow>(`SELECT * FROM sessions WHERE app_key = ? AND udid = ? ORDER BY id`, appKey, udid).map(
        toSession,
      );
    },
  });
}
