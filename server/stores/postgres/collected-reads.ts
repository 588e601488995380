// What the admin API and the intent lookups read from PostgreSQL of what the collector stored; the admin lists a
// page at a time, by row id.
import type pg from 'pg';
import type { DeviceInfo, DeviceKeyValue } from '../../../protocol/records.types.ts';
import { columnList } from '../log-columns.ts';
import { LIST_ROW, toLog, toSession, type SessionRow } from '../store-rows.ts';
import type { AdminList, CollectedReads, RefusedKey, StoredIssue } from '../store.types.ts';
import { sql } from './client.ts';

/** Each admin list's page: its rows after a row id, with that id as `cursor_id`. */
const LIST_QUERIES: Record<AdminList, string> = {
  logs: `SELECT logs.id AS cursor_id, logs.id, logs.session_id, ${columnList('logs.')}, sessions.session_uid FROM logs
         JOIN sessions ON sessions.id = logs.session_id WHERE sessions.app_key = $1 AND logs.id > $2::bigint ORDER BY logs.id LIMIT $3`,
  batches: `SELECT log_batches.id AS cursor_id, sessions.session_uid, log_batches.count, log_batches.stored FROM log_batches
            JOIN sessions ON sessions.id = log_batches.session_id WHERE log_batches.app_key = $1 AND log_batches.id > $2::bigint ORDER BY log_batches.id LIMIT $3`,
  sessions: `SELECT id AS cursor_id, * FROM sessions WHERE app_key = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
  issues: `SELECT issues.id AS cursor_id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
           JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = $1 AND issues.id > $2::bigint ORDER BY issues.id LIMIT $3`,
  'device-keys': `SELECT id AS cursor_id, udid, key, value FROM device_key_changes WHERE app_key = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
  requests: `SELECT id AS cursor_id, operation, status, skipped FROM requests WHERE app_key = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
};

const SESSION_COLUMNS = 'id, session_uid, udid, time, received_at, payload';

export function createCollectedReads(pool: pg.Pool): CollectedReads {
  const { one, all } = sql(pool);
  return {
    async sessions(appKey, limit) {
      const rows = await all<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE app_key = $1 ORDER BY id DESC LIMIT $2`,
        appKey,
        limit ?? null,
      );
      return rows.reverse().map(toSession);
    },
    async issues(appKey, limit) {
      const rows = await all<StoredIssue & { id?: number }>(
        `SELECT * FROM (SELECT issues.id, uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = $1 ORDER BY issues.id DESC LIMIT $2) AS newest ORDER BY id`,
        appKey,
        limit ?? null,
      );
      return rows.map(({ id: _id, ...issue }) => issue);
    },
    sessionIssues: (sessionId) =>
      all<StoredIssue>(
        `SELECT uid, url, title, text, type, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.session_id = $1 ORDER BY issues.id`,
        sessionId,
      ),
    async listPage(list, appKey, after, limit) {
      const rows = await all<{ cursor_id: number } & Record<string, unknown>>(LIST_QUERIES[list], appKey, after, limit);
      return {
        rows: rows.map(({ cursor_id: _id, ...row }) => LIST_ROW[list](row)),
        last: rows.at(-1)?.cursor_id,
      };
    },
    async refusedKeys(limit) {
      return all<RefusedKey>(
        `SELECT app_key, operation, status, count, last_seen FROM refused_keys ORDER BY last_seen DESC LIMIT $1`,
        limit,
      );
    },
    async session(appKey, uuid) {
      const row = await one<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE app_key = $1 AND session_uid = $2`,
        appKey,
        uuid,
      );
      return row && toSession(row);
    },
    async sessionLogs(sessionId) {
      return (await all(`SELECT ${columnList()} FROM logs WHERE session_id = $1 ORDER BY at, id`, sessionId)).map(
        toLog,
      );
    },
    async issue(appKey, uid) {
      return one<StoredIssue & { session_id: number }>(
        `SELECT uid, url, title, text, type, session_id, sessions.session_uid, issues.received_at FROM issues
         JOIN sessions ON sessions.id = issues.session_id WHERE issues.app_key = $1 AND uid = $2`,
        appKey,
        uid,
      );
    },
    async device(appKey, udid) {
      const row = await one<{ udid: string; name: string; info: string | null; first_seen: string; last_seen: string }>(
        `SELECT udid, name, info, first_seen, last_seen FROM devices WHERE app_key = $1 AND udid = $2`,
        appKey,
        udid,
      );
      return row && { ...row, info: row.info === null ? null : (JSON.parse(row.info) as DeviceInfo) };
    },
    async deviceKeys(appKey, udid) {
      const rows = await all<{ key: string; value: string }>(
        `SELECT key, value FROM device_keys WHERE app_key = $1 AND udid = $2 ORDER BY key`,
        appKey,
        udid,
      );
      return rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as DeviceKeyValue }));
    },
    async deviceSessions(appKey, udid) {
      return (
        await all<SessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM sessions WHERE app_key = $1 AND udid = $2 ORDER BY id`,
          appKey,
          udid,
        )
      ).map(toSession);
    },
  };
}
