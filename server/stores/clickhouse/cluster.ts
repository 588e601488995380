// The cluster form of the log store (docs/clickhouse.md#the-cluster-form): with SIDELOG_LOGS's `?cluster=<name>`, each
// shard keeps its logs in `logs_local`, and `logs`, the table every read and insert names, is a Distributed table over
// them, sharded by cityHash64(session_id) so that a session's resends meet on one shard, where the check before the
// insert and ReplacingMergeTree's folding both see them. What the cluster is comes from the server's own
// `remote_servers` (system.clusters); whether it has ZooKeeper or Keeper decides Replicated tables and ON CLUSTER DDL.
import type { ClickHouseClient } from '@clickhouse/client';
import type { ClusterLayout } from './cluster-layout.ts';
import { LOCAL_LOGS_TABLE, LOGS_TABLE } from './schema.ts';
import { sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

/** The cluster as the connected server defines it; refuses a name its remote_servers lacks. */
export async function readClusterLayout(
  client: ClickHouseClient,
  database: string,
  name: string,
): Promise<ClusterLayout> {
  const replicas = await rowsOf<{ default_database: string }>(
    client,
    `SELECT default_database FROM system.clusters WHERE cluster = ${sqlString(name)}`,
  );
  if (replicas.length === 0)
    throw new Error(`the server defines no cluster '${name}' (remote_servers in its config; system.clusters)`);
  const [keeper] = await rowsOf<{ n: number }>(
    client,
    `SELECT count() AS n FROM system.tables WHERE database = 'system' AND name = 'zookeeper'`,
  );
  const named = replicas.map((replica) => replica.default_database);
  // Per-replica databases only without Keeper: ON CLUSTER DDL names one database on every host.
  const perReplica = !keeper?.n && named.every((each) => each !== '');
  return {
    name,
    keeper: !!keeper?.n,
    shardDatabases: perReplica ? [...new Set(named)] : [database],
    remoteDatabase: perReplica ? '' : database,
  };
}

/** The tables that hold the logs' parts: `db.logs` on one server, each shard's `logs_local` on a cluster. */
export const partTables = (database: string, cluster: ClusterLayout | undefined) =>
  cluster
    ? cluster.shardDatabases.map((shard) => ({ database: shard, table: LOCAL_LOGS_TABLE }))
    : [{ database, table: LOGS_TABLE }];
