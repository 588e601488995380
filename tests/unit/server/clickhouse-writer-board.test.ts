// The board of ClickHouse writers (server/stores/clickhouse/writer-board.ts) over SIDELOG_DB's table
// (server/stores/log-writers.ts) on both databases, each writer with a clock of its own that the test drives: a tail
// reads up to the lowest horizon any writer published, a writer that joins numbers past every horizon published
// before it, a stale row holds no tail further back than the shared horizon, a gone one is deleted, and a process that
// cannot publish stops inserting. docs/clickhouse.md#the-live-tail-across-hosts
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  ARRIVALS_PER_MS,
  createArrivalClock,
  SHARED_HORIZON_LAG_MS,
} from '../../../server/stores/clickhouse/arrival.ts';
import {
  joinWriterBoard,
  ownRows,
  primaryRows,
  WRITER_GONE_MS,
  WRITER_STALE_MS,
} from '../../../server/stores/clickhouse/writer-board.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { createTestDatabase, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const T0 = Date.UTC(2026, 11, 5, 12);

describe.each(STORE_KINDS)('the board of ClickHouse writers on %s', (kind) => {
  // One database for the file; each case starts from an empty board.
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await openStore(database.db);
  });
  afterEach(async () => {
    for (const row of await store.logWriters()) await store.removeLogWriter(row.writer);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** A writer whose clock reads `clock.now`, on the board, publishing only when the test says. */
  async function writer(clock: { now: number }, on: Store = store) {
    const arrivals = createArrivalClock(() => clock.now);
    const board = joinWriterBoard(on, arrivals, { source: ownRows(arrivals), now: () => clock.now, everyMs: 0 });
    await board.first;
    return { arrivals, board };
  }

  test('alone, a tail reads up to its own horizon, as it did before the board', async () => {
    const a = await writer({ now: T0 });
    expect(await a.board.horizon()).toBe(a.arrivals.ownHorizon());
    const first = a.arrivals.begin(3);
    expect(await a.board.horizon()).toBe(first - 1);
    a.arrivals.end(first, false);
    expect(await a.board.horizon()).toBe(a.arrivals.ownHorizon());
  });

  test("another host's group being written holds the tail below it until it publishes again", async () => {
    const clock = { now: T0 };
    const a = await writer(clock);
    const b = await writer(clock);
    clock.now += 5;
    // B numbers a group and has not said so: what it published before the group is below it.
    const group = b.arrivals.begin(10);
    const tail = await a.board.horizon();
    expect(tail).toBeLessThan(group);
    // A's own writes do not move A's tail past B's group either.
    a.arrivals.end(a.arrivals.begin(1), false);
    expect(await a.board.horizon()).toBe(tail);
    b.arrivals.end(group, false);
    clock.now += 1;
    await b.board.publish();
    expect(await a.board.horizon()).toBeGreaterThanOrEqual(group + 9);
  });

  test('a writer that joins numbers past every horizon published, its clock a second behind', async () => {
    const a = await writer({ now: T0 });
    const b = await writer({ now: T0 - 1000 });
    expect(b.arrivals.begin(1)).toBeGreaterThan(a.arrivals.ownHorizon());
  });

  test('a row not refreshed holds a tail back no further than the shared horizon, and is deleted once gone', async () => {
    const clock = { now: T0 };
    const a = await writer(clock);
    await store.publishLogWriter('a host that stopped', 5, T0 - 20_000, 0);
    expect(await a.board.horizon()).toBe(T0 * ARRIVALS_PER_MS - SHARED_HORIZON_LAG_MS * ARRIVALS_PER_MS);
    clock.now = T0 - 20_000 + WRITER_GONE_MS + 1;
    await a.board.publish();
    expect((await store.logWriters()).map((row) => row.writer)).not.toContain('a host that stopped');
    expect(await a.board.horizon()).toBe(a.arrivals.ownHorizon());
  });

  test('a process that cannot publish for WRITER_STALE_MS is not current, and is again once it publishes', async () => {
    const clock = { now: T0 };
    let refuse = false;
    const flaky = new Proxy(store, {
      get: (target, name, receiver) =>
        name === 'publishLogWriter' && refuse
          ? () => Promise.reject(new Error('SIDELOG_DB is read-only'))
          : Reflect.get(target, name, receiver),
    });
    const a = await writer(clock, flaky);
    expect(a.board.current()).toBe(true);
    refuse = true;
    clock.now += WRITER_STALE_MS - 1;
    await a.board.publish();
    expect(a.board.current()).toBe(true);
    clock.now += 1;
    expect(a.board.current()).toBe(false);
    refuse = false;
    await a.board.publish();
    expect(a.board.current()).toBe(true);
  });

  test("a worker publishes its primary's horizon, and the primary numbers past the board's; a writer that leaves takes its row", async () => {
    const clock = { now: T0 };
    // Another host, its clock a second ahead.
    const aClock = { now: T0 + 1000 };
    const a = await writer(aClock);
    // The primary's arrival clock, as host-inserter.ts answers a worker's question over their channel.
    const primary = createArrivalClock(() => clock.now);
    const ask = async (follow: number) => {
      primary.follow(follow);
      return primary.ownHorizon();
    };
    const arrivals = createArrivalClock(() => clock.now);
    const worker = joinWriterBoard(store, arrivals, {
      source: primaryRows(ask, arrivals),
      now: () => clock.now,
      everyMs: 0,
    });
    await worker.first;
    expect(primary.begin(1)).toBeGreaterThan(a.arrivals.ownHorizon());
    expect((await store.logWriters()).map((row) => row.horizon)).toContain(a.arrivals.ownHorizon());
    // The primary's group being written holds A's tail below it once the worker publishes again, A's own being past it.
    const group = primary.begin(5);
    aClock.now += 10;
    await worker.publish();
    expect(await a.board.horizon()).toBe(group - 1);
    await worker.leave();
    expect(await store.logWriters()).toHaveLength(1);
    expect(await a.board.horizon()).toBe(a.arrivals.ownHorizon());
  });
});
