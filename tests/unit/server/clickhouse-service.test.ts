// The service started with SIDELOG_LOGS beside SIDELOG_DB (docs/clickhouse.md): a Bugfender SDK's batch posted over
// HTTP is stored in ClickHouse (the run's 18.16 server), not in SIDELOG_DB, and read back through the explorer's API;
// with ClickHouse unreachable, the collector answers 503 with Retry-After and keeps nothing.
import { ClickHouseLogLevel, createClient } from '@clickhouse/client';
import { createServer, type Socket } from 'node:net';
import { afterEach, expect, inject, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { wireRequest } from '../../../fixtures/wire-bodies.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { QUERY_SETTINGS, rowsOf } from '../../../server/stores/clickhouse/client.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { unavailableWhenDown } from '../../../server/stores/clickhouse/unavailable.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { createServiceApp } from '../../../server/service.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { seedDemo } from '../../../server/partner/demo.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { countRows, createTestDatabase, type TestDatabase } from './test-databases.ts';

const ADMIN = 'clickhouse-service-admin';
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A database of the test's own on the run's ClickHouse server, as SIDELOG_LOGS names it, and a client beside it. */
function clickhouseDatabase() {
  const name = `sidelog_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const client = createClient({ url: inject('clickhouseUrl'), clickhouse_settings: QUERY_SETTINGS });
  cleanup.push(async () => {
    await client.command({ query: `DROP DATABASE IF EXISTS ${name}` });
    await client.close();
  });
  return { name, url: `${inject('clickhouseUrl')}/${name}`, client };
}

async function sqliteDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase('sqlite');
  cleanup.push(() => database.drop());
  return database;
}

// As @bugfender/sdk 2.4.0 posts them (tests/unit/server/bugfender-bodies.test.ts).
const bfSession = {
  device: { udid: 'bf-device', name: 'Chrome 156', device_type: 'Chrome', language: 'en-US', os: 'Linux' },
  language: 'en-US',
  time: '2026-11-23T10:00:00.000Z',
  sdk_type: 'web',
  sdk_version: 20251107,
  session_uid: 'bf-session',
  app_version: { app: { key: DEMO_APP_KEY } },
};
const bfLine = (at: number, t: string) => ({
  x: new Date(Date.UTC(2026, 10, 23, 10, 0, at)).toISOString(),
  t,
  m: 'pay',
  at: Date.UTC(2026, 10, 23, 10, 0, at),
  tg: 'checkout',
  f: 'cart.ts',
  l: 12,
  ll: 2,
  u: 'https://shop.test/cart',
});

test('a Bugfender batch goes to ClickHouse, is acknowledged once stored there, and reads back through the explorer', async () => {
  const clickhouse = clickhouseDatabase();
  const sqlite = await sqliteDatabase();
  const service: RunningService = await startService({
    db: sqlite.db,
    logs: clickhouse.url,
    adminToken: ADMIN,
    retentionDays: 0,
  });
  cleanup.push(() => service.close());
  // The wire bodies' helper posts through a `request` as Hono's: here over the socket, to the started service.
  const http = {
    request: (path: string | Request | URL, init?: RequestInit) => fetch(`${service.url}${String(path)}`, init),
  };

  const session = await wireRequest(http, 'sendSession', bfSession);
  expect(session.status).toBe(200);
  const { id: session_id } = (await session.json()) as { id: number };
  const logs = [bfLine(1, 'Платёж отклонён: карта 4242'), bfLine(2, 'retrying the payment')];
  const sent = await wireRequest(http, 'sendLogs', { session_id, logs });
  expect(sent.status).toBe(200);
  // Acknowledged: in ClickHouse already, and none in SIDELOG_DB. Sent again after a lost answer, stored once.
  expect((await wireRequest(http, 'sendLogs', { session_id, logs })).status).toBe(200);
  expect(await rowsOf(clickhouse.client, `SELECT count() AS n FROM ${clickhouse.name}.logs`)).toEqual([{ n: 2 }]);
  await service.close();
  expect(await countRows(sqlite.db, 'logs')).toBe(0);

  // Started again on the same two databases, the explorer reads the logs back with who they are from.
  const again = await startService({ db: sqlite.db, logs: clickhouse.url, adminToken: ADMIN, retentionDays: 0 });
  cleanup.push(() => again.close());
  const signIn = await fetch(`${again.url}${EXPLORER_API}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: ADMIN }),
  });
  const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
  const read = async (query: string) => {
    const answer = await fetch(`${again.url}${EXPLORER_API}/apps/${appIdOf(DEMO_APP_KEY)}/logs?${query}`, {
      headers: { Cookie: cookie },
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { logs: { t: string; session_uid: string; udid: string; device_name: string }[] };
  };
  expect((await read('session=bf-session')).logs).toEqual([
    expect.objectContaining({
      t: 'retrying the payment',
      session_uid: 'bf-session',
      udid: 'bf-device',
      device_name: 'Chrome 156',
    }),
    expect.objectContaining({ t: 'Платёж отклонён: карта 4242', session_uid: 'bf-session' }),
  ]);
  expect((await read(new URLSearchParams({ q: 'платёж' }).toString())).logs.map((log) => log.t)).toEqual([
    'Платёж отклонён: карта 4242',
  ]);
});

