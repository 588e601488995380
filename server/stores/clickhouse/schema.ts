// The log store's tables in ClickHouse (docs/clickhouse.md#schema), as numbered migrations run once each, in order
// (migrate.ts), and the extras a newer server has, checked on each start (so a server upgraded under an old table gains
// them). Only the logs live here; everything else stays in SIDELOG_DB. Append migrations; never edit one that shipped.
// Several processes may start at once and ClickHouse has no transactions, so every statement is idempotent.
import { COLUMNS } from '../log-columns.ts';
import type { ClusterLayout } from './cluster-layout.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';

/** The table every read and insert names: the logs themselves on one server, a Distributed table on a cluster. */
export const LOGS_TABLE = 'logs';
/** Each shard's own table under the Distributed `logs` (docs/clickhouse.md#the-cluster-form). */
export const LOCAL_LOGS_TABLE = 'logs_local';
export const MIGRATIONS_TABLE = 'sidelog_migrations';
/** A batch's counts SIDELOG_DB refused, kept until paid (owed-counts.ts). */
export const OWED_TABLE = 'owed_counts';

/** `logs`: one row per stored log, with the columns the other stores keep (server/stores/postgres/schema.ts) and what
 * ClickHouse needs beside them.
 * - `app`, the app's key: the first key column, so that one app's logs are read together;
 * - `at` exactly as sent (a Float64: a log's time may be fractional, or before 1970), the second key column;
 * - `session_id`, the session's id in SIDELOG_DB, and `content_hash` (server/stores/log-hash.ts): with `at`, the dedupe key
 *   (server/stores/store.types.ts, addLogs), which ends the sort key so that ReplacingMergeTree folds copies of one log that
 *   two processes inserted at once (docs/clickhouse.md#a-resend-counted-once);
 * - `id`: 53 bits of a hash of the dedupe key (log-rows.ts), for the explorer's (at, id) cursor;
 * - `received`: when the batch was stored, by whole seconds. Partitions are days of it: retention deletes what
 *   arrived before a cutoff (server/stores/retention.ts) by dropping whole days, and a batch of logs from any times (a
 *   hostile or long-offline device) lands in one partition, never in more than one insert may make. */
const createLogs = (table: string, features: ServerFeatures, engine = 'ReplacingMergeTree()', on = '') => {
  const name = features.lowCardinality ? 'LowCardinality(String)' : 'String';
  // The log's own columns as described once (server/stores/log-columns.ts), each with its ClickHouse type.
  const described = COLUMNS.map((column) => `${column.name} ${column.sql.clickhouse}`).join(',\n    ');
  return `CREATE TABLE IF NOT EXISTS ${table}${on} (
    app ${name},
    session_id UInt32,
    id UInt64,
    received DateTime,
    ${described},
    content_hash String
  ) ENGINE = ${engine}
  PARTITION BY toYYYYMMDD(received)
  ORDER BY (app, at, session_id, content_hash)`;
};

/** ` ON CLUSTER name` where the DDL can run on every host at once (Keeper), else nothing. */
export const onCluster = (cluster: ClusterLayout | undefined) =>
  cluster?.keeper ? ` ON CLUSTER ${sqlIdentifier(cluster.name)}` : '';

/** On a cluster: each shard's `logs_local` (Replicated where there is Keeper, its path by the `{shard}` and `{replica}`
 * macros every replicated cluster defines), and `logs` over them. The sharding key keeps one session on one shard, so
 * that a resend meets its first copy there (docs/clickhouse.md#the-cluster-form). */
function createClusterLogs(database: string, features: ServerFeatures, cluster: ClusterLayout): string[] {
  const engine = cluster.keeper
    ? `ReplicatedReplacingMergeTree(${sqlString(`/clickhouse/tables/{shard}/${database}/${LOCAL_LOGS_TABLE}`)}, '{replica}')`
    : 'ReplacingMergeTree()';
  const on = onCluster(cluster);
  const locals = cluster.shardDatabases.map((shard) =>
    createLogs(`${sqlIdentifier(shard)}.${LOCAL_LOGS_TABLE}`, features, engine, on),
  );
  return [...locals, createDistributedLogs(database, cluster)];
}

/** `logs` over the shards' tables, with the columns the first of them has now. */
export function createDistributedLogs(database: string, cluster: ClusterLayout): string {
  const first = `${sqlIdentifier(cluster.shardDatabases[0]!)}.${LOCAL_LOGS_TABLE}`;
  return `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${LOGS_TABLE}${onCluster(cluster)} AS ${first}
    ENGINE = Distributed(${sqlIdentifier(cluster.name)}, ${sqlString(cluster.remoteDatabase)}, ${LOCAL_LOGS_TABLE}, cityHash64(session_id))`;
}

/** A column added to `logs`: on a cluster each shard's table gains it, then the Distributed one, but with Keeper that
 * one is made again instead (migrate.ts): ON CLUSTER refuses an ALTER of a table that is not replicated when the
 * cluster's shards replicate. */
