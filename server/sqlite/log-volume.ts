// The volume rollup on SQLite (docs/volume-and-counts.md#the-rollup; the table and its delete trigger:
// server/sqlite/schema.ts, log_volume): a batch's stored logs counted per grain, slot and level, one upsert for the
// batch in its own transaction. Only the writer thread writes, so the logs after the last id before the batch are the
// batch's new ones, a resend's duplicates left out.
import type Database from 'better-sqlite3';

/** Adds the logs stored after log `afterId` to `appKey`'s counts. */
export function createVolumeRollup(db: Database.Database): (appKey: string, afterId: number) => void {
  const add = db.prepare(
    `INSERT INTO log_volume (app_key, grain, slot, level, n)
     SELECT ?, g.grain, CAST(floor(l.at * 1.0 / g.grain) AS INTEGER), ifnull(l.ll, 0), count(*)
     FROM logs l, (SELECT 1000 AS grain UNION ALL SELECT 60000 UNION ALL SELECT 3600000) g WHERE l.id > ?
     GROUP BY 2, 3, 4
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  );
  return (appKey, afterId) => void add.run(appKey, afterId);
}
