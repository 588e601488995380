// Retention on ClickHouse's logs (docs/clickhouse.md#retention): whole days of arrival dropped at once, as the table is
// partitioned by them (schema.ts). DROP PARTITION is a file operation on both 18.16 and current servers, with no
// rewrite of the rest and no delete of single rows; where the server has TTL the table drops them itself as well.
import type { ClickHouseClient } from '@clickhouse/client';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier, sqlString } from './sql-literal.ts';

/** The UTC day of `date` as the partition names it: YYYYMMDD. */
const partitionOf = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

/** Drops every day of logs that arrived wholly before `cutoff`'s day (the day holding the cutoff is kept: a log is
 * never deleted before its time); the days dropped, oldest first. */
export async function dropDaysBefore(client: ClickHouseClient, database: string, cutoff: Date): Promise<string[]> {
  const result = await client.query({
    query: `SELECT DISTINCT partition FROM system.parts
      WHERE database = ${sqlString(database)} AND table = ${sqlString(LOGS_TABLE)} AND active ORDER BY partition`,
    format: 'JSONEachRow',
  });
  const limit = partitionOf(cutoff);
  const days = ((await result.json()) as { partition: string }[])
    .map((row) => row.partition)
    .filter((day) => /^\d{8}$/.test(day) && day < limit);
  // The partition's value as a literal: 18.16 and current servers both take `DROP PARTITION 20261101`.
  for (const day of days)
    await client.command({
      query: `ALTER TABLE ${sqlIdentifier(database)}.${LOGS_TABLE} DROP PARTITION ${day}`,
    });
  return days;
}