function addLogsColumn(database: string, cluster: ClusterLayout | undefined, column: string): string[] {
  return [
    ...(cluster?.shardDatabases.map((shard) => `${sqlIdentifier(shard)}.${LOCAL_LOGS_TABLE}`) ?? []),
    ...(cluster?.keeper ? [] : [`${sqlIdentifier(database)}.${LOGS_TABLE}`]),
  ].map((table) => `ALTER TABLE ${table}${onCluster(cluster)} ADD COLUMN ${column}`);
}

interface LogsMigration {
  name: string;
  statements(database: string, features: ServerFeatures, cluster?: ClusterLayout): string[];
}

export const LOGS_MIGRATIONS: readonly LogsMigration[] = [
  {
    name: 'logs',
    statements: (database, features, cluster) =>
      cluster
        ? createClusterLogs(database, features, cluster)
        : [createLogs(`${sqlIdentifier(database)}.${LOGS_TABLE}`, features)],
  },
  // A log's place in arrival order (arrival.ts), for the forwarder and the live tail. Rows stored before it take the
  // first number of their second of arrival.
  {
    name: 'arrival',
    statements: (database, _features, cluster) =>
      addLogsColumn(database, cluster, 'arrival UInt64 DEFAULT toUInt64(received) * 1000000'),
  },
  // A batch's counts SIDELOG_DB refused after ClickHouse took its logs (docs/clickhouse.md#counts-owed-kept-and-paid):
  // a row per batch, and a second with `paid` 1 once they are paid; ReplacingMergeTree(paid) folds the two into the
  // paid one. Not sharded: a few rows, which every process reads whole. On a cluster with Keeper one replicated table
  // on every host (its path has no {shard}); without Keeper, the connected host's own.
  {
    name: 'owed counts',
    statements: (database, _features, cluster) => {
      const engine = cluster?.keeper
        ? `ReplicatedReplacingMergeTree(${sqlString(`/clickhouse/tables/all/${database}/${OWED_TABLE}`)}, '{replica}', paid)`
        : 'ReplacingMergeTree(paid)';
      return [
        `CREATE TABLE IF NOT EXISTS ${sqlIdentifier(database)}.${OWED_TABLE}${onCluster(cluster)} (
          token String, app String, session_id UInt32, sent UInt32, stored UInt32, first_at Float64, last_at Float64,
          levels Array(UInt32), owed DateTime, paid UInt8
        ) ENGINE = ${engine} ORDER BY token`,
      ];
    },
  },
  // The token of the sending that stored each row (docs/clickhouse.md#counts-of-a-batch-once): a resend that finds its
  // logs stored reads whose they were, and SIDELOG_DB says whether that batch was counted. Rows stored before it have
  // none, and count as counted.
  {
    name: 'batch',
    statements: (database, _features, cluster) => addLogsColumn(database, cluster, `batch String DEFAULT ''`),
  },
];

/** The word index's name and its definition for the server, when it has one; `table` is the table that holds the
 * parts (partTables in cluster.ts), with its ON CLUSTER where there is one. */
export const WORD_INDEX = 'logs_words';
export function wordIndexStatement(table: string, features: ServerFeatures): string | undefined {
  // The lowered text, as the search's words are (docs/explorer.md#search).
  if (features.wordIndex === 'text')
    return `ALTER TABLE ${table} ADD INDEX ${WORD_INDEX} lower(ifNull(t, '')) TYPE text(tokenizer = 'splitByNonAlpha')`;
  // The OpenTelemetry exporter's older index, for 20.1 to 26.1 (docs/clickhouse.md#version-aware-extras).
  if (features.wordIndex === 'tokenbf')
    return `ALTER TABLE ${table} ADD INDEX ${WORD_INDEX} lower(ifNull(t, '')) TYPE tokenbf_v1(32768, 3, 0) GRANULARITY 8`;
  return undefined;
}

/** The index of each granule's least and greatest arrival number, where the server has skip indexes: a page in
 * arrival order past a position (the forwarder's, the tail's: arrival-page.ts) reads only the granules that may hold
 * it, where without it every granule of the days from the position on is read (`arrival` is not in the sort key).
 * Measured in docs/clickhouse.md#forwarding. */
export const ARRIVAL_INDEX = 'logs_arrival';
export function arrivalIndexStatement(table: string, features: ServerFeatures): string | undefined {
  return features.skipIndexes
    ? `ALTER TABLE ${table} ADD INDEX ${ARRIVAL_INDEX} arrival TYPE minmax GRANULARITY 1`
    : undefined;
}

/** The table's TTL for a retention of `days` (0: none), where the server has TTL: a day longer, so that retention's
 * DROP PARTITION, which takes a day's logs out of their sessions' counts (docs/clickhouse.md#retention), comes first,
 * and the TTL drops what retention, not running, left. */
export function ttlStatement(table: string, features: ServerFeatures, days: number): string | undefined {
  if (!features.ttl || days <= 0 || !Number.isSafeInteger(days)) return undefined;
  return `ALTER TABLE ${table} MODIFY TTL received + toIntervalDay(${sqlInteger(days + 1)})`;
}
