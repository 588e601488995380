// PostgreSQL going away under a request (a restart, `pg_ctl restart -m fast`, an operator's pg_terminate_backend):
// the process lives on, the request answers 503 with Retry-After, and the next one is stored
// (docs/local-service.md#postgresql-restarts). The test ends the service's backends as a restart does, with the same
// 57P01, at a point it chooses: while a transaction's statement waits on a lock the test holds, and, on a bare
// transaction, between two of its statements; and a connection cut with no word from the server (a relay the test
// closes) mid-statement. An uncaught 'error' event on a client would be this run's unhandled error, which fails it.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { storageFault } from '../../../server/http/errors.ts';
import { createPool, transaction } from '../../../server/stores/postgres/client.ts';
import { createTestDatabase } from './test-databases.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A connection of the test's own beside the service's, as an operator's psql would be. */
async function operator(db: string): Promise<pg.Client> {
  const client = new pg.Client(db);
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Ends the database's other connections that match `where` as a fast restart does (57P01), and waits until their
 * backends are gone (a condition, not a time: it polls). */
async function terminate(client: pg.Client, where = 'true'): Promise<void> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
  );
  const pids = rows.map(({ pid }) => pid);
  while (await seen(client, `pid = ANY($1)`, [pids])) await sleep(5);
}

/** Waits until one of the service's connections waits on a lock. */
async function lockWaited(client: pg.Client): Promise<void> {
  while (!(await seen(client, `datname = current_database() AND wait_event_type = 'Lock'`))) await sleep(5);
}

/** Whether pg_stat_activity holds a row where `where`; read afresh, for inside a transaction it is read once. */
async function seen(client: pg.Client, where: string, params: unknown[] = []): Promise<boolean> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  return Boolean((await client.query(`SELECT 1 FROM pg_stat_activity WHERE ${where}`, params)).rowCount);
}

test('a connection ended between two statements of a transaction rejects it with a code that answers 503', async () => {
  const database = await createTestDatabase('postgres');
  cleanups.push(() => database.drop());
  const pool = createPool(database.db, 2);
  cleanups.push(() => pool.end());
  const admin = await operator(database.db);

  const failed = await transaction(pool, async (client) => {
    await client.query('SELECT 1');
    // The client is checked out and idle in its transaction: the server's 57P01 comes with no query to take it.
    await terminate(admin);
    await client.query('SELECT 2');
  }).then(
    () => undefined,
    (error: unknown) => error,
  );

  expect(storageFault(failed)).toMatchObject({ status: 503 });
  // The pool let the dead connection go: the next transaction has a live one.
  expect(await transaction(pool, async (client) => (await client.query('SELECT 1 AS one')).rows[0])).toEqual({
    one: 1,
  });
});

/** A TCP relay to the database that the test can cut, as a network that drops or a server killed outright would:
 * the sockets close with no word from the server, so its driver's errors carry no code. */
async function relay(db: string): Promise<{ db: string; cut(): void }> {
  const target = new URL(db);
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    socket.pipe(upstream).pipe(socket);
    sockets.push(socket, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const url = new URL(db);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { db: url.toString(), cut: () => sockets.splice(0).forEach((socket) => socket.destroy()) };
}

test('a connection lost with no word from the server, mid-statement, answers 503; the next statement runs', async () => {
  const database = await createTestDatabase('postgres');
  cleanups.push(() => database.drop());
  const cut = await relay(database.db);
  const pool = createPool(cut.db, 2);
  cleanups.push(() => pool.end());
  const admin = await operator(database.db);

  // The test holds an advisory lock: the pool's statement waits on it until the test cuts the connection.
  await admin.query('SELECT pg_advisory_lock(37)');
  const statement = pool.query('SELECT pg_advisory_lock(37)').then(
    () => undefined,
    (error: unknown) => error,
  );
  await lockWaited(admin);
  cut.cut();
  const failed = await statement;
  await admin.query('SELECT pg_advisory_unlock(37)');

  expect(storageFault(failed)).toMatchObject({ status: 503 });
  expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
});

/** An OTLP/JSON request of one record, in the session its resource names (docs/opentelemetry.md). */
const otlpBody = (instance: string) =>
  JSON.stringify({
    resourceLogs: [
      {
        resource: {
          attributes: [
            { key: 'service.name', value: { stringValue: 'shop' } },
            { key: 'service.instance.id', value: { stringValue: instance } },
          ],
        },
        scopeLogs: [{ logRecords: [{ timeUnixNano: '1790000000000000000', body: { stringValue: 'paid' } }] }],
      },
    ],
  });

const SENDS = {
  'a session': (h: Harness) => h.wire('sendSession', sessionPayload('s-cut')),
  'an OTLP request': (h: Harness) =>
    h.app.request('/v1/logs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: otlpBody('i-cut'),
    }),
};

test.each(Object.keys(SENDS) as (keyof typeof SENDS)[])(
  '%s being stored when the connection ends answers 503 with Retry-After; sent again, it is stored',
  async (what) => {
    const service = await createHarness({ store: 'postgres' });
    cleanups.push(() => service.close());
    const admin = await operator(service.db);
    const send = () => SENDS[what](service);

    // The test holds the sessions table: the service's transaction waits inside its INSERT until the test ends it.
    await admin.query('BEGIN');
    await admin.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    const answer = send();
    await lockWaited(admin);
    // Only the connection in the transaction: an idle one of the pool's, ended too, may be taken by the request's
    // next statement before its end is read, which answers 503 as well, but not always from the same place.
    await terminate(admin, `wait_event_type = 'Lock'`);
    await admin.query('ROLLBACK');

    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject(what === 'a session' ? { error: expect.any(String) } : { code: 14 });
    expect(Number((await admin.query(`SELECT count(*) FROM sessions`)).rows[0].count)).toBe(0);

    expect((await send()).status).toBe(200);
    expect(Number((await admin.query(`SELECT count(*) FROM sessions`)).rows[0].count)).toBe(1);
  },
);
