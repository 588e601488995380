// The log horizon on PostgreSQL (server/stores/postgres/log-horizon.ts) waits only for writers of its own database: pg_locks
// lists the whole cluster's locks, and two databases made from one template give their `logs` the same oid.
import pg from 'pg';
import { expect, test } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore } from './test-databases.ts';

test("a batch being written in another database of the cluster does not hold this one's horizon back", async () => {
  const here = await openTestStore('postgres');
  const there = await openTestStore('postgres');
  const writer = new pg.Client(there.database.db);
  await writer.connect();
  try {
    await seedDemo(here.store);
    const otherSession = await there.store.putSession(DEMO_APP_KEY, sessionPayload('elsewhere'));
    await writer.query('BEGIN');
    await writer.query(`INSERT INTO logs (session_id, x, at, content_hash) VALUES ($1, 'x', $2, 'open')`, [
      otherSession,
      Date.now(),
    ]);
    const session = await here.store.putSession(DEMO_APP_KEY, sessionPayload('here'));
    await here.store.addLogs(
      DEMO_APP_KEY,
      session,
      logs(3).map((log, i) => ({ ...log, at: Date.now() + i })),
    );
    const reader = new pg.Client(here.database.db);
    await reader.connect();
    const { rows } = await reader.query<{ max: string }>(`SELECT max(id) AS max FROM logs`);
    await reader.end();
    expect(await here.store.forwardHorizon()).toBe(Number(rows[0]!.max));
  } finally {
    await writer.query('ROLLBACK').catch(() => undefined);
    await writer.end();
    await there.close();
    await here.close();
  }
});
