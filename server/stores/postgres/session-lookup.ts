// PostgreSQL's answers to a log store kept apart (server/stores/store.types.ts, SessionLookup): the sessions a filter on
// a session's own fields names, and who the sessions of a page of logs are from.
import type pg from 'pg';
import type { SessionLookup, SessionMatch } from '../store.types.ts';

/** A session's field as PostgreSQL reads it from its row. */
const FIELD = {
  session: 's.session_uid',
  device: 's.udid',
  version: `(s.payload::json -> 'app_version' ->> 'version')`,
  language: `(s.payload::json ->> 'language')`,
} as const;

export function createSessionLookup(pool: pg.Pool): SessionLookup {
  return {
    async sessionIdsWhere(appKey: string, match: SessionMatch) {
      const { rows } =
        'key' in match
          ? await pool.query<{ id: number }>(
              `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
               WHERE k.app_key = $1 AND k.key = $2 AND k.value = ANY ($3::text[])`,
              [appKey, match.key, match.values],
            )
          : await pool.query<{ id: number }>(
              `SELECT s.id FROM sessions s WHERE s.app_key = $1 AND ${FIELD[match.field]} = ANY ($2::text[])`,
              [appKey, match.values],
            );
      return rows.map((row) => row.id);
    },
    async sessionsOfIds(appKey, ids) {
      const { rows } = await pool.query<{ id: number; session_uid: string; udid: string; device_name: string }>(
        `SELECT s.id, s.session_uid, s.udid, coalesce(d.name, '') AS device_name
         FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
         WHERE s.app_key = $1 AND s.id = ANY ($2::int[])`,
        [appKey, ids],
      );
      return rows;
    },
  };
}
