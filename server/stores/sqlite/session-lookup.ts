// SQLite's answers to a log store kept apart (server/stores/store.types.ts, SessionLookup): the sessions a filter on a
// session's own fields names, and who the sessions of a page of logs are from.
import type Database from 'better-sqlite3';
import type { SessionLookup, SessionMatch } from '../store.types.ts';

/** A session's field as SQLite reads it from its row. */
const FIELD = {
  session: 's.session_uid',
  device: 's.udid',
  version: `json_extract(s.payload, '$.app_version.version')`,
  language: `json_extract(s.payload, '$.language')`,
} as const;

export function createSessionLookup(db: Database.Database): SessionLookup {
  return {
    async sessionIdsWhere(appKey: string, match: SessionMatch) {
      const values = JSON.stringify(match.values);
      if ('key' in match)
        return db
          .prepare(
            `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
             WHERE k.app_key = ? AND k.key = ? AND k.value IN (SELECT value FROM json_each(?))`,
          )
          .pluck()
          .all(appKey, match.key, values) as number[];
      return db
        .prepare(
          `SELECT s.id FROM sessions s WHERE s.app_key = ? AND ${FIELD[match.field]} IN (SELECT value FROM json_each(?))`,
        )
        .pluck()
        .all(appKey, values) as number[];
    },
    async sessionsOfIds(appKey, ids) {
      return db
        .prepare(
          `SELECT s.id, s.session_uid, s.udid, coalesce(d.name, '') AS device_name
           FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
           WHERE s.app_key = ? AND s.id IN (SELECT value FROM json_each(?))`,
        )
        .all(appKey, JSON.stringify(ids)) as Awaited<ReturnType<SessionLookup['sessionsOfIds']>>;
    },
  };
}
