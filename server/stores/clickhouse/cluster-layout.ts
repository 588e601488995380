// What a cluster is, as the service reads it from the server (cluster.ts, readClusterLayout) and the schema makes its
// tables for it (schema.ts): apart from both, so that neither imports the other.
export interface ClusterLayout {
  /** The cluster's name in the server's remote_servers. */
  name: string;
  /** Whether the server has ZooKeeper or Keeper: then the shards' tables are Replicated and the DDL runs ON CLUSTER,
   * on every host at once. Without it, each host's tables are made by a process that connects to that host. */
  keeper: boolean;
  /** The databases on the connected server that hold a shard's `logs_local`: each replica's `default_database` when
   * every replica names one (several shards on one host), else SIDELOG_LOGS's database. */
  shardDatabases: string[];
  /** The Distributed table's database argument: '' (each replica's default_database) or SIDELOG_LOGS's database. */
  remoteDatabase: string;
}
