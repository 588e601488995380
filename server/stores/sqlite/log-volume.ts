// The volume rollup on SQLite (docs/volume-and-counts.md#the-rollup; the table and its delete trigger:
// server/stores/sqlite/schema.ts, log_volume): a batch's stored logs counted per grain, slot and level here, in JS, and
// added with an upsert for each count, in the batch's own transaction in the writer thread. When every log of the
// batch was new, its times and levels are read from the batch's parameters; else from the rows stored after the last
// id before it (only the writer thread writes), so that a resent log, ignored, is not counted again.
import type Database from 'better-sqlite3';
import { VOLUME_GRAINS as GRAINS } from '../explorer-queries.ts';

/** `add(appKey, afterId, params?)` adds the logs stored after log `afterId` to `appKey`'s counts: those of `params`,
 * rows of `columns` (the INSERT's parameters, server/stores/sqlite/log-batch.ts), when all of them were stored. */
export function createVolumeRollup(
  db: Database.Database,
  columns: readonly string[],
): (appKey: string, afterId: number, params?: readonly (string | number | null)[]) => void {
  const width = columns.length;
  const AT = columns.indexOf('at');
  const LEVEL = columns.indexOf('ll');
  const upsert = db.prepare(
    `INSERT INTO log_volume (app_key, grain, slot, level, n) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  );
  const storedAfter = db.prepare(`SELECT at, ifnull(ll, 0) FROM logs WHERE id > ?`).raw();
  return (appKey, afterId, params) => {
    /** level → grain index → slot → logs. */
    const counts = new Map<number, Map<number, number>[]>();
    const count = (at: number, level: number) => {
      let byGrain = counts.get(level);
      if (!byGrain) counts.set(level, (byGrain = GRAINS.map(() => new Map<number, number>())));
      for (let g = 0; g < GRAINS.length; g++) {
        const slot = Math.floor(at / GRAINS[g]!);
        byGrain[g]!.set(slot, (byGrain[g]!.get(slot) ?? 0) + 1);
      }
    };
    if (params)
      for (let i = 0; i < params.length; i += width)
        count(params[i + AT] as number, (params[i + LEVEL] as number) ?? 0);
    else for (const [at, level] of storedAfter.iterate(afterId) as Iterable<[number, number]>) count(at, level);
    for (const [level, byGrain] of counts)
      byGrain.forEach((slots, g) => {
        for (const [slot, n] of slots) upsert.run(appKey, GRAINS[g], slot, level, n);
      });
  };
}
