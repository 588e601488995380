// Retention's marks and deletes in SQLite (server/stores/retention.ts): rows carry no arrival time of their own, so now
// and then the highest id of each table is noted with the time, and rows at or below a mark older than the period go.
import type Database from 'better-sqlite3';
import type { Sync } from './rows.ts';
import type { RetentionStore } from '../store.types.ts';

/** What retention deletes by age, in this order. Sessions go after them, once nothing refers to them. */
const RETAINED_TABLES = ['logs', 'log_batches', 'issues', 'device_key_changes', 'requests'] as const;

/** Only writes, each run alone in the writer thread (MAINTENANCE_METHODS in server/stores/sqlite/writer.types.ts). */
export function retentionStore(db: Database.Database): { reads: object; writes: Sync<RetentionStore> } {
  const pruneGroups = issueGroupPruning(db);
  const writes: Sync<RetentionStore> = {
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
    uncountLogs(counts) {
      const subtract = db.prepare(
        `UPDATE session_stats SET total = total - ?, debug = debug - ?, warning = warning - ?, error = error - ?,
           trace = trace - ?, info = info - ?, fatal = fatal - ? WHERE session_id = ?`,
      );
      db.transaction(() => {
        for (const { session_id, total, levels } of counts) subtract.run(total, ...levels.slice(0, 6), session_id);
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
      const groups = pruneGroups(before, batch);
      if (groups > 0) return groups;
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
  return { reads: {}, writes };
}

/** The issue groups whose last occurrence arrived before the cutoff and whose issues have all gone (by the marks,
 * above). The newest group stays, however old, as the newest row of each table above does: its id would be given
 * again, and a link to the group (in a notification, a bookmark) would open another. */
const EXPIRED_GROUPS = `SELECT g.id FROM issue_groups g WHERE g.last_seen < @before
  AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.group_id = g.id) AND g.id < (SELECT max(id) FROM issue_groups)`;

/** One step of deleting expired issue groups (docs/explorer.md#issue-groups), in one transaction: up to `batch` of
 * their devices, each group's count following them (so that a group seen again meanwhile counts its devices right);
 * once they have none, up to `batch` groups, each with its replies. How many rows it deleted. */
function issueGroupPruning(db: Database.Database): (before: string, batch: number) => number {
  const devices = db.prepare(
    `DELETE FROM issue_group_devices WHERE (group_id, udid) IN (
       SELECT d.group_id, d.udid FROM issue_group_devices d WHERE d.group_id IN (${EXPIRED_GROUPS}) LIMIT @batch)
     RETURNING group_id`,
  );
  const uncount = db.prepare(`UPDATE issue_groups SET devices = devices - ? WHERE id = ?`);
  const groups = db.prepare(`${EXPIRED_GROUPS} ORDER BY g.id LIMIT @batch`).pluck();
  const replies = db.prepare(`DELETE FROM issue_replies WHERE group_id = ?`);
  const group = db.prepare(`DELETE FROM issue_groups WHERE id = ?`);
  return db.transaction((before: string, batch: number): number => {
    const gone = (devices.all({ before, batch }) as { group_id: number }[]).map((row) => row.group_id);
    if (gone.length > 0) {
      const perGroup = new Map<number, number>();
      for (const id of gone) perGroup.set(id, (perGroup.get(id) ?? 0) + 1);
      for (const [id, n] of perGroup) uncount.run(n, id);
      return gone.length;
    }
    let deleted = 0;
    for (const id of groups.all({ before, batch }) as number[])
      deleted += replies.run(id).changes + group.run(id).changes;
    return deleted;
  });
}
