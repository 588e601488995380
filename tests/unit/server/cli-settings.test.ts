// The settings of "Running it exposed" as `npm start` reads them from the environment: SIDELOG_ALLOWED_HOSTS replaces
// the served host names, SIDELOG_RETENTION_DAYS deletes what is older (0 keeps everything), and a value that is not
// a number of days refuses to start with one line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../../../scripts/service-process.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startService } from '../../../server/service.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { serviceArgs } from '../../../scripts/service-build.ts';

const ADMIN = 'cli-settings-admin';
let dir: string | undefined;
let service: ServiceProcess | undefined;
afterEach(async () => {
  await service?.stop();
  service = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A GET with the Host header given. */
function statusFor(url: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    request({ host: hostname, port, path, headers: { Host: host } }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode!));
    })
      .on('error', reject)
      .end();
  });
}

test('SIDELOG_ALLOWED_HOSTS replaces the default host names', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-settings-'));
  service = await startServiceProcess({
    SIDELOG_DB: join(dir, 'sidelog.db'),
    SIDELOG_ALLOWED_HOSTS: 'logs.example.com',
  });
  // Served (the admin API then asks for its token), or refused before any route.
  expect(await statusFor(service.url, '/sidelog/admin/api/apps', 'logs.example.com')).toBe(401);
  expect(await statusFor(service.url, '/sidelog/admin/api/apps', `127.0.0.1:${new URL(service.url).port}`)).toBe(421);
  expect(await statusFor(service.url, '/sidelog/admin/api/apps', 'localhost')).toBe(421);
});

/** A database holding 10 logs that retention marked 40 days ago, as a service that ran then would have. */
async function databaseWithOldLogs(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-settings-'));
  const db = join(dir, 'sidelog.db');
  const running = await startService({ db, adminToken: ADMIN, retentionDays: 0 });
  const send = (path: string, body: unknown) =>
    fetch(`${running.url}/sidelog/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
      body: JSON.stringify(body),
    });
  const { id: session_id } = (await (await send('/session', sessionPayload('old'))).json()) as { id: number };
  expect((await send('/log/batch', { session_id, logs: logs(10) })).status).toBe(200);
  await running.close();
  const sqlite = new Database(db);
  const fortyDaysAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
  sqlite
    .prepare(`INSERT INTO retention_marks (at, table_name, max_id) SELECT ?, 'logs', MAX(id) FROM logs`)
    .run(fortyDaysAgo);
  sqlite.close();
  return db;
}

const storedLogs = async (url: string) =>
  (
    (await (
      await fetch(`${url}/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`, {
        headers: { Authorization: `Bearer ${ADMIN}` },
      })
    ).json()) as unknown[]
  ).length;

/** The marks retention has taken in `db` (each pass starts with one per table). */
const marks = (db: string) => {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare(`SELECT count(*) FROM retention_marks WHERE table_name = 'logs'`).pluck().get() as number;
  } finally {
    sqlite.close();
  }
};

test('by default (30 days) logs marked 40 days ago are deleted at start, but for the newest', async () => {
  service = await startServiceProcess({ SIDELOG_DB: await databaseWithOldLogs(), SIDELOG_ADMIN_TOKEN: ADMIN });
  // A table's newest row stays, so that SQLite never gives a later row an id it gave before (server/stores/sqlite/retention-store.ts).
  // Retention's first pass runs on the writer thread as the service starts; on a loaded machine that takes seconds.
  await expect.poll(() => storedLogs(service!.url), { timeout: 15_000 }).toBe(1);
});

test('SIDELOG_RETENTION_DAYS=50 keeps them, past its first pass', async () => {
  const db = await databaseWithOldLogs();
  service = await startServiceProcess({ SIDELOG_DB: db, SIDELOG_ADMIN_TOKEN: ADMIN, SIDELOG_RETENTION_DAYS: '50' });
  // Its first pass, on the writer thread as the service starts: seconds on a loaded machine, as above.
  await expect.poll(() => marks(db), { timeout: 15_000 }).toBe(2);
  expect(await storedLogs(service.url)).toBe(10);
});

test('SIDELOG_RETENTION_DAYS=0 keeps them, and takes no marks', async () => {
  const db = await databaseWithOldLogs();
  service = await startServiceProcess({ SIDELOG_DB: db, SIDELOG_ADMIN_TOKEN: ADMIN, SIDELOG_RETENTION_DAYS: '0' });
  expect(await storedLogs(service.url)).toBe(10);
  expect(marks(db)).toBe(1);
});

test('a SIDELOG_RETENTION_DAYS that is not a number of days refuses to start, in one line', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-settings-'));
  const child = spawn(process.execPath, serviceArgs(), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SIDELOG_DB: join(dir, 'sidelog.db'),
      SIDELOG_RETENTION_DAYS: 'a month',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  expect(stderr).toBe(
    `Sidelog cannot start: SIDELOG_RETENTION_DAYS must be a number of days (0 keeps logs for ever), not 'a month'\n`,
  );
});

test('SIDELOG_TRUSTED_PROXIES: behind the proxy named, a sign-in the proxy says came over TLS sets a Secure cookie', async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-settings-'));
  service = await startServiceProcess({
    SIDELOG_DB: join(dir, 'sidelog.db'),
    SIDELOG_ADMIN_TOKEN: ADMIN,
    SIDELOG_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8',
  });
  const signIn = (proto: string) =>
    fetch(`${service!.url}/sidelog/explorer/api/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': proto, 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify({ name: 'admin', password: ADMIN }),
    });
  expect((await signIn('https')).headers.get('Set-Cookie')).toMatch(/; Secure/);
  expect((await signIn('http')).headers.get('Set-Cookie')).not.toMatch(/Secure/);
});

test.each([
  [
    'SIDELOG_TRUSTED_PROXIES',
    'proxy.internal',
    `SIDELOG_TRUSTED_PROXIES must list IP addresses or networks (10.0.0.0/8), not 'proxy.internal'`,
  ],
  ['SIDELOG_SECURE_COOKIES', 'yes', `SIDELOG_SECURE_COOKIES must be true or false, not 'yes'`],
  ['SIDELOG_SCAN_ROWS', '1e3.5', `SIDELOG_SCAN_ROWS must be a whole number of logs, at least 1, not '1e3.5'`],
])('a %s of %j refuses to start, in one line', async (name, value, message) => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-cli-settings-'));
  const child = spawn(process.execPath, serviceArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SIDELOG_DB: join(dir, 'sidelog.db'), [name]: value },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  expect(stderr).toBe(`Sidelog cannot start: ${message}\n`);
});
