// The two databases the service runs on, for tests that run once on each (describe.each(STORE_KINDS)): a SQLite
// file in a temporary directory, or a new database in the run's PostgreSQL cluster (tests/support/postgres-run.ts),
// copied from the migrated template. Each is deleted by its `drop`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { TEMPLATE_DATABASE } from '../../support/postgres-run.ts';
import { createTestClickHouse } from './clickhouse-engines.ts';

export type StoreKind = Store['kind'];
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];
/** SQLite with its logs in ClickHouse (docs/clickhouse.md): on the run's 18.16 server (`clickhouse`), or on chdb's
 * 26.7 in this process (`chdb`). For the tests that concern logs. */
type LogsKind = 'clickhouse' | 'chdb';
export type TestStoreKind = StoreKind | LogsKind;
export const LOG_STORE_KINDS: readonly TestStoreKind[] = [...STORE_KINDS, 'clickhouse', 'chdb'];
/** Whether `kind` is one of the two databases (SQLite, PostgreSQL), not SQLite with its logs in ClickHouse. A case of
 * a LOG_STORE_KINDS file that stores and reads no log (a sign-in, a viewer's access, an app's rules, a parser's
 * refusal) runs on these two only: with its logs in ClickHouse the service keeps all else in SQLite, so there it would
 * run SQLite's code again (docs/testing.md#budget). */
export const isDatabaseKind = (kind: TestStoreKind): kind is StoreKind =>
  (STORE_KINDS as readonly string[]).includes(kind);

export interface TestDatabase {
  /** What SIDELOG_DB (or startService's `db`) names: a file's path or a postgres:// URL. */
  db: string;
  /** A directory of the test's own (the SQLite file is in it). */
  dir: string;
  drop(): Promise<void>;
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(inject('postgresUrl'));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits, up to a second, for the database's connections to close. A pool's `end()` resolves before its connections
 * have closed (pg-pool stops counting them first): forced out by the drop while closing, a connection's client gets
 * the server's "terminating connection due to administrator command", an uncaught error where its pool has no
 * listener (it failed a run once). What is still open after that (a killed service's) the drop forces out. */
async function closed(client: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const { rows } = await client.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1`,
      [name],
    );
    if (rows[0]!.open === 0) return;
    // node:timers' own: a test's fake timers (vi.useFakeTimers) do not stop it.
    await sleep(20);
  }
}

export async function createTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-server-'));
  if (kind === 'sqlite')
    return { db: join(dir, 'sidelog.db'), dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const name = `sidelog_test_${crypto.randomUUID().replaceAll('-', '')}`;
  // FILE_COPY copies the template's files as they are; WAL_LOG, the default, reads and logs every block of them: 21 to
  // 34 ms of the server's CPU a copy against 47 to 69, and its drop 8 ms against 17 (docs/testing.md#the-third-pass).
  await onAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`));
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return {
    db: url.toString(),
    dir,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await onAdmin(async (client) => {
        await closed(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/** Runs SQL (one statement or several) on the database beside the service: SQLite's file, or PostgreSQL's URL. */
export async function runOnDatabase(db: string, statements: string): Promise<void> {
  if (!db.startsWith('postgres')) {
    const sqlite = new Database(db);
    try {
      sqlite.exec(statements);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client(db);
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

/** Runs one statement (`$1`… for its values) on the database beside the service: its rows. */
export async function rowsOnDatabase(
  db: string,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  if (!db.startsWith('postgres')) {
    const sqlite = new Database(db);
    try {
      const statement = sqlite.prepare(text.replace(/\$\d+/g, '?'));
      return statement.reader
        ? (statement.all(...values) as Record<string, unknown>[])
        : (statement.run(...values), []);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(db);
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** How many rows a table of the database holds, read beside the service (as an operator would look). */
export async function countRows(db: string, table: string): Promise<number> {
  const [row] = await rowsOnDatabase(db, `SELECT count(*) AS n FROM ${table}`);
  return Number(row!.n);
}

/** A store of the kind on a new database; closing it drops the database (and ClickHouse's). */
export async function openTestStore(
  kind: TestStoreKind,
): Promise<{ store: Store; database: TestDatabase; close(): Promise<void> }> {
  if (kind === 'clickhouse' || kind === 'chdb') return openWithClickHouse(kind);
  const database = await createTestDatabase(kind);
  const store = await openStore(database.db);
  return {
    store,
    database,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}

async function openWithClickHouse(kind: LogsKind) {
  const database = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse(kind === 'chdb' ? 'chdb' : 'server');
  const logs = await openClickHouseLogsOn(clickhouse.client, clickhouse.database, { writer: { windowMs: 0 } });
  const store = withClickHouseLogs(await openStore(database.db), logs);
  return {
    store,
    database,
    close: async () => {
      await store.close();
      await clickhouse.drop();
      await database.drop();
    },
  };
}
