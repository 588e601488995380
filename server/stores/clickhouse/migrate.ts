// Brings SIDELOG_LOGS's database to the schema (schema.ts): creates the database when the user may, runs each
// migration not yet recorded in sidelog_migrations, then adds the extras the server has (a word index, an arrival
// index, a TTL).
// ClickHouse has no transactions or locks: two processes starting at once may both run a migration, so each is
// idempotent (IF NOT EXISTS, or checked first), and a migration recorded twice is still one version.
import type { ClickHouseClient } from '@clickhouse/client';
import { missingColumns } from '../log-columns.ts';
import type { ClusterLayout } from './cluster-layout.ts';
import { partTables } from './cluster.ts';
import { clickHouseCode } from './unavailable.ts';
import {
  ARRIVAL_INDEX,
  arrivalIndexStatement,
  createDistributedLogs,
  LOGS_MIGRATIONS,
  LOCAL_LOGS_TABLE,
  LOGS_TABLE,
  MIGRATIONS_TABLE,
  WORD_INDEX,
  onCluster,
  ttlStatement,
  wordIndexStatement,
} from './schema.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlIdentifier, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

/** Creates the database, or, where the user may not (ACCESS_DENIED, READONLY, NOT_ENOUGH_PRIVILEGES), goes on when an
 * operator made it; else says what to do. */
