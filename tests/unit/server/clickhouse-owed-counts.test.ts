// Counts owed to SIDELOG_DB survive a process that dies owing them (docs/clickhouse.md#counts-owed-kept-and-paid), on
// both ClickHouse engines and both of SIDELOG_DB's databases, all real: SIDELOG_DB refuses a batch's counts (a trigger
// on log_batches, as a database refusing writes would), the store is then dropped without closing, as a SIGKILL drops
// it (its SIDELOG_DB connection let go, its memory gone; the real kill: clickhouse-owed-kill.test.ts), and the stores
// opened after it pay: the session's counts, first and last time and the batches list are as if nothing had failed,
// a resend still counts once, payers at once, or one after a payer that died before marking them paid, count once,
// and a process already running pays them at its next sweep (its minute driven by a fake clock). And a process killed
// after ClickHouse took a batch and before SIDELOG_DB had its counts: the client's resend counts it, once
// (docs/clickhouse.md#counts-of-a-batch-once). And an hour after their payment, counts leave the ledger, and their
// tokens counted_batches (docs/clickhouse.md#old-tokens-deleted).
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { PAID_KEPT_S } from '../../../server/stores/clickhouse/batch-counts.ts';
import { ledgerMutationsRunning, owedCountsIn } from '../../../server/stores/clickhouse/owed-counts.ts';
import { OWED_TABLE } from '../../../server/stores/clickhouse/schema.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';
import { PAY_OWED_EVERY_MS, withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { batchOf, countedTokens, listedAsSent, refuseBatches } from './owed-counts-fixtures.ts';
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

    /** A process's store: SIDELOG_DB's and ClickHouse's, no sweep but the one at start unless `payOwedEveryMs`, and
     * no publish on the board of writers but the one at start (a test outlasts none of its rows). `kill` lets it go
     * unclosed: with a publish every second, a killed process's went on failing against its closed SIDELOG_DB for the
     * rest of the worker's files, 20 of them a run. */
    async function open(payOwedEveryMs = 0): Promise<{ store: Store; logs: ClickHouseLogs; kill(): Promise<void> }> {
      const base = await openStore(database.db);
      const logsStore = await openClickHouseLogsOn(clickhouse.client, clickhouse.database, { writer: { windowMs: 0 } });
      const store = withClickHouseLogs(base, logsStore, { payOwedEveryMs, publishEveryMs: 0 });
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

    /** The ledger's tokens and whether each is paid, once ClickHouse has finished every mutation of the table (they
     * run in the background). Whether a token's two rows are merged yet is ClickHouse's to choose, so not told. */
    async function ledgerTokens(): Promise<string[]> {
      for (let tries = 0; ; tries++) {
        if ((await ledgerMutationsRunning(clickhouse.client, clickhouse.database)) === 0) break;
        if (tries === 200) throw new Error('the ledger’s mutation did not finish in 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const rows = await rowsOf<{ token: string; paid: number }>(
        clickhouse.client,
        `SELECT token, max(paid) AS paid FROM ${clickhouse.database}.${OWED_TABLE} GROUP BY token ORDER BY token`,
      );
      return rows.map(({ token, paid }) => `${token === 'legacy' ? 'legacy' : 'batch'} ${paid ? 'paid' : 'owed'}`);
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

    test('an hour after their payment counts leave the ledger, and the tokens counted_batches held with them', async () => {
      const [a, b] = [batchOf(5, 0), batchOf(9, 1_000)];
      vi.useFakeTimers({ toFake: ['Date'] });
      cleanup.push(async () => vi.useRealTimers());
      const session = await killedOwing(a, b);
      // Counts owed and paid before log_batches held tokens: their token is in counted_batches, and the ledger still
      // reads them as owed (the payer died before it marked them paid). Paying them again counts nothing.
      const legacy = { sent: 3, stored: 3, first_at: 0, last_at: 2, levels: [1, 1, 1, 0, 0, 0] };
      await owedCountsIn(clickhouse.client, clickhouse.database).owe({
        token: 'legacy',
        appKey: DEMO_APP_KEY,
        sessionId: session,
        counts: legacy,
      });
      expect(await countedTokens(database.db, 'legacy')).toEqual(['legacy']);
      await open();
      expect(await ledgerTokens()).toEqual(['batch paid', 'legacy paid']);
      // Within the hour they stay: a payer that read them as owed then finds them paid.
      vi.advanceTimersByTime(PAID_KEPT_S * 1000);
      await open();
      expect(await ledgerTokens()).toEqual(['batch paid', 'legacy paid']);
      // Past it, they go: a token's owed row first, and its paid row (alone, or once merged into) by then or at the
      // next sweep. Never read as owed meanwhile, and counted_batches forgets the token with its last row.
      vi.advanceTimersByTime(1_000);
      let store: Store | undefined;
      for (let sweeps = 0; sweeps < 2; sweeps++) {
        ({ store } = await open());
        const left = await ledgerTokens();
        expect(left.every((token) => token.endsWith('paid'))).toBe(true);
        expect(await countedTokens(database.db)).toEqual(left.includes('legacy paid') ? ['legacy'] : []);
      }
      expect(await ledgerTokens()).toEqual([]);
      expect(await countedTokens(database.db)).toEqual([]);
      // Counted once throughout, and a resend of the batch still counts nothing: its token is in its batch's row.
      expect(await listed(store!)).toEqual([listedAsSent([a, b])]);
      expect(await store!.addLogs(DEMO_APP_KEY, session, b)).toBe(0);
      expect(await listed(store!)).toEqual([listedAsSent([a, b])]);
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
