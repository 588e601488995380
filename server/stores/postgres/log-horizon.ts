// The log horizon on PostgreSQL: the highest log id up to which every log is visible or never will be. Log ids come
// from a sequence as each batch is written, and batches from several connections commit in any order: a reader that
// moved past the highest id visible could pass over a lower id whose batch commits after. Every writer of `logs`
// holds a lock on the table from before it takes its first id until it commits, so: read the sequence's last value
// H, then list the transactions holding such a lock; once none of them does, every id up to H is either visible or
// never will be. The check costs two small reads and never waits on a writer. Read by forwarding's cursor
// (server/stores/postgres/forward-store.ts) and by the explorer's live tail (docs/explorer-views.md#live-tail).
// pg_locks lists the whole cluster's locks, and a database copied from another has its `logs` under the same oid:
// only this database's writers count.
import type pg from 'pg';
import { sql } from './client.ts';

/** The locks on this database's `logs`. */
const LOGS_LOCKS = `FROM pg_locks WHERE locktype = 'relation' AND relation = 'logs'::regclass
  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/** The transactions (virtual ids) that hold a writer's lock on `logs`, other than this connection's. */
const LOG_WRITERS = `SELECT coalesce(array_agg(DISTINCT virtualtransaction), '{}') AS writers ${LOGS_LOCKS}
  AND mode = 'RowExclusiveLock' AND pid <> pg_backend_pid()`;

/** A reader of the horizon. It only moves forward, and it moves past a batch being written once that batch's
 * transaction has ended: at a later call, or at once when no one is writing. */
export function createLogHorizon(pool: pg.Pool): () => Promise<number> {
  const { one } = sql(pool);
  /** The sequence's last value when last read, and the writers that might still commit ids up to it. */
  let pending: { horizon: number; writers: string[] } | undefined;
  let safe = 0;
  return async () => {
    if (pending) {
      const still = await one<{ n: number }>(
        `SELECT count(*) AS n ${LOGS_LOCKS} AND virtualtransaction = ANY($1::text[])`,
        pending.writers,
      );
      if (still?.n === 0) safe = Math.max(safe, pending.horizon);
    }
    // First the sequence, then the writers: a writer holding an id up to it took its lock before it.
    const sequence = await one<{ last: number }>(
      `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last FROM logs_id_seq`,
    );
    const writers = (await one<{ writers: string[] }>(LOG_WRITERS))?.writers ?? [];
    pending = { horizon: sequence?.last ?? 0, writers };
    if (writers.length === 0) safe = Math.max(safe, pending.horizon);
    return safe;
  };
}
