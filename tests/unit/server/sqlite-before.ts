// A SQLite database as a version before a migration left it, for the tests of what that migration does to stored data:
// the migrations before `upTo` run, its version recorded, and one session of `appKey` in it.
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';

export function sqliteBefore(path: string, upTo: number, appKey: string): { db: Database.Database; session: number } {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // Migrations that hash the logs and apps stored then (server/stores/sqlite/store.ts registers these): none here.
  for (const name of ['sidelog_log_hash', 'sidelog_bugfender_app_id']) db.function(name, { varargs: true }, () => '');
  for (const sql of MIGRATIONS.slice(0, upTo)) db.exec(sql);
  db.pragma(`user_version = ${upTo}`);
  const session = db
    .prepare(
      `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, 's', 'd', '', '', '{}') RETURNING id`,
    )
    .pluck()
    .get(appKey) as number;
  return { db, session };
}
