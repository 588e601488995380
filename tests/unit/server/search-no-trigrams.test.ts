// No trigram index on the ingest path (docs/explorer.md#search): on either store, a database that stores logs holds
// no trigram table or index, and a database made while the trigram indexes existed loses them when it migrates and
// still answers every kind of search with exactly its lines.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { PG_MIGRATIONS } from '../../../server/stores/postgres/schema.ts';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { sqliteBefore } from './sqlite-before.ts';
import { createTestDatabase, STORE_KINDS, type StoreKind, type TestDatabase } from './test-databases.ts';

const APP = 'no-trigrams-app';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The trigram tables and indexes the database holds, and whether it still has the places' table. */
async function trigramsOf(kind: StoreKind, db: string): Promise<string[]> {
  if (kind === 'sqlite') {
    const sqlite = new Database(db, { readonly: true });
    try {
      return sqlite
        .prepare(
          `SELECT name FROM sqlite_master WHERE sql LIKE '%trigram%' OR name LIKE '%infix%' OR name = 'log_places' ORDER BY name`,
        )
        .pluck()
        .all() as string[];
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client(db);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' OR indexname LIKE '%infix%' OR indexname = 'logs_by_place'
       UNION ALL SELECT tablename FROM pg_tables WHERE tablename = 'log_places' ORDER BY name`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const LINES = [
  { t: '502 Bad Gateway', f: 'src/client.ts', m: 'send', u: 'https://shop.test/api/pay', tg: 'net' },
  { t: 'partner cabinet opened okay', f: 'app.ts', m: 'open', u: 'https://shop.test/cabinet', tg: 'ui' },
  { t: 'connection refused', f: 'socket.ts', m: 'connect', u: 'wss://shop.test/live', tg: 'net' },
];

/** Each query and exactly the lines it finds. */
const SEARCHES: [string, string[]][] = [
  ['gateway', ['502 Bad Gateway']],
  ['"bad gateway"', ['502 Bad Gateway']],
  ['*artner*', ['partner cabinet opened okay']],
  ['client.ts', ['502 Bad Gateway']],
  ['file:client', ['502 Bad Gateway']],
  ['url:cabinet', ['partner cabinet opened okay']],
  ['method:conn', ['connection refused']],
  ['-gateway', ['connection refused', 'partner cabinet opened okay']],
  ['gateway OR refused', ['502 Bad Gateway', 'connection refused']],
  ['tag:net -*efus*', ['502 Bad Gateway']],
];

const texts = async (store: Store, q: string) =>
  (await store.explorer.logs({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) }, { limit: 100 })).logs
    .map((log) => log.t!)
    .sort();

async function database(kind: StoreKind): Promise<TestDatabase> {
  const created = await createTestDatabase(kind);
  cleanups.push(() => created.drop());
  return created;
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  test('storing logs writes no trigram table or index', async () => {
    const { db } = await database(kind);
    const store = await openStore(db);
    cleanups.push(() => store.close());
    await store.putApp(APP, true);
    const session = await store.putSession(APP, sessionPayload('s-1', APP));
    const at = Date.now();
    await store.addLogs(
      APP,
      session,
      LINES.map((line, i) => ({ x: new Date(at + i).toISOString(), at: at + i, ...line })),
    );
    await store.settled();
    expect(await trigramsOf(kind, db)).toEqual([]);
    for (const [q, lines] of SEARCHES) expect(await texts(store, q), q).toEqual([...lines].sort());
  });

  test('a database that held the trigram indexes loses them as it migrates, and every search still answers', async () => {
    const migrations: readonly string[] = kind === 'sqlite' ? MIGRATIONS : PG_MIGRATIONS;
    const drop = migrations.findIndex(
      (sql) => sql.includes('DROP TABLE IF EXISTS log_places') || sql.includes('DROP TABLE IF EXISTS logs_infix'),
    );
    expect(drop).toBeGreaterThan(0);
    const { db } = await database(kind);
    const at = Date.now();
    if (kind === 'sqlite') {
      const { db: old, session } = sqliteBefore(db, drop, APP);
      const insert = old.prepare(
        `INSERT INTO logs (session_id, x, at, t, f, m, u, tg, content_hash) VALUES (?, '', ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const [i, line] of LINES.entries())
        insert.run(session, at + i, line.t, line.f, line.m, line.u, line.tg, `hash-${i}`);
      // Indexed as the writer thread indexed them then: words and trigrams, up to search_progress.
      old.exec(`INSERT INTO logs_fts (rowid, t) SELECT id, t FROM logs;
        INSERT INTO logs_infix (rowid, t, f, m, u, tg) SELECT id, t, f, m, u, tg FROM logs;
        UPDATE search_progress SET indexed_to = (SELECT max(id) FROM logs);`);
      old.close();
    } else {
      const client = new pg.Client(db);
      await client.connect();
      // A template database is migrated already: start from an empty schema.
      await client.query(`DROP SCHEMA public CASCADE; CREATE SCHEMA public`);
      for (const sql of migrations.slice(0, drop)) await client.query(sql);
      await client.query(`CREATE TABLE sidelog_schema (version integer NOT NULL)`);
      await client.query(`INSERT INTO sidelog_schema (version) VALUES ($1)`, [drop]);
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES ($1, 's', 'd', '', '', '{}') RETURNING id`,
        [APP],
      );
      for (const [i, line] of LINES.entries())
        await client.query(
          `INSERT INTO logs (session_id, x, t, at, f, m, u, tg, content_hash) VALUES ($1, '', $2, $3, $4, $5, $6, $7, $8)`,
          [rows[0]!.id, line.t, at + i, line.f, line.m, line.u, line.tg, `hash-${i}`],
        );
      await client.end();
    }
    expect((await trigramsOf(kind, db)).length).toBeGreaterThan(0);

    const store = await openStore(db);
    cleanups.push(() => store.close());
    expect(await trigramsOf(kind, db)).toEqual([]);
    for (const [q, lines] of SEARCHES) expect(await texts(store, q), q).toEqual([...lines].sort());
  });
});
