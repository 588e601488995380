// gzip on every operation of the collector (docs/local-service.md#compressed-bodies): a gzip batch is stored as its
// plain twin is; a 1 MB body that inflates past the limit answers 413 without the service inflating it whole, and the
// service answers the next request; an encoding it does not know answers 415, a broken gzip stream 400.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WIRE_PATHS, type WireOperation } from '../../../protocol/wire.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { DEFAULT_MAX_INFLATED_BYTES } from '../../../server/http/request-body.ts';
import { startService, type RunningService } from '../../../server/service.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';

const ADMIN_TOKEN = 'gzip-token';
let dir: string;
let service: RunningService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sidelog-gzip-'));
  service = await startService({ db: join(dir, 'sidelog.db'), adminToken: ADMIN_TOKEN });
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (op: WireOperation, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/sidelog/api${WIRE_PATHS[op]}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY, ...headers },
    body,
  });
const gzip = (value: unknown) => gzipSync(JSON.stringify(value));
const storedTexts = async () =>
  (
    (await (
      await fetch(`${service.url}/sidelog/admin/api/logs?app=${DEMO_APP_KEY}&limit=1000`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json()) as { t: string }[]
  ).map((log) => log.t);

test('a session and a batch sent gzip-encoded are stored, beside plain ones', async () => {
  const session = await send('sendSession', gzip(sessionPayload('gzip-session')), { 'Content-Encoding': 'gzip' });
  expect(session.status).toBe(200);
  const { id: session_id } = (await session.json()) as { id: number };
  const batch = logs(300).map((log) => ({ ...log, t: `gzip ${log.t}` }));
  expect((await send('sendLogs', gzip({ session_id, logs: batch }), { 'Content-Encoding': 'gzip' })).status).toBe(200);
  expect((await send('sendLogs', JSON.stringify({ session_id, logs: logs(2, 1000) }))).status).toBe(200);
  expect(await storedTexts()).toEqual([...batch.map((log) => log.t), 'line 1000', 'line 1001']);
});

test('a 1 MB body that inflates past the limit answers 413, is not inflated whole, and the service serves on', async () => {
  // 1 GiB of zeros, about 1 MB compressed (128 gzip members of 8 MiB each): eight times the limit once inflated.
  const member = gzipSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 });
  const bomb = Buffer.concat(Array.from({ length: 128 }, () => member));
  expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
  const rss = process.memoryUsage().rss;
  const answer = await send('sendLogs', bomb, { 'Content-Encoding': 'gzip' });
  expect(answer.status).toBe(413);
  expect(await answer.json()).toEqual({ error: `body larger than ${DEFAULT_MAX_INFLATED_BYTES} bytes once inflated` });
  // Inflated only up to the limit (128 MiB), far from the 1 GiB it holds.
  expect(process.memoryUsage().rss - rss).toBeLessThan(512 * 1024 * 1024);
  expect((await send('sendSession', JSON.stringify(sessionPayload('after-the-bomb')))).status).toBe(200);
});

test('an unknown encoding answers 415, a broken gzip stream 400, and a browser may send Content-Encoding', async () => {
  const body = JSON.stringify(sessionPayload('never'));
  expect((await send('sendSession', body, { 'Content-Encoding': 'br' })).status).toBe(415);
  const broken = await send('sendSession', gzipSync(body).subarray(0, 20), { 'Content-Encoding': 'gzip' });
  expect(broken.status).toBe(400);
  expect(await broken.json()).toEqual({ error: 'malformed gzip body' });
  const preflight = await fetch(`${service.url}/sidelog/api/log/batch`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'https://shop.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,content-encoding,x-app-token',
    },
  });
  expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('content-encoding');
});
