// The volume rollup on PostgreSQL (docs/volume-and-counts.md#the-rollup). Batches of one app from many connections
// and processes commit at once, so they never update a shared row (each would wait for the other's commit): a batch
// inserts its counts as new rows (log_volume_new), retention inserts what it deletes as negative rows, and now and
// then one process at a time folds the new rows into log_volume, one row per app, grain, slot and level. A read sums
// both tables, so it is exact whether or not the fold has run.
import type pg from 'pg';
import { VOLUME_GRAINS } from '../explorer-queries.ts';
import { transaction } from './client.ts';

const GRAINS = `(VALUES ${VOLUME_GRAINS.map((grain) => `(${grain})`).join(', ')}) AS g (grain)`;
/** The folds, one process at a time. */
const FOLD_LOCK = 0x5_1de_70f;
/** A process folds after this many batches it stored. */
const FOLD_EVERY = 200;

/** A CTE of the collector's batch statement (server/stores/postgres/collector-store.ts): the logs of `added` (at, ll with a
 * missing level as 0) counted into app $3's new rows. */
export const ADD_TO_VOLUME = `rolled AS (
    INSERT INTO log_volume_new (app_key, grain, slot, level, n)
    SELECT $3, g.grain, floor(at / g.grain), ll, count(*) FROM added, ${GRAINS} GROUP BY 2, 3, 4 RETURNING 1
  )`;

/** A CTE that takes the logs of `gone` (session_id, ll, at) out of their apps' counts. */
export const SUBTRACT_FROM_VOLUME = `unrolled AS (
    INSERT INTO log_volume_new (app_key, grain, slot, level, n)
    SELECT s.app_key, g.grain, floor(gone.at / g.grain), coalesce(gone.ll, 0), -count(*)
    FROM gone JOIN sessions s ON s.id = gone.session_id, ${GRAINS} GROUP BY 1, 2, 3, 4 RETURNING 1
  )`;

/** The rollup's rows of one grain, new ones summed in. */
export const READ_VOLUME = `SELECT slot::float8 AS slot, level, sum(n)::float8 AS n FROM (
    SELECT slot, level, n FROM log_volume WHERE app_key = $1 AND grain = $2 AND slot >= $3 AND slot < $4
    UNION ALL SELECT slot, level, n FROM log_volume_new WHERE app_key = $1 AND grain = $2 AND slot >= $3 AND slot < $4
  ) AS counted GROUP BY 1, 2 HAVING sum(n) > 0`;

/** Moves the new rows into log_volume, unless another process is at it; the slots left at 0 go. */
export async function foldVolume(pool: pg.Pool): Promise<void> {
  await transaction(pool, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      FOLD_LOCK,
    ]);
    if (!rows[0]?.locked) return;
    const folded = await client.query<{ app_key: string; grain: number; slot: string; level: number; n: string }>(
      `WITH moved AS (DELETE FROM log_volume_new RETURNING app_key, grain, slot, level, n)
       INSERT INTO log_volume (app_key, grain, slot, level, n)
       SELECT app_key, grain, slot, level, sum(n) FROM moved GROUP BY 1, 2, 3, 4
       ON CONFLICT (app_key, grain, slot, level) DO UPDATE SET n = log_volume.n + excluded.n
       RETURNING app_key, grain, slot, level, n`,
    );
    const zero = folded.rows.filter((row) => Number(row.n) === 0);
    if (zero.length > 0)
      await client.query(
        `DELETE FROM log_volume v USING json_to_recordset($1::json) AS z (app_key text, grain int, slot bigint, level int)
         WHERE v.app_key = z.app_key AND v.grain = z.grain AND v.slot = z.slot AND v.level = z.level AND v.n = 0`,
        [JSON.stringify(zero)],
      );
  });
}

/** Called after each batch stored: folds every FOLD_EVERY batches, without holding up the batch's answer. A fold that
 * fails loses nothing (the new rows stay, and are read, until the next). */
export function createVolumeFolding(pool: pg.Pool): () => void {
  let batches = 0;
  return () => {
    if (++batches % FOLD_EVERY !== 0) return;
    foldVolume(pool).catch((error: unknown) => console.error('postgres: folding the volume rollup:', error));
  };
}
