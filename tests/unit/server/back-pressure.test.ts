// The collector's back-pressure (server/collector/admission.ts, docs/local-service.md#back-pressure) on both stores: while the
// database cannot take writes (another connection holds its write lock), batches wait; past the bound on logs in
// flight, the next are refused at once with 503 and Retry-After, nothing of them stored; once the database takes
// writes again, every batch the collector accepted is answered 200 and stored. OTLP's /v1/logs shares the bound.
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect, test } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { createServiceApp } from '../../../server/service.ts';
import { ADMIN_TOKEN } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore, STORE_KINDS, type StoreKind } from './test-databases.ts';

/** Takes the database's write lock from a connection of the test's own, until `release`. */
async function holdWrites(kind: StoreKind, db: string): Promise<{ release(): Promise<void> }> {
  if (kind === 'sqlite') {
    const raw = new Database(db);
    raw.prepare('BEGIN IMMEDIATE').run();
    return {
      release: async () => {
        raw.prepare('ROLLBACK').run();
        raw.close();
      },
    };
  }
  const client = new pg.Client(db);
  await client.connect();
  await client.query('BEGIN');
  // A batch's statement writes session_stats and log_batches: it waits here.
  await client.query('LOCK TABLE log_batches IN EXCLUSIVE MODE');
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

test.each(STORE_KINDS)(
  'on %s, past the bound the collector answers 503 with Retry-After at once, and stores every batch it accepted',
  async (kind) => {
    const { store, database, close } = await openTestStore(kind);
    try {
      await seedDemo(store);
      // Room for four batches of 500.
      const app = createServiceApp(store, {
        adminToken: ADMIN_TOKEN,
        distDir: database.dir,
        collectorLimits: { logs: 2_000, requests: 1_000 },
      });
      const send = (path: string, body: unknown) =>
        app.request(`/sidelog/api${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
          body: JSON.stringify(body),
        });
      const { id: session_id } = (await (await send('/session', sessionPayload('pressed'))).json()) as { id: number };

      const lock = await holdWrites(kind, database.db);
      const batches = Array.from({ length: 12 }, (_, n) =>
        logs(500, n * 500).map((log) => ({ ...log, t: `batch ${n} ${log.t}` })),
      );
      const answers: (Response | undefined)[] = batches.map(() => undefined);
      const sent = batches.map(
        async (batch, n) => (answers[n] = await send('/log/batch', { session_id, logs: batch })),
      );
      // The refusals come while the others still wait on the lock.
      await expect.poll(() => answers.filter((answer) => answer?.status === 503).length, { timeout: 10_000 }).toBe(8);
      expect(answers.filter((answer) => answer?.status === 200)).toEqual([]);
      for (const refused of answers.filter((answer) => answer?.status === 503)) {
        expect(refused!.headers.get('Retry-After')).toBe('1');
        expect(await refused!.json()).toEqual({ error: expect.stringContaining('busy') });
      }
      // OTLP's endpoint is refused as well, in its own form, while the bound is full.
      const otlp = await app.request('/v1/logs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify({
          resourceLogs: [
            {
              scopeLogs: [
                { logRecords: [{ timeUnixNano: String(Date.now() * 1e6), body: { stringValue: 'otlp while busy' } }] },
              ],
            },
          ],
        }),
      });
      expect(otlp.status).toBe(503);
      expect(otlp.headers.get('Retry-After')).toBe('1');
      expect(await otlp.json()).toEqual({ code: 14, message: expect.stringContaining('busy') });

      await lock.release();
      await Promise.all(sent);
      const accepted = batches.filter((_, n) => answers[n]!.status === 200);
      expect(accepted).toHaveLength(4);
      const stored = (await store.explorer.logs({ appKey: DEMO_APP_KEY }, { limit: 10_000 })).logs
        .map((log) => log.t)
        .sort();
      expect(stored).toEqual(
        accepted
          .flat()
          .map((log) => log.t)
          .sort(),
      );
    } finally {
      await close();
    }
  },
);
