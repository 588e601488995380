// Retention on PostgreSQL drops whole days: a log's day is the day of its `at`, each day near now a partition of
// `logs`, and a day that ended before the retention period is dropped with its logs taken out of the sessions'
// counts. Logs of days far from now sit in the default partition and are deleted row by row.
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startRetention } from '../../../server/stores/retention.ts';
import { createHarness, type Harness } from './service-harness.ts';

const DAY = 24 * 60 * 60 * 1000;
let service: Harness;
afterEach(() => service.close());

/** The partitions of `logs`, as PostgreSQL lists them. */
async function partitions(url: string): Promise<string[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'logs'::regclass`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const line = (at: number, t: string, ll = 0) => ({ x: new Date(at).toISOString(), at, t, ll });

test('a day older than the period goes as a whole partition, the counts follow, newer days stay', async () => {
  service = await createHarness({ store: 'postgres' });
  const now = Date.now();
  const session_id = await service.session('mixed');
  const old = [line(now - 40 * DAY, 'forty days ago', 2), line(now - 40 * DAY + 1, 'also then')];
  const recent = [line(now - 2 * DAY, 'two days ago'), line(now, 'now', 2)];
  const ancient = [line(1_000, 'a clock at 1970')];
  expect((await service.wire('sendLogs', { session_id, logs: [...old, ...recent, ...ancient] })).status).toBe(200);
  expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toHaveLength(5);

  const dayTable = `logs_${new Date(now - 40 * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
  expect(await partitions(service.db)).toContain(dayTable);

  const retention = startRetention(service.store, { days: 30, timer: false });
  expect(await retention.runOnce(new Date(now))).toBe(3);
  const kept = await service.admin<{ t: string }[]>(`logs?app=${DEMO_APP_KEY}`);
  expect(kept.map((log) => log.t).sort()).toEqual(['now', 'two days ago']);
  // The session's counts are those of the logs left: the explorer's session list shows them.
  const session = JSON.parse(
    (await service.explore(`/sidelog/intent/${appIdOf(DEMO_APP_KEY)}/session/mixed`)).body.split('\n')[0],
  );
  expect(session).toMatchObject({ total: 2, counts: { error: 1, debug: 1 } });
  expect(await partitions(service.db)).not.toContain(dayTable);
  // Nothing more is old enough.
  expect(await retention.runOnce(new Date(now))).toBe(0);
  await retention.stop();
});

test('batches, issues, device-key changes and requests go by the marks, as on SQLite', async () => {
  service = await createHarness({ store: 'postgres' });
  const now = Date.now();
  const t0 = new Date(now - 60 * DAY);
  const session_id = await service.session('marked');
  await service.wire('sendLogs', { session_id, logs: [line(t0.getTime(), 'sixty days ago')] });
  await service.wire('sendIssue', { session_id, uid: 'old-issue', title: 't', text: 'x', type: 'issue', url: '' });
  await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: 'plan', value: 'gold' });
  const lists = async () =>
    Object.fromEntries(
      await Promise.all(
        ['logs', 'batches', 'issues', 'device-keys', 'requests'].map(async (list) => [
          list,
          (await service.admin<unknown[]>(`${list}?app=${DEMO_APP_KEY}`)).length,
        ]),
      ),
    );
  const before = await lists();
  expect(Object.values(before).every((count) => (count as number) > 0)).toBe(true);

  const retention = startRetention(service.store, { days: 30, batch: 2, timer: false });
  // The first pass notes how far each table has grown, as of sixty days ago; nothing is old enough yet.
  expect(await retention.runOnce(t0)).toBe(0);
  // Today, that mark is older than the period: everything up to it goes, a small batch a step.
  expect(await retention.runOnce(new Date(now))).toBeGreaterThan(4);
  expect(await lists()).toEqual({ logs: 0, batches: 0, issues: 0, 'device-keys': 0, requests: 0 });
  await retention.stop();
});
