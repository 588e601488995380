// The service as a process runs it: a real socket on a free port over a database file, closed cleanly even while
// a 'hang' fault (the tests' own, tests/support/collector-faults.ts) holds requests open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DEMO_APP_KEY, DEMO_PARTNER } from '../../../server/partner/demo.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { FAULTS_PATH, mountCollectorFaults } from '../../support/collector-faults.ts';
import { device, logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';

let dir: string;
let service: RunningService | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-service-'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });

test('starts on a free loopback port, with a generated admin token, and serves the demo partner', async () => {
  service = await startService({ dbPath: join(dir, 'nested', 'sidelog.db') });
  expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(service.adminToken.length).toBeGreaterThanOrEqual(24);
  const answer = await post(service.url + PARTNER_API.auth, DEMO_PARTNER);
  expect(await answer.json()).toMatchObject({ status: 'success' });
});

test('what was stored survives a restart over the same database', async () => {
  const dbPath = join(dir, 'sidelog.db');
  service = await startService({ dbPath, adminToken: 'admin' });
  const { id } = await (
    await post(`${service.url}/sidelog/api${WIRE_PATHS.sendSession}`, sessionPayload('kept'), {
      'X-App-Token': DEMO_APP_KEY,
    })
  ).json();
  await service.close();

  service = await startService({ dbPath, adminToken: 'admin' });
  const again = await post(`${service.url}/sidelog/api${WIRE_PATHS.sendSession}`, sessionPayload('kept'), {
    'X-App-Token': DEMO_APP_KEY,
  });
  expect(await again.json()).toEqual({ id });
});

test('a hang fault holds the request until the client gives up, and records it; other apps are answered meanwhile', async () => {
  service = await startService({
    dbPath: join(dir, 'sidelog.db'),
    beforeRoutes: mountCollectorFaults,
    adminToken: 'admin',
  });
  const admin = (path: string, body?: unknown) =>
    fetch(`${service!.url}/sidelog/admin/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: 'Bearer admin', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const { id: session_id } = await (
    await post(`${service.url}/sidelog/api/session`, sessionPayload('s'), { 'X-App-Token': DEMO_APP_KEY })
  ).json();
  await post(`${service.url}${FAULTS_PATH}`, { app: DEMO_APP_KEY, mode: 'hang', ops: ['sendLogs'] });

  const client = new AbortController();
  const hanging = post(
    `${service.url}/sidelog/api/log/batch`,
    { session_id, logs: logs(3) },
    { 'X-App-Token': DEMO_APP_KEY },
    client.signal,
  );
  const settled = hanging.then(
    () => 'answered',
    () => 'aborted',
  );
  // The hanging request is recorded when it arrives; wait for that rather than for a time.
  await expect
    .poll(async () => (await admin(`requests?app=${DEMO_APP_KEY}`)).map((r: { operation: string }) => r.operation))
    .toContain('sendLogs');
  const other = await post(
    `${service.url}/sidelog/api/app/device-status`,
    { app_token: DEMO_APP_KEY, device: device() },
    { 'X-App-Token': DEMO_APP_KEY },
  );
  expect(await other.json()).toEqual({ logger_enabled: true });

  client.abort();
  expect(await settled).toBe('aborted');
  expect(await admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([]);
});

test('close() returns even while a hang fault holds a request open', async () => {
  service = await startService({
    dbPath: join(dir, 'sidelog.db'),
    beforeRoutes: mountCollectorFaults,
    adminToken: 'admin',
  });
  await post(`${service.url}${FAULTS_PATH}`, { app: DEMO_APP_KEY, mode: 'hang' });
  const hanging = post(
    `${service.url}/sidelog/api/app/device-status`,
    { app_token: DEMO_APP_KEY, device: device() },
    { 'X-App-Token': DEMO_APP_KEY },
  ).catch(() => 'connection closed');
  await expect
    .poll(async () => {
      // Until the request has reached the service there is nothing to hold open.
      const answer = await fetch(`${service!.url}/sidelog/admin/api/requests?app=${DEMO_APP_KEY}`, {
        headers: { Authorization: 'Bearer admin' },
      });
      return (await answer.json()).length;
    })
    .toBe(1);
  await service.close();
  service = undefined;
  await hanging;
});

test('a page on another origin passes the CORS preflight of the collector', async () => {
  service = await startService({ dbPath: join(dir, 'sidelog.db') });
  const answer = await fetch(`${service.url}/sidelog/api/log/batch`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:63315',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-app-token',
    },
  });
  expect(answer.status).toBe(204);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
});

test('a port already taken rejects startService', async () => {
  service = await startService({ dbPath: join(dir, 'sidelog.db') });
  const port = Number(new URL(service.url).port);
  await expect(startService({ dbPath: join(dir, 'other.db'), port })).rejects.toThrow(/EADDRINUSE/);
});
