// Retention's marks and deletes in SQLite (server/retention.ts): rows carry no arrival time of their own, so now
// and then the highest id of each table is noted with the time, and rows at or below a mark older than the period go.
import type Database from 'better-sqlite3';
import { promised, type Sync } from './rows.ts';
import type { RetentionStore } from '../store.types.ts';

/** What retention deletes by age, in this order. Sessions go after them, once nothing refers to them. */
const RETAINED_TABLES = ['logs', 'log_batches', 'issues', 'device_key_changes', 'requests'] as const;

export function createRetentionStore(db: Database.Database): RetentionStore {
  return promised<RetentionStore>(retentionStoreSync(db));
}

export function retentionStoreSync(db: Database.Database): Sync<RetentionStore> {
  return {
    markRetention(at) {
      db.transaction(() => {
        for (const table of RETAINED_TABLES) {
          const maxId = (db.prepare(`SELECT MAX(id) FROM ${table}`).pluck().get() as number | null) ?? 0;
          db.prepare(`INSERT INTO retention_marks (at, table_name, max_id) VALUES (?, ?, ?)`).run(
            at.toISOString(),
            table,
            maxId,
          );
        }
      })();
    },
    pruneBefore(cutoff, batch) {
      const before = cutoff.toISOString();
      // Logs, then what refers to sessions, so that sessions left with nothing can go last.
      for (const table of RETAINED_TABLES) {
        const mark = db
          .prepare(`SELECT max_id FROM retention_marks WHERE table_name = ? AND at <= ? ORDER BY at DESC LIMIT 1`)
          .pluck()
          .get(table, before) as number | undefined;
        if (!mark) continue;
        // The newest row stays, however old: SQLite gives a new row the highest id plus one, so a table emptied would
        // give its next rows ids it gave before, which older marks and the search index's indexed_to still name.
        const { changes } = db
          .prepare(
            `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id <= ? AND id < (SELECT max(id) FROM ${table}) ORDER BY id LIMIT ?)`,
          )
          .run(mark, batch);
        if (changes > 0) return changes;
        // Marks older than the one in use are of no more use.
        db.prepare(
          `DELETE FROM retention_marks WHERE table_name = ? AND at < (SELECT at FROM retention_marks WHERE table_name = ? AND at <= ? ORDER BY at DESC LIMIT 1)`,
        ).run(table, table, before);
      }
      return db
        .prepare(
          `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE received_at < ?
             AND NOT EXISTS (SELECT 1 FROM logs WHERE logs.session_id = sessions.id)
             AND NOT EXISTS (SELECT 1 FROM log_batches WHERE log_batches.session_id = sessions.id)
             AND NOT EXISTS (SELECT 1 FROM issues WHERE issues.session_id = sessions.id) LIMIT ?)`,
        )
        .run(before, batch).changes;
    },
  };
}
