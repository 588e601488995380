// A device's logs erased from ClickHouse (docs/privacy.md#erasing-a-device): one mutation, `ALTER TABLE … DELETE`,
// over the parts that hold its sessions' logs, on each table that holds parts (each shard's on a cluster), awaited
// until ClickHouse has rewritten them. A mutation runs in the background on both 18.16 and current servers (18.16 has
// no `mutations_sync`), so its end is read from system.mutations: the connected host's, which on a cluster leaves the
// other shards to finish in the background (docs/clickhouse.md#the-cluster-form). SIDELOG_DB then erases the rest
// (with-logs.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClickHouseClient } from '@clickhouse/client';
import type { ClusterLayout } from './cluster-layout.ts';
import { partTables } from './cluster.ts';
import { rowsOf } from './client.ts';
import { LOGS_TABLE, onCluster } from './schema.ts';
import { sqlIdentifier, sqlList, sqlString } from './sql-literal.ts';
import { ClickHouseUnavailable } from './unavailable.ts';

/** How often the mutation's end is asked for, and for how long. */
const POLL_MS = 50;
const WAIT_MS = 60_000;

/** Deletes the logs of `sessionIds` (the device's sessions in SIDELOG_DB) from app `appKey`; how many there were. */
export async function eraseSessionLogs(
  client: ClickHouseClient,
  database: string,
  appKey: string,
  sessionIds: readonly number[],
  cluster?: ClusterLayout,
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const where = `app = ${sqlString(appKey)} AND session_id IN ${sqlList(sessionIds)}`;
  // Counted as the explorer counts them (a copy that two processes inserted at once is one log).
  const [counted] = await rowsOf<{ n: number }>(
    client,
    `SELECT count() AS n FROM (SELECT DISTINCT at, session_id, content_hash FROM ${sqlIdentifier(database)}.${LOGS_TABLE} WHERE ${where})`,
  );
  const logs = Number(counted?.n ?? 0);
  if (logs === 0) return 0;
  const tables = partTables(database, cluster);
  for (const { database: shard, table } of tables) {
    await client.command({
      query: `ALTER TABLE ${sqlIdentifier(shard)}.${sqlIdentifier(table)}${onCluster(cluster)} DELETE WHERE ${where}`,
    });
  }
  for (const deadline = Date.now() + WAIT_MS; ;) {
    const [pending] = await rowsOf<{ n: number }>(
      client,
      `SELECT count() AS n FROM system.mutations WHERE NOT is_done
         AND database IN ${sqlList(tables.map((each) => each.database))} AND table = ${sqlString(tables[0]!.table)}`,
    );
    if (Number(pending?.n ?? 0) === 0) return logs;
    // The rest of the device waits in SIDELOG_DB, so that erasing again, once ClickHouse is done, finishes it.
    if (Date.now() > deadline)
      throw new ClickHouseUnavailable(`ClickHouse is still deleting the device's logs after ${WAIT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}
