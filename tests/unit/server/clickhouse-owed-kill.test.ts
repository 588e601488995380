// A service process with its logs in ClickHouse (the run's 18.16 server) killed with SIGKILL while it owes a batch's
// counts to SIDELOG_DB (docs/clickhouse.md#counts-owed-kept-and-paid): SIDELOG_DB refused them (a trigger on
// log_batches), the collector answered the error, the process died; the next process started pays them before it
// serves, so the batches list and the session's counts and times are as if nothing had failed, and the client's resend
// of the batch still counts once.
import { createClient } from '@clickhouse/client';
import { afterEach, expect, inject, test } from 'vitest';
import { sessionPayload, wireRequest } from '../../../fixtures/wire-bodies.ts';
import { startServiceProcess, type ServiceProcess } from '../../../scripts/service-process.ts';
import { readAllPages } from '../../../server/admin/admin-pages.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { QUERY_SETTINGS } from '../../../server/stores/clickhouse/client.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { batchOf, listedAsSent, refuseBatches } from './owed-counts-fixtures.ts';
import { createTestDatabase } from './test-databases.ts';

const ADMIN_TOKEN = 'owed-kill-admin';
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The service's wire calls, over its socket (the wire bodies' helper posts through a `request` as Hono's). */
const wireOf = (service: ServiceProcess) => ({
  request: (path: string | Request | URL, init?: RequestInit) => fetch(`${service.url}${String(path)}`, init),
});

test('a process killed owing a batch’s counts: the next one pays them before it serves, and a resend counts once', async () => {
  const database = await createTestDatabase('sqlite');
  cleanup.push(() => database.drop());
  const name = `sidelog_test_${crypto.randomUUID().replaceAll('-', '')}`;
  cleanup.push(async () => {
    const client = createClient({ url: inject('clickhouseUrl'), clickhouse_settings: QUERY_SETTINGS });
    await client.command({ query: `DROP DATABASE IF EXISTS ${name}` });
    await client.close();
  });
  const env = {
    SIDELOG_DB: database.db,
    SIDELOG_LOGS: `${inject('clickhouseUrl')}/${name}`,
    SIDELOG_RETENTION_DAYS: '0',
    SIDELOG_ADMIN_TOKEN: ADMIN_TOKEN,
  };
  const [a, b] = [batchOf(6, 0), batchOf(13, 1_000)];

  const first = await startServiceProcess(env);
  cleanup.push(() => first.stop());
  const answer = await wireRequest(wireOf(first), 'sendSession', sessionPayload('owed-kill'));
  const { id: session_id } = (await answer.json()) as { id: number };
  expect((await wireRequest(wireOf(first), 'sendLogs', { session_id, logs: a })).status).toBe(200);
  await refuseBatches(database.db, true);
  // ClickHouse took the logs, SIDELOG_DB refused their counts: the batch's answer is the error.
  expect((await wireRequest(wireOf(first), 'sendLogs', { session_id, logs: b })).status).not.toBe(200);
  const exited = new Promise((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)));
  first.child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  await refuseBatches(database.db, false);

  const second = await startServiceProcess(env);
  cleanup.push(() => second.stop());
  const batches = async () =>
    (
      (await readAllPages(
        (page) => fetch(`${second.url}${page}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }),
        `/sidelog/admin/api/batches?app=${DEMO_APP_KEY}`,
      )) as { count: number; stored: number }[]
    ).map(({ count, stored }) => ({ count, stored }));
  expect(await batches()).toEqual([
    { count: 6, stored: 6 },
    { count: 13, stored: 13 },
  ]);
  // The client's resend of the batch whose answer was the error: its logs stored before, counted once.
  expect((await wireRequest(wireOf(second), 'sendLogs', { session_id, logs: b })).status).toBe(200);
  expect(await batches()).toEqual([
    { count: 6, stored: 6 },
    { count: 13, stored: 13 },
    { count: 13, stored: 0 },
  ]);
  await second.stop();

  // The sessions list reads SIDELOG_DB's counts: opened beside no running service.
  const store = await openStore(database.db);
  try {
    const { sessions } = await store.explorer.sessions.list({ appKey: DEMO_APP_KEY, limit: 10 });
    expect(sessions.map(({ first_at, last_at, total, counts }) => ({ first_at, last_at, total, counts }))).toEqual([
      listedAsSent([a, b]),
    ]);
  } finally {
    await store.close();
  }
}, 60_000);
