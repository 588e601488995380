// Retention on ClickHouse's logs (docs/clickhouse.md#retention): whole days of arrival dropped at once, as the table is
// partitioned by them (schema.ts). DROP PARTITION is a file operation on both 18.16 and current servers, with no
// rewrite of the rest and no delete of single rows; where the server has TTL the table drops them itself as well. On a
// cluster the days are dropped from the shards' own tables (cluster.ts): a Distributed table has no partitions.
import type { ClickHouseClient } from '@clickhouse/client';
import { partTables, type ClusterLayout } from './cluster.ts';
import { onCluster } from './schema.ts';
import { sqlIdentifier, sqlList, sqlString } from './sql-literal.ts';

/** The UTC day of `date` as the partition names it: YYYYMMDD. */
const partitionOf = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** Drops every day of logs that arrived wholly before `cutoff`'s day (the day holding the cutoff is kept: a log is
 * never deleted before its time); the days dropped, oldest first. */
export async function dropDaysBefore(
  client: ClickHouseClient,
  database: string,
  cutoff: Date,
  cluster?: ClusterLayout,
): Promise<string[]> {
  const tables = partTables(database, cluster);
  const result = await client.query({
    query: `SELECT DISTINCT database, partition FROM system.parts
      WHERE database IN ${sqlList(tables.map((each) => each.database))} AND table = ${sqlString(tables[0]!.table)}
        AND active ORDER BY partition`,
    format: 'JSONEachRow',
  });
  const limit = partitionOf(cutoff);
  const parts = ((await result.json()) as { database: string; partition: string }[]).filter(
    ({ partition }) => /^\d{8}$/.test(partition) && partition < limit,
  );
  // The partition's value as a literal: 18.16 and current servers both take `DROP PARTITION 20261101`.
  for (const { database: shard, partition } of parts)
    await client.command({
      query: `ALTER TABLE ${sqlIdentifier(shard)}.${tables[0]!.table}${onCluster(cluster)} DROP PARTITION ${partition}`,
    });
  return [...new Set(parts.map((part) => part.partition))];
}
