// What only PostgreSQL needs: text holding U+0000 (which its text type cannot hold) is stored with U+FFFD in its
// place instead of failing the batch, and logs of a day far from now wait in the default partition until the day
// comes near, then move into the day's own partition, found and deduplicated as before.
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createPartitions, DAY_MS } from '../../../server/stores/postgres/partitions.ts';
import { createHarness, type Harness } from './service-harness.ts';

let service: Harness;
afterEach(() => service.close());

test('a log whose text holds U+0000 is stored, with U+FFFD in its place, and the rest of the batch with it', async () => {
  service = await createHarness({ store: 'postgres' });
  const session_id = await service.session();
  const at = Date.now();
  const answer = await service.wire('sendLogs', {
    session_id,
    logs: [
      { x: 'x', at, t: 'a\u0000b', tg: 'nul\u0000tag' },
      { x: 'x', at: at + 1, t: 'plain' },
    ],
  });
  expect(answer.status).toBe(200);
  const stored = await service.admin<{ t: string; tg?: string }[]>(`logs?app=${DEMO_APP_KEY}`);
  expect(stored.map((log) => [log.t, log.tg])).toEqual([
    ['a\uFFFDb', 'nul\uFFFDtag'],
    ['plain', undefined],
  ]);
});

test("logs of a far day move from the default partition to the day's own when it comes near, and still dedupe", async () => {
  service = await createHarness({ store: 'postgres' });
  const session_id = await service.session();
  const far = Date.now() + 30 * DAY_MS;
  const batch = [
    { x: 'x', at: far, t: 'from the future' },
    { x: 'x', at: far + 1, t: 'also' },
  ];
  expect((await service.wire('sendLogs', { session_id, logs: batch })).status).toBe(200);

  const pool = new pg.Pool({ connectionString: service.db, max: 2 });
  try {
    const inDefault = async () => Number((await pool.query('SELECT count(*) AS n FROM logs_default')).rows[0].n);
    expect(await inDefault()).toBe(2);
    // Thirty days on, the day is near: its partition is made, and its logs move into it.
    await createPartitions(pool).ensure([far], far);
    expect(await inDefault()).toBe(0);
    // A resend meets its first copy in the day's partition.
    expect((await service.wire('sendLogs', { session_id, logs: batch })).status).toBe(200);
    expect((await service.admin<{ t: string }[]>(`logs?app=${DEMO_APP_KEY}`)).map((log) => log.t)).toEqual([
      'from the future',
      'also',
    ]);
  } finally {
    await pool.end();
  }
});

test("the planner has statistics of the explorer's tables once logs arrive, though autovacuum would wait for many more sessions", async () => {
  service = await createHarness({ store: 'postgres' });
  const sessions = await Promise.all(Array.from({ length: 5 }, (_, n) => service.session(`planned-${n}`)));
  const at = Date.now();
  for (const [n, session_id] of sessions.entries()) {
    const logs = Array.from({ length: 250 }, (_, i) => ({
      x: 'x',
      at: at + n * 1000 + i,
      t: `planned ${i}`,
      ll: i % 5,
    }));
    expect((await service.wire('sendLogs', { session_id, logs })).status).toBe(200);
  }
  await service.store.settled();
  const client = new pg.Client(service.db);
  await client.connect();
  try {
    const analysed = async (table: string) =>
      Number((await client.query(`SELECT count(*) AS n FROM pg_stats WHERE tablename = $1`, [table])).rows[0].n);
    expect(await analysed('sessions')).toBeGreaterThan(0);
    expect(await analysed('logs')).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
});
