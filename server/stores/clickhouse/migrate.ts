// Brings SIDELOG_LOGS's database to the schema (schema.ts): creates the database when the user may, runs each
// migration not yet recorded in sidelog_migrations, then adds the extras the server has (a word index, a TTL).
// ClickHouse has no transactions or locks: two processes starting at once may both run a migration, so each is
// idempotent (IF NOT EXISTS, or checked first), and a migration recorded twice is still one version.
import type { ClickHouseClient } from '@clickhouse/client';
import { missingColumns } from '../log-columns.ts';
import { clickHouseCode } from './unavailable.ts';
import {
  LOGS_MIGRATIONS,
  LOGS_TABLE,
  MIGRATIONS_TABLE,
  WORD_INDEX,
  ttlStatement,
  wordIndexStatement,
} from './schema.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlIdentifier, sqlString } from './sql-literal.ts';

const rowsOf = async <T>(client: ClickHouseClient, query: string) =>
  (await (await client.query({ query, format: 'JSONEachRow' })).json()) as T[];

/** Creates the database, or, where the user may not (ACCESS_DENIED, READONLY, NOT_ENOUGH_PRIVILEGES), goes on when an
 * operator made it; else says what to do. */
async function ensureDatabase(client: ClickHouseClient, database: string): Promise<void> {
  try {
    await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${sqlIdentifier(database)}` });
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
}

export async function migrateLogs(
  client: ClickHouseClient,
  database: string,
  features: ServerFeatures,
  options: MigrateOptions = {},
): Promise<void> {
  const db = sqlIdentifier(database);
  await ensureDatabase(client, database);
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
    for (const statement of migration.statements(database, features)) await run(client, database, statement);
    await client.insert({
      table: `${db}.${MIGRATIONS_TABLE}`,
      values: [{ version, name: migration.name, applied: Math.floor(Date.now() / 1000) }],
      format: 'JSONEachRow',
    });
  }
  await addMissingColumns(client, database);
  await addExtras(client, database, features, options);
}

const columnsOf = async (client: ClickHouseClient, database: string) =>
  new Set(
    (await rowsOf<{ name: string }>(client, `DESCRIBE TABLE ${sqlIdentifier(database)}.${LOGS_TABLE}`)).map(
      (row) => row.name,
    ),
  );

/** A statement, where one that adds a column may find it added: two processes may both try, and when the ALTER fails
 * and the column is there after all, another process added it (18.16 says so with code 44, current servers with 15),
 * which is what was wanted. */
async function run(client: ClickHouseClient, database: string, statement: string): Promise<void> {
  try {
    await client.command({ query: statement });
  } catch (error) {
    const added = / ADD COLUMN (\w+) /.exec(statement)?.[1];
    if (!added || !(await columnsOf(client, database)).has(added)) throw error;
  }
}

/** A column described after the table was made (server/stores/log-columns.ts) is added on the next start, as on the
 * other stores. */
async function addMissingColumns(client: ClickHouseClient, database: string): Promise<void> {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const present = await columnsOf(client, database);
  for (const statement of missingColumns('clickhouse', present, table)) await run(client, database, statement);
}
/** The word index and the TTL, on each start: SHOW CREATE TABLE says whether the table has them already (18.16 has no
 * system table of indexes, and no IF NOT EXISTS for them). */
async function addExtras(
  client: ClickHouseClient,
  database: string,
  features: ServerFeatures,
  options: MigrateOptions,
): Promise<void> {
  const [shown] = await rowsOf<{ statement: string }>(
    client,
    `SHOW CREATE TABLE ${sqlIdentifier(database)}.${LOGS_TABLE}`,
  );
  const created = shown?.statement ?? '';
  const index = wordIndexStatement(database, features);
  if (index && !created.includes(WORD_INDEX)) await client.command({ query: index });
  const ttl = ttlStatement(database, features, options.retentionDays ?? 0);
  // A changed retention replaces the TTL; rows already stored are not rewritten for it (parts past it drop at merges).
  if (ttl && !created.includes(ttl.slice(ttl.indexOf('TTL ') + 4)))
    await client.command({ query: ttl, clickhouse_settings: { materialize_ttl_after_modify: 0 } });
}
