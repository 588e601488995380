// Retention on ClickHouse's logs (docs/clickhouse.md#retention): whole days of arrival dropped at once, as the table is
// partitioned by them (schema.ts). DROP PARTITION is a file operation on both 18.16 and current servers, with no
// rewrite of the rest and no delete of single rows; where the server has TTL the table drops them itself as well. On a
// cluster the days are dropped from the shards' own tables (cluster.ts): a Distributed table has no partitions.
import type { ClickHouseClient } from '@clickhouse/client';
import { LEVEL_COLUMNS } from '../../../explorer-contract/api.types.ts';
import type { SessionLogCounts } from '../store.types.ts';
import type { ClusterLayout } from './cluster-layout.ts';
import { partTables } from './cluster.ts';
import { LOGS_TABLE, onCluster } from './schema.ts';
import { sqlIdentifier, sqlInteger, sqlList, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

/** The UTC day of `date` as the partition names it: YYYYMMDD. */
const partitionOf = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** Where the DROP reaches every host (ON CLUSTER), the days before `limit` that any shard holds, read through `logs`
 * over every shard, each to be dropped from every shard's table: a session's logs are on one shard, so a day may have
 * none on the connected host, and a run cut short may have dropped a day on one shard only. (Every host's system.parts,
 * through `cluster()`, would need the REMOTE grant, which the service's user may lack.) */
async function everyShardsDays(
  client: ClickHouseClient,
  table: string,
  limit: string,
  tables: { database: string }[],
): Promise<{ database: string; partition: string }[]> {
  const days = await rowsOf<{ day: number }>(
    client,
    `SELECT DISTINCT toYYYYMMDD(received) AS day FROM ${table}
      WHERE toYYYYMMDD(received) < ${sqlInteger(Number(limit))} ORDER BY day`,
  );
  return days.flatMap(({ day }) => tables.map(({ database }) => ({ database, partition: String(day) })));
}

/** Drops every day of logs that arrived wholly before `cutoff`'s day (the day holding the cutoff is kept: a log is
 * never deleted before its time); the days dropped, oldest first. `uncount` is given each day's logs counted by
 * session once the day is dropped (SIDELOG_DB's session counts: docs/clickhouse.md#retention). */
export async function dropDaysBefore(
  client: ClickHouseClient,
  database: string,
  cutoff: Date,
  options: { uncount?: (counts: SessionLogCounts[]) => Promise<void>; cluster?: ClusterLayout } = {},
): Promise<string[]> {
  const { uncount, cluster } = options;
  // Counted through `logs` (on a cluster, the Distributed table over every shard); dropped from the tables that hold
  // the parts.
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const tables = partTables(database, cluster);
  const limit = partitionOf(cutoff);
  const parts = cluster?.keeper
    ? await everyShardsDays(client, table, limit, tables)
    : (
        await rowsOf<{ database: string; partition: string }>(
          client,
          `SELECT DISTINCT database, partition FROM system.parts
          WHERE database IN ${sqlList(tables.map((each) => each.database))} AND table = ${sqlString(tables[0]!.table)}
            AND active ORDER BY partition`,
        )
      ).filter(({ partition }) => /^\d{8}$/.test(partition) && partition < limit);
  // The partition's value as a literal: 18.16 and current servers both take `DROP PARTITION 20261101`.
  const days = [...new Set(parts.map((part) => part.partition))];
  const levels = LEVEL_COLUMNS.map((_, level) => `countIf(ifNull(ll, 0) = ${level})`).join(', ');
  for (const day of days) {
    // Counted before the drop, taken out after it: a failure between leaves the counts high, never a log uncounted twice.
    const counts = uncount
      ? await rowsOf<SessionLogCounts>(
          client,
          `SELECT session_id, count() AS total, [${levels}] AS levels FROM ${table}
              WHERE toYYYYMMDD(received) = ${day} GROUP BY session_id`,
        )
      : [];
    for (const { database: shard } of parts.filter((part) => part.partition === day))
      await client.command({
        query: `ALTER TABLE ${sqlIdentifier(shard)}.${tables[0]!.table}${onCluster(cluster)} DROP PARTITION ${day}`,
      });
    if (counts.length > 0) await uncount!(counts);
  }
  return days;
}
