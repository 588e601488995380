// Counts owed to SIDELOG_DB survive a process that dies owing them (docs/clickhouse.md#counts-owed-kept-and-paid), on
// both ClickHouse engines and both of SIDELOG_DB's databases, all real: SIDELOG_DB refuses a batch's counts (a trigger
// on log_batches, as a database refusing writes would), the store is then dropped without closing, as a SIGKILL drops
// it (its SIDELOG_DB connection let go, its memory gone; the real kill: clickhouse-owed-kill.test.ts), and the stores
// opened after it pay: the session's counts, first and last time and the batches list are as if nothing had failed,
// a resend still counts once, payers at once, or one after a payer that died before marking them paid, count once,
// and a process already running pays them at its next sweep (its minute driven by a fake clock). And a process killed
// after ClickHouse took a batch and before SIDELOG_DB had its counts: the client's resend counts it, once
// (docs/clickhouse.md#counts-of-a-batch-once).
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { owedCountsIn } from '../../../server/stores/clickhouse/owed-counts.ts';
import { PAY_OWED_EVERY_MS, withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { batchOf, listedAsSent, refuseBatches } from './owed-counts-fixtures.ts';
import { createTestDatabase, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe.each(STORE_KINDS.flatMap((db) => CLICKHOUSE_ENGINES.map((engine) => [db, engine] as const)))(
  'SIDELOG_DB on %s, logs on ClickHouse %s',
  (kind, engine) => {
    let database: TestDatabase;
    let clickhouse: TestClickHouse;

    /** A process's store: SIDELOG_DB's and ClickHouse's, no sweep but the one at start unless `payOwedEveryMs`. `kill`
     * lets it go unclosed. */
    async function open(payOwedEveryMs = 0): Promise<{ store: Store; logs: ClickHouseLogs; kill(): Promise<void> }> {
      const base = await openStore(database.db);
      const logsStore = await openClickHouseLogsOn(clickhouse.client, clickhouse.database, { writer: { windowMs: 0 } });
      const store = withClickHouseLogs(base, logsStore, { payOwedEveryMs });
      await store.settled();
      let closed = false;
      cleanup.push(() => (closed ? Promise.resolve() : store.close()));
      return {
        store,
        logs: logsStore,
        async kill() {
          closed = true;
          await base.close();
        },
      };
    }

    const listed = async (store: Store) =>
      (await store.explorer.sessions.list({ appKey: DEMO_APP_KEY, limit: 10 })).sessions.map(
        ({ first_at, last_at, total, counts }) => ({ first_at, last_at, total, counts }),
      );
    const batches = async (store: Store) =>
      ((await store.listPage('batches', DEMO_APP_KEY, 0, 10)).rows as { count: number; stored: number }[]).map(
        ({ count, stored }) => ({ count, stored }),
      );

    /** The run's databases, and a first process with the demo seeded. */
    async function firstProcess() {
      database = await createTestDatabase(kind);
      cleanup.push(() => database.drop());
      clickhouse = await createTestClickHouse(engine);
      cleanup.push(() => clickhouse.drop());
      const first = await open();
      await seedDemo(first.store);
      return first;
    }

    /** A process that counted batch A, then SIDELOG_DB refused batch B's counts, and then it died; `beside` starts
     * another beside it first. */
    async function killedOwing(a: LogRecord[], b: LogRecord[], beside?: () => Promise<void>): Promise<number> {
      const first = await firstProcess();
      await beside?.();
      const session = await first.store.putSession(DEMO_APP_KEY, sessionPayload('owed'));
      expect(await first.store.addLogs(DEMO_APP_KEY, session, a)).toBe(a.length);
      await refuseBatches(database.db, true);
      await expect(first.store.addLogs(DEMO_APP_KEY, session, b)).rejects.toThrow('batches refused');
      await first.kill();
      await refuseBatches(database.db, false);
      return session;
    }

    test('the next process pays what a killed one owed: counts, times and batches as if nothing failed, a resend counted once', async () => {
      const [a, b] = [batchOf(7, 0), batchOf(11, 1_000)];
      const session = await killedOwing(a, b);
      const { store } = await open();
      expect(await listed(store)).toEqual([listedAsSent([a, b])]);
      expect(await batches(store)).toEqual([
        { count: 7, stored: 7 },
        { count: 11, stored: 11 },
      ]);
      // The client's resend of the batch whose answer was the error: stored and counted once.
      expect(await store.addLogs(DEMO_APP_KEY, session, b)).toBe(0);
      expect(await listed(store)).toEqual([listedAsSent([a, b])]);
      expect(await batches(store)).toEqual([
        { count: 7, stored: 7 },
        { count: 11, stored: 11 },
        { count: 11, stored: 0 },
      ]);
    });

    test('payers at once, and one after a payer that died before marking them paid, count them once', async () => {
      const [a, b] = [batchOf(5, 0), batchOf(9, 1_000)];
      const session = await killedOwing(a, b);
      // A payer that paid through SIDELOG_DB, then died before it marked the counts paid in ClickHouse.
      const [owed] = await owedCountsIn(clickhouse.client, clickhouse.database).unpaid(10);
      expect(owed).toMatchObject({ appKey: DEMO_APP_KEY, sessionId: session, counts: { sent: 9, stored: 9 } });
      const payer = await openStore(database.db);
      await payer.countLogs(owed!.appKey, owed!.sessionId, owed!.counts, owed!.token);
      await payer.close();
      // Two processes starting at once, each paying what the ledger holds.
      const [one, two] = await Promise.all([open(), open()]);
      for (const { store } of [one, two]) {
        expect(await listed(store)).toEqual([listedAsSent([a, b])]);
        expect(await batches(store)).toEqual([
          { count: 5, stored: 5 },
          { count: 9, stored: 9 },
        ]);
      }
      expect(await owedCountsIn(clickhouse.client, clickhouse.database).unpaid(10)).toEqual([]);
    });

    test('a process already running pays them at its next sweep, a minute on', async () => {
      const [a, b] = [batchOf(4, 0), batchOf(8, 1_000)];
      // Only the sweep's clock: the databases' clients keep their own timers.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      cleanup.push(async () => vi.useRealTimers());
      let running: Store | undefined;
      await killedOwing(a, b, async () => {
        ({ store: running } = await open(PAY_OWED_EVERY_MS));
      });
      expect(await listed(running!)).toEqual([listedAsSent([a])]);
      vi.advanceTimersByTime(PAY_OWED_EVERY_MS - 1);
      await running!.settled();
      expect(await listed(running!)).toEqual([listedAsSent([a])]);
      vi.advanceTimersByTime(1);
      await running!.settled();
      expect(await listed(running!)).toEqual([listedAsSent([a, b])]);
      expect(await batches(running!)).toEqual([
        { count: 4, stored: 4 },
        { count: 8, stored: 8 },
      ]);
    });

    test('a process killed after ClickHouse took a batch and before SIDELOG_DB counted it: the resend counts it, once', async () => {
      const [a, b, c] = [batchOf(6, 0), batchOf(10, 1_000), batchOf(3, 2_000)];
      const first = await firstProcess();
      const session = await first.store.putSession(DEMO_APP_KEY, sessionPayload('in flight'));
      expect(await first.store.addLogs(DEMO_APP_KEY, session, a)).toBe(a.length);
      // ClickHouse acknowledges B's insert, and the process dies before it writes B's counts: the client has no answer.
      expect((await first.logs.store(DEMO_APP_KEY, session, b)).stored).toBe(b.length);
      await first.kill();
      const { store } = await open();
      expect(await listed(store)).toEqual([listedAsSent([a])]);
      // The client sends B again, to another process: nothing stored twice, and B counted under its first sending.
      expect(await store.addLogs(DEMO_APP_KEY, session, b)).toBe(0);
      expect(await listed(store)).toEqual([listedAsSent([a, b])]);
      // Again, with logs of its own added (a client's next batch taking up what it still holds): B counts nothing more.
      expect(await store.addLogs(DEMO_APP_KEY, session, [...b, ...c])).toBe(c.length);
      expect(await listed(store)).toEqual([listedAsSent([a, b, c])]);
      expect(await batches(store)).toEqual([
        { count: 6, stored: 6 },
        { count: 10, stored: 10 },
        { count: 10, stored: 0 },
        { count: 13, stored: 3 },
      ]);
    });
  },
);
