// The two databases the service runs on, for tests that run once on each (describe.each(STORE_KINDS)): a SQLite
// file in a temporary directory, or a new database in the run's PostgreSQL cluster (tests/support/postgres-run.ts),
// copied from the migrated template. Each is deleted by its `drop`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore } from '../../../server/open-store.ts';
import type { Store } from '../../../server/store.types.ts';
import { TEMPLATE_DATABASE } from '../../support/postgres-run.ts';

export type StoreKind = Store['kind'];
export const STORE_KINDS: readonly StoreKind[] = ['sqlite', 'postgres'];

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

export async function createTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'sidelog-server-'));
  if (kind === 'sqlite')
    return { db: join(dir, 'sidelog.db'), dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  const name = `sidelog_test_${crypto.randomUUID().replaceAll('-', '')}`;
  await onAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`));
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return {
    db: url.toString(),
    dir,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** How many rows a table of the database holds, read beside the service (as an operator would look). */
export async function countRows(db: string, table: string): Promise<number> {
  if (!db.startsWith('postgres')) {
    const sqlite = new Database(db, { readonly: true });
    try {
      return sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(db);
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** A store of the kind on a new database; closing it drops the database. */
export async function openTestStore(
  kind: StoreKind,
): Promise<{ store: Store; database: TestDatabase; close(): Promise<void> }> {
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