/** A port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('with ClickHouse unreachable, a batch is answered 503 with Retry-After and nothing is kept', async () => {
  const clickhouse = clickhouseDatabase();
  const sqlite = await sqliteDatabase();
  const base = await openStore(sqlite.db);
  const logs = await openClickHouseLogsOn(clickhouse.client, clickhouse.name);
  // The store as started, whose ClickHouse then went away: its inserts meet a refused connection.
  const gone = createClient({
    url: `http://127.0.0.1:${await closedPort()}`,
    clickhouse_settings: QUERY_SETTINGS,
    log: { level: ClickHouseLogLevel.OFF },
  });
  cleanup.push(() => gone.close());
  const store = withClickHouseLogs(base, { ...logs, ...createLogWriter(gone, clickhouse.name) });
  cleanup.push(() => store.close());
  await seedDemo(store);
  const app = createServiceApp(store, { adminToken: ADMIN });

  const { id: session_id } = (await (await wireRequest(app, 'sendSession', bfSession)).json()) as { id: number };
  const answer = await wireRequest(app, 'sendLogs', { session_id, logs: [bfLine(1, 'lost?')] });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/);
  expect(await countRows(sqlite.db, 'logs')).toBe(0);
  expect(await rowsOf(clickhouse.client, `SELECT count() AS n FROM ${clickhouse.name}.logs`)).toEqual([{ n: 0 }]);
});

test('with ClickHouse too slow to answer, a read in the explorer is answered 503 with Retry-After, not 500', async () => {
  const clickhouse = clickhouseDatabase();
  const sqlite = await sqliteDatabase();
  const base = await openStore(sqlite.db);
  // A server that takes the request and never answers, as ClickHouse past the client's timeout under load; its
  // client is opened as openClickHouseLogs opens one, with its timeout short so that the test waits a moment.
  const held = new Set<Socket>();
  const silent = createServer((socket) => held.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  const slow = createClient({
    url: `http://127.0.0.1:${(silent.address() as { port: number }).port}`,
    request_timeout: 300,
    clickhouse_settings: QUERY_SETTINGS,
    log: { level: ClickHouseLogLevel.OFF },
  });
  cleanup.push(() => slow.close());
  const logs = await openClickHouseLogsOn(clickhouse.client, clickhouse.name);
  // The store as opened; its ClickHouse then stopped answering in time.
  const store = withClickHouseLogs(base, { ...logs, client: unavailableWhenDown(slow) });
  cleanup.push(() => store.close());
  await seedDemo(store);
  const app = createServiceApp(store, { adminToken: ADMIN });
  const signIn = await app.request(`${EXPLORER_API}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: ADMIN }),
  });
  const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
  const answer = await app.request(`${EXPLORER_API}/apps/${appIdOf(DEMO_APP_KEY)}/logs`, {
    headers: { Cookie: cookie },
  });
  expect(answer.status).toBe(503);
  expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/);
  expect(await answer.json()).toEqual({ error: 'the database is unavailable or busy; retry later' });
});

test('with ClickHouse unreachable at start, the service refuses to start in one line naming SIDELOG_LOGS, not its password', async () => {
  const sqlite = await sqliteDatabase();
  const logs = `http://sidelog:hunter2@127.0.0.1:${await closedPort()}/sidelog`;
  const started = startService({ db: sqlite.db, logs, adminToken: ADMIN, retentionDays: 0 });
  await expect(started).rejects.toThrow(
    /^SIDELOG_LOGS http:\/\/sidelog:\*\*\*@127\.0\.0\.1:\d+\/sidelog: cannot open ClickHouse's logs \(.*ECONNREFUSED/,
  );
  await expect(started).rejects.not.toThrow(/hunter2/);
});
