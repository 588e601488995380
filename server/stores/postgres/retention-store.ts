// Retention in PostgreSQL (server/stores/retention.ts): logs go a whole day at a time, by dropping the day's partition
// once the day ended before the cutoff (a log's day is that of its `at`); logs in the default partition (days far
// from now) are deleted in batches. The other
// tables go by marks, as in SQLite (server/stores/sqlite/retention-store.ts): now and then the highest id of each is noted
// with the time, and rows at or below a mark older than the period go.
import type pg from 'pg';
import type { RetentionStore } from '../store.types.ts';
import { sql, transaction } from './client.ts';
import { subtractFromStats, type Partitions } from './partitions.ts';

/** What retention deletes by marks, in this order. Sessions go after them, once nothing refers to them. */
const MARKED_TABLES = ['log_batches', 'issues', 'device_key_changes', 'requests'] as const;

export function createRetentionStore(pool: pg.Pool, partitions: Partitions): RetentionStore {
  const { one, run } = sql(pool);
  return {
    async markRetention(at) {
      await transaction(pool, async (client) => {
        for (const table of MARKED_TABLES) {
          await client.query(
            `INSERT INTO retention_marks (at, table_name, max_id) SELECT $1, $2, coalesce(max(id), 0) FROM ${table}`,
            [at.toISOString(), table],
          );
        }
      });
    },
    async uncountLogs(counts) {
      if (counts.length === 0) return;
      await run(
        `WITH c AS (SELECT * FROM json_to_recordset($1::json) AS c (session_id integer, total integer, debug integer,
           warning integer, error integer, trace integer, info integer, fatal integer))
         UPDATE session_stats st SET total = st.total - c.total, debug = st.debug - c.debug, warning = st.warning - c.warning,
           error = st.error - c.error, trace = st.trace - c.trace, info = st.info - c.info, fatal = st.fatal - c.fatal
         FROM c WHERE st.session_id = c.session_id`,
        JSON.stringify(
          counts.map(({ session_id, total, levels }) => {
            const [debug, warning, error, trace, info, fatal] = levels;
            return { session_id, total, debug, warning, error, trace, info, fatal };
          }),
        ),
      );
    },
    async pruneBefore(cutoff, batch) {
      const before = cutoff.toISOString();
      const dropped = await partitions.dropBefore(cutoff.getTime(), 1);
      if (dropped > 0) return dropped;
      const stray = await transaction(pool, (client) =>
        subtractFromStats(
          client,
          `DELETE FROM logs_default WHERE ctid = ANY (ARRAY (SELECT ctid FROM logs_default WHERE at < $1 LIMIT $2)) RETURNING session_id, ll, at`,
          [cutoff.getTime(), batch],
        ),
      );
      if (stray > 0) return stray;
      for (const table of MARKED_TABLES) {
        const mark = await one<{ max_id: number }>(
          `SELECT max_id FROM retention_marks WHERE table_name = $1 AND at <= $2 ORDER BY at DESC LIMIT 1`,
          table,
          before,
        );
        if (!mark) continue;
        const deleted = await run(
          `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE id <= $1 ORDER BY id LIMIT $2)`,
          mark.max_id,
          batch,
        );
        if (deleted > 0) return deleted;
        // Marks older than the one in use are of no more use.
        await run(
          `DELETE FROM retention_marks WHERE table_name = $1 AND at < (SELECT at FROM retention_marks WHERE table_name = $1 AND at <= $2 ORDER BY at DESC LIMIT 1)`,
          table,
          before,
        );
      }
      const groups = await pruneIssueGroups(pool, before, batch);
      if (groups > 0) return groups;
      return run(
        `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE received_at < $1
           AND NOT EXISTS (SELECT 1 FROM logs WHERE logs.session_id = sessions.id)
           AND NOT EXISTS (SELECT 1 FROM log_batches WHERE log_batches.session_id = sessions.id)
           AND NOT EXISTS (SELECT 1 FROM issues WHERE issues.session_id = sessions.id) LIMIT $2)`,
        before,
        batch,
      );
    },
  };
}

/** The issue groups whose last occurrence arrived before the cutoff ($1) and whose issues have all gone (by the
 * marks, above). */
const EXPIRED_GROUPS = `SELECT g.id FROM issue_groups g WHERE g.last_seen < $1
  AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.group_id = g.id)`;

/** One step of deleting expired issue groups (docs/explorer.md#issue-groups), as on SQLite
 * (server/stores/sqlite/retention-store.ts), in one transaction: up to `batch` of their devices, each group's count following
 * them; once they have none, up to `batch` groups, each with its replies. The groups are locked first, skipping those
 * an occurrence is being stored in (server/stores/postgres/issue-groups.ts locks the group too): an occurrence after the step
 * makes a new group. How many rows it deleted. */
async function pruneIssueGroups(pool: pg.Pool, before: string, batch: number): Promise<number> {
  return transaction(pool, async (client) => {
    const db = sql(client);
    const devices = await db.all<{ group_id: number; n: number }>(
      `WITH gone AS (
         DELETE FROM issue_group_devices WHERE (group_id, udid) IN (
           SELECT d.group_id, d.udid FROM issue_group_devices d WHERE d.group_id IN (${EXPIRED_GROUPS}) LIMIT $2)
         RETURNING group_id
       ), counted AS (SELECT group_id, count(*)::int AS n FROM gone GROUP BY group_id)
       UPDATE issue_groups g SET devices = g.devices - c.n FROM counted c WHERE g.id = c.group_id RETURNING c.n`,
      before,
      batch,
    );
    if (devices.length > 0) return devices.reduce((sum, row) => sum + row.n, 0);
    const ids = (
      await db.all<{ id: number }>(`${EXPIRED_GROUPS} ORDER BY g.id LIMIT $2 FOR UPDATE SKIP LOCKED`, before, batch)
    ).map((row) => row.id);
    if (ids.length === 0) return 0;
    // Any device an occurrence added since the devices' step goes too.
    return (
      (await db.run(`DELETE FROM issue_group_devices WHERE group_id = ANY ($1::int[])`, ids)) +
      (await db.run(`DELETE FROM issue_replies WHERE group_id = ANY ($1::int[])`, ids)) +
      (await db.run(`DELETE FROM issue_groups WHERE id = ANY ($1::int[])`, ids))
    );
  });
}
