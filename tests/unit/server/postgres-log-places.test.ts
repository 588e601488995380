// On PostgreSQL a log's file, method, URL and tag are searched inside words through the distinct places
// (server/postgres/log-places.ts): a database that stored logs before the places existed finds them after migrating,
// and retention takes a place away with the last log that held it, not before.
import pg from 'pg';
import { afterEach, expect, inject, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { PG_MIGRATIONS } from '../../../server/postgres/schema.ts';
import { openPostgresStore } from '../../../server/postgres/store.ts';
import { startRetention } from '../../../server/retention.ts';
import type { Store } from '../../../server/store.types.ts';
import { createHarness, type Harness } from './service-harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const texts = async (store: Store, appKey: string, q: string) =>
  (await store.explorer.logs({ appKey, ...parseLogFilters(new URLSearchParams({ q })) }, { limit: 100 })).logs
    .map((log) => log.t)
    .sort();

test('logs stored before the places existed are found by a word inside their URL and by file once migrated', async () => {
  const name = `sidelog_places_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = inject('postgresUrl');
  await query(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = url.toString();
  cleanups.push(() => query(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined));

  // The schema as it was before the places, with a session and two logs in it.
  const before = PG_MIGRATIONS.findIndex((migration) => migration.includes('CREATE TABLE log_places'));
  const client = new pg.Client(db);
  await client.connect();
  for (const migration of PG_MIGRATIONS.slice(0, before)) await client.query(migration);
  await client.query(`CREATE TABLE sidelog_schema (version integer NOT NULL)`);
  await client.query(`INSERT INTO sidelog_schema (version) VALUES ($1)`, [before]);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES ('old-app', 's', 'd', '', '', '{}') RETURNING id`,
  );
  const at = Date.now();
  await client.query(
    `INSERT INTO logs (session_id, x, t, at, f, m, u, tg, content_hash) VALUES
       ($1, '', 'checkout failed', $2, 'src/cart.ts', 'pay', 'https://shop.test/orders/checkout', 'net', 'a'),
       ($1, '', 'page shown', $2, 'src/page.ts', NULL, NULL, NULL, 'b')`,
    [rows[0]!.id, at],
  );
  await client.end();

  const store = await openPostgresStore(db);
  cleanups.push(() => store.close());
  expect(await texts(store, 'old-app', 'orders')).toEqual(['checkout failed']);
  expect(await texts(store, 'old-app', 'file:page')).toEqual(['page shown']);
  expect(await texts(store, 'old-app', 'shown')).toEqual(['page shown']);
  expect(await texts(store, 'old-app', '-orders')).toEqual(['page shown']);
});

test("retention takes a place with the last log that held it: a day's URL goes, a newer log's stays and is found", async () => {
  const service: Harness = await createHarness({ store: 'postgres' });
  cleanups.push(() => service.close());
  const now = Date.now();
  const session_id = await service.session('places');
  const log = (at: number, t: string, u: string) => ({ x: new Date(at).toISOString(), at, t, u });
  const sent = await service.wire('sendLogs', {
    session_id,
    logs: [
      log(now - 40 * DAY, 'forty days ago', 'https://shop.test/account/ann-lee-private'),
      log(now - 40 * DAY + 1, 'forty days ago, shared', 'https://shop.test/shared'),
      log(now - 2 * DAY, 'two days ago', 'https://shop.test/shared'),
      log(now, 'now', 'https://shop.test/kept'),
    ],
  });
  expect(sent.status).toBe(200);
  const places = async () =>
    (await query<{ u: string }>(service.db, `SELECT u FROM log_places WHERE u LIKE 'https://shop.test/%'`))
      .map((row) => row.u)
      .sort();
  expect(await places()).toEqual([
    'https://shop.test/account/ann-lee-private',
    'https://shop.test/kept',
    'https://shop.test/shared',
  ]);

  const retention = startRetention(service.store, { days: 30, timer: false });
  await retention.runOnce(new Date(now));
  await retention.stop();
  expect(await places()).toEqual(['https://shop.test/kept', 'https://shop.test/shared']);
  expect(await texts(service.store, DEMO_APP_KEY, 'shared')).toEqual(['two days ago']);
  expect(await texts(service.store, DEMO_APP_KEY, 'url:kept')).toEqual(['now']);
});
