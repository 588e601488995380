// Two service processes on one PostgreSQL, as behind a load balancer: load goes to both, one is killed with
// SIGKILL in the middle of it, and a client resends to the other what the dead one never answered (delivery is at
// least once). Every log either process acknowledged is stored, and stored once; the other process keeps serving.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startServiceProcess, type ServiceProcess } from '../../../scripts/service-process.ts';
import { readAllPages } from '../../../server/admin/admin-pages.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

const ADMIN_TOKEN = 'two-processes-token';
const CLIENTS = 8;
const BATCHES_PER_CLIENT = 30;
const BATCH = 100;

let database: TestDatabase;
let a: ServiceProcess;
let b: ServiceProcess;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  // The fixture's logs are of September 2026, past the default 30 days' retention, which on PostgreSQL drops a day's
  // partition by the logs' own time: a retention pass late at start (a busy machine) dropped the first batches'
  // day once, with the later batches then stored in the default partition. What this test checks is the kill.
  const env = { SIDELOG_DB: database.db, SIDELOG_ADMIN_TOKEN: ADMIN_TOKEN, SIDELOG_RETENTION_DAYS: '0' };
  [a, b] = await Promise.all([startServiceProcess(env), startServiceProcess(env)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const post = (url: string, op: keyof typeof WIRE_PATHS, body: unknown) =>
  fetch(`${url}/sidelog/api${WIRE_PATHS[op]}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
    body: JSON.stringify(body),
  });

test('every acknowledged log is stored once when one of two processes is killed mid-load, and the other serves on', async () => {
  const { id: session_id } = (await (await post(a.url, 'sendSession', sessionPayload('two-processes'))).json()) as {
    id: number;
  };
  const acknowledged: string[] = [];
  let acknowledgedByA = 0;
  let refusedByDeadA = 0;
  let killed = false;

  /** A client sends its batches alternately to A and B, as a round-robin balancer would; what fails on A goes to B. */
  async function client(n: number) {
    for (let i = 0; i < BATCHES_PER_CLIENT; i++) {
      const batch = logs(BATCH, (n * BATCHES_PER_CLIENT + i) * BATCH).map((log) => ({
        ...log,
        t: `client ${n} batch ${i} ${log.t}`,
      }));
      const first = i % 2 === 0 ? a : b;
      let answer = await post(first.url, 'sendLogs', { session_id, logs: batch }).catch(() => undefined);
      if (first === a && answer?.status === 200) acknowledgedByA++;
      if (!answer || answer.status !== 200) {
        if (first === a) refusedByDeadA++;
        answer = await post(b.url, 'sendLogs', { session_id, logs: batch });
      }
      expect(answer.status).toBe(200);
      acknowledged.push(...batch.map((log) => log.t));
      // Mid-load: once A has acknowledged a quarter of its share, it dies with whatever it is doing.
      if (!killed && acknowledgedByA >= (CLIENTS * BATCHES_PER_CLIENT) / 8) {
        killed = true;
        a.child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

  expect(killed).toBe(true);
  expect(
    a.child.signalCode ?? (await new Promise((resolve) => a.child.once('exit', (_code, signal) => resolve(signal)))),
  ).toBe('SIGKILL');
  // Requests reached A after its death and were answered by B instead.
  expect(refusedByDeadA).toBeGreaterThan(0);

  const stored = (await readAllPages(
    (page) => fetch(`${b.url}${page}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }),
    `/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`,
  )) as { t: string }[];
  const texts = stored.map((log) => log.t);
  expect(new Set(texts).size).toBe(texts.length);
  expect(texts.sort()).toEqual([...acknowledged].sort());
  expect(acknowledged).toHaveLength(CLIENTS * BATCHES_PER_CLIENT * BATCH);

  // B still takes new sessions and logs.
  const { id } = (await (await post(b.url, 'sendSession', sessionPayload('after-the-kill'))).json()) as { id: number };
  expect((await post(b.url, 'sendLogs', { session_id: id, logs: logs(3) })).status).toBe(200);
}, 120_000);