async function ensureDatabase(client: ClickHouseClient, database: string, on = ''): Promise<void> {
  try {
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(database)}${on}` });
  } catch (error) {
    const code = clickHouseCode(error);
    if (code !== 497 && code !== 164 && code !== 516) throw error;
    const [found] = await rowsOf<{ n: number }>(
      client,
      `SELECT count() AS n FROM system.databases WHERE name = ${sqlString(database)}`,
    );
    if (!found?.n)
      throw new Error(
        `ClickHouse's database '${database}' does not exist and SIDELOG_LOGS's user may not create it: create it (CREATE DATABASE ${database}) or give the user the right`,
        { cause: error },
      );
  }
}

interface MigrateOptions {
  /** SIDELOG_RETENTION_DAYS: the table's TTL where the server has TTL (0 or a fraction of a day: none). */
  retentionDays?: number;
  /** SIDELOG_LOGS's `?cluster=`: the shards' tables under a Distributed `logs` (cluster.ts). */
  cluster?: ClusterLayout;
}

export async function migrateLogs(
  client: ClickHouseClient,
  database: string,
  features: ServerFeatures,
  options: MigrateOptions = {},
): Promise<void> {
  const db = sqlIdentifier(database);
  const { cluster } = options;
  const on = onCluster(cluster);
  await ensureDatabase(client, database, on);
  for (const shard of cluster?.shardDatabases ?? []) if (shard !== database) await ensureDatabase(client, shard, on);
  await client.command({
    query: `CREATE TABLE IF NOT EXISTS ${db}.${MIGRATIONS_TABLE} (version UInt32, name String, applied DateTime) ENGINE = MergeTree() ORDER BY version`,
  });
  const applied = new Set(
    (await rowsOf<{ version: number }>(client, `SELECT DISTINCT version FROM ${db}.${MIGRATIONS_TABLE}`)).map(
      (row) => row.version,
    ),
  );
  for (const [index, migration] of LOGS_MIGRATIONS.entries()) {
    const version = index + 1;
    if (applied.has(version)) continue;
    for (const statement of migration.statements(database, features, cluster)) await run(client, statement);
    await client.insert({
      table: `${db}.${MIGRATIONS_TABLE}`,
      values: [{ version, name: migration.name, applied: Math.floor(Date.now() / 1000) }],
      format: 'JSONEachRow',
    });
  }
  // On a cluster the shards' tables come first: the Distributed table reads the columns they have.
  for (const { database: shard, table } of partTables(database, cluster))
    await addMissingColumns(client, `${sqlIdentifier(shard)}.${table}`, on);
  if (cluster?.keeper) await remakeDistributedIfBehind(client, database, cluster);
  else if (cluster) await addMissingColumns(client, `${db}.${LOGS_TABLE}`, on);
  for (const { database: shard, table } of partTables(database, cluster))
    await addExtras(client, `${sqlIdentifier(shard)}.${table}`, on, features, options);
}

const columnsOf = async (client: ClickHouseClient, table: string) =>
  new Set((await rowsOf<{ name: string }>(client, `DESCRIBE TABLE ${table}`)).map((row) => row.name));

/** A statement, where one that adds a column may find it added. A column already there is not asked for: on a cluster
 * each host keeps its own record of migrations, so a process starting on another host runs them again, and each ALTER
 * ON CLUSTER of the shards' replicated tables is a chance for 18.16 to stop a replica's DDL worker
 * (docs/clickhouse.md#the-cluster-form). Two processes may both try: when the ALTER fails and the column is there after
 * all, another process added it (18.16 says so with code 44, current servers with 15), which is what was wanted. */
async function run(client: ClickHouseClient, statement: string): Promise<void> {
  const added = /^ALTER TABLE (\S+)(?: ON CLUSTER \S+)? ADD COLUMN (\w+) /.exec(statement);
  const present = async () => !!added && (await columnsOf(client, added[1]!)).has(added[2]!);
  if (await present()) return;
  try {
    await client.command({ query: statement });
  } catch (error) {
    if (!(await present())) throw error;
  }
}

/** A column described after the table was made (server/stores/log-columns.ts) is added on the next start, as on the
 * other stores. */
async function addMissingColumns(client: ClickHouseClient, table: string, on: string): Promise<void> {
  const present = await columnsOf(client, table);
  for (const statement of missingColumns('clickhouse', present, `${table}${on}`)) await run(client, statement);
}

/** On a cluster with Keeper, the Distributed `logs` made again, on every host, when the shards' tables have a column
 * it lacks: ON CLUSTER refuses to ALTER a table that is not replicated where the shards replicate, and a Distributed
 * table holds no rows (inserts are synchronous, `insert_distributed_sync`), so nothing is lost; a batch that meets the
 * moment without it fails as ClickHouse unavailable, and its client sends it again. */
async function remakeDistributedIfBehind(
  client: ClickHouseClient,
  database: string,
  cluster: ClusterLayout,
): Promise<void> {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const [shards, distributed] = await Promise.all([
    columnsOf(client, `${sqlIdentifier(cluster.shardDatabases[0]!)}.${LOCAL_LOGS_TABLE}`),
    columnsOf(client, table),
  ]);
  if ([...shards].every((column) => distributed.has(column))) return;
  await client.command({ query: `DROP TABLE IF EXISTS ${table}${onCluster(cluster)}` });
  await client.command({ query: createDistributedLogs(database, cluster) });
}

/** The word index, the arrival index and the TTL, on each start: SHOW CREATE TABLE says whether the table has them already (18.16 has no
 * system table of indexes, and no IF NOT EXISTS for them). */
async function addExtras(
  client: ClickHouseClient,
  table: string,
  on: string,
  features: ServerFeatures,
  options: MigrateOptions,
): Promise<void> {
  const shownNow = async () =>
    (await rowsOf<{ statement: string }>(client, `SHOW CREATE TABLE ${table}`))[0]?.statement ?? '';
  const created = await shownNow();
  // ClickHouse has no locks: another process starting at once may add the index between our look and our ALTER, which
  // then fails; the index being there is what was wanted.
  const addIndex = async (statement: string, shown: string) => {
    try {
      await client.command({ query: statement });
    } catch (error) {
      if (!(await shownNow()).includes(shown)) throw error;
    }
  };
  const index = wordIndexStatement(`${table}${on}`, features);
  if (index && !created.includes(WORD_INDEX)) await addIndex(index, `INDEX ${WORD_INDEX} `);
  // Parts written before it have none: they gain it as they merge (or by MATERIALIZE INDEX, which an operator may run).
  const arrivalIndex = arrivalIndexStatement(`${table}${on}`, features);
  if (arrivalIndex && !created.includes(`INDEX ${ARRIVAL_INDEX} `))
    await addIndex(arrivalIndex, `INDEX ${ARRIVAL_INDEX} `);
  const ttl = ttlStatement(`${table}${on}`, features, options.retentionDays ?? 0);
  // A changed retention replaces the TTL; rows already stored are not rewritten for it (parts past it drop at merges).
  if (ttl && !created.includes(ttl.slice(ttl.indexOf('TTL ') + 4)))
    await client.command({ query: ttl, clickhouse_settings: { materialize_ttl_after_modify: 0 } });
}
