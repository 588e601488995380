// The volume rollup (docs/volume-and-counts.md#the-rollup): how a range is cut into whole slots and edges, and, on
// each store, that the rollup's counts equal those read from the logs over ranges with partial slots at both ends,
// that a resent batch is counted once, that deleted logs leave the counts, and (PostgreSQL) that folding changes none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import type { ExplorerQueries, LogFilter } from '../../../server/stores/explorer-queries.types.ts';
import { cutRange, rolledUpCount, rolledUpVolume, rollupFits } from '../../../server/explorer/volume-rollup.ts';
import { VOLUME_GRAINS as GRAINS } from '../../../server/stores/explorer-queries.ts';
import { foldVolume } from '../../../server/stores/postgres/log-volume.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';
import pg from 'pg';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const at = (time: string) => Date.parse(`2026-11-01T${time}Z`);

test('a range is whole hours inside, then whole minutes and seconds toward its edges, then the milliseconds left', () => {
  const { pieces, edges } = cutRange(at('10:58:59.250'), at('12:01:02.500'), GRAINS);
  expect(pieces).toEqual(
    [
      { grain: HOUR, from: at('11:00:00') / HOUR, to: at('12:00:00') / HOUR },
      { grain: MINUTE, from: at('10:59:00') / MINUTE, to: at('11:00:00') / MINUTE },
      { grain: SECOND, from: at('10:59:00') / SECOND, to: at('10:59:00') / SECOND },
      { grain: MINUTE, from: at('12:00:00') / MINUTE, to: at('12:01:00') / MINUTE },
      { grain: SECOND, from: at('12:01:00') / SECOND, to: at('12:01:02') / SECOND },
    ].filter((piece) => piece.from < piece.to),
  );
  expect(edges).toEqual([
    { from: at('10:58:59.250'), to: at('10:59:00') },
    { from: at('12:01:02'), to: at('12:01:02.500') },
  ]);
  // Within one second, only the logs count; with no range, one piece of the coarsest grain.
  expect(cutRange(at('10:00:00.100'), at('10:00:00.900'), GRAINS)).toEqual({
    pieces: [],
    edges: [{ from: at('10:00:00.100'), to: at('10:00:00.900') }],
  });
  expect(cutRange(undefined, undefined, GRAINS)).toEqual({ pieces: [{ grain: HOUR }], edges: [] });
});

test('only the app, the levels and the time range are counted by the rollup', () => {
  const app = { appKey: 'a' };
  expect(rollupFits({ ...app, levels: [2], from: 1, to: 2, tags: [], exclude: {} })).toBe(true);
  expect(rollupFits({ ...app, tags: ['net'] })).toBe(false);
  expect(rollupFits({ ...app, session: 's' })).toBe(false);
  expect(rollupFits({ ...app, exclude: { devices: ['d'] } })).toBe(false);
  expect(
    rollupFits({
      ...app,
      q: 'x',
      search: { groups: [[{ negated: false, term: { kind: 'word', text: 'x' } }]] },
    } as LogFilter),
  ).toBe(false);
});

describe.each(STORE_KINDS)('on %s', (kind) => {
  const APP = 'rollup-app';
  let store: Store;
  let close: () => Promise<void>;
  let db: string;
  let queries: ExplorerQueries;

  beforeAll(async () => {
    let database;
    ({ store, close, database } = await openTestStore(kind));
    db = database.db;
    queries = store.explorer;
    await store.putApp(APP, true);
    await store.putApp('other-app', true);
    // Across an hour's end, and again across a minute's, one log a millisecond; another app's logs in between.
    await seedLogs(store, { appKey: APP, logs: 3_000, sessions: 3, start: at('10:59:58.500') });
    await seedLogs(store, { appKey: APP, logs: 2_000, sessions: 3, start: at('12:30:59.700') });
    await seedLogs(store, { appKey: 'other-app', logs: 700, sessions: 1, start: at('11:30:00.000') });
  });
  afterAll(() => close());

  /** Counts per (bucket, level), as a sorted list. */
  const tally = (rows: { bucket: number; level: number; n: number }[]) => {
    const counts = new Map<string, number>();
    for (const row of rows)
      counts.set(`${row.bucket}/${row.level}`, (counts.get(`${row.bucket}/${row.level}`) ?? 0) + row.n);
    return [...counts].filter(([, n]) => n > 0).sort();
  };

  const RANGES: Partial<LogFilter>[] = [
    {},
    { from: at('10:59:59.250'), to: at('12:31:00.900') },
    { from: at('11:00:00.000'), to: at('12:31:00.000') },
    { from: at('10:59:59.999'), to: at('11:00:00.001') },
    { from: at('11:00:01.500') },
    { to: at('12:31:00.250'), levels: [2, 5] },
    { levels: [0, 4] },
    { levels: [] },
  ];
  test.each(RANGES)('the rollup counts what the logs hold, bucket by bucket: %j', async (range) => {
    const filter = { appKey: APP, ...range };
    expect(rollupFits(filter)).toBe(true);
    for (const bucketMs of [SECOND, 30 * SECOND, MINUTE, 30 * MINUTE, HOUR, 24 * HOUR]) {
      expect(tally(await rolledUpVolume(queries, filter, bucketMs))).toEqual(
        tally(await queries.volume(filter, bucketMs)),
      );
    }
    expect(await rolledUpCount(queries, filter)).toBe(await queries.count(filter, 1_000_000));
  });

  test('a batch sent again is counted once, and of a batch partly sent before, only its new logs', async () => {
    const before = await rolledUpCount(queries, { appKey: APP });
    expect(before).toBe(5_000);
    await seedLogs(store, { appKey: APP, logs: 2_000, sessions: 3, start: at('12:30:59.700') });
    expect(await rolledUpCount(queries, { appKey: APP })).toBe(5_000);
    // The same 2,000 and 10 more: the batch that holds the 10 new ones holds 40 stored before.
    await seedLogs(store, { appKey: APP, logs: 2_010, sessions: 3, start: at('12:30:59.700') });
    expect(await rolledUpCount(queries, { appKey: APP })).toBe(5_010);
    expect(tally(await rolledUpVolume(queries, { appKey: APP }, SECOND))).toEqual(
      tally(await queries.volume({ appKey: APP }, SECOND)),
    );
  });

  test('logs that retention deletes leave the counts, and the slots they emptied go', async () => {
    // Old logs, far from now, then a mark, then the cutoff past it. SQLite deletes what arrived before the mark, the
    // logs of the other tests too; PostgreSQL the logs whose time is before the cutoff, these alone.
    const old = Date.UTC(2020, 5, 1, 8, 0, 0, 400);
    await seedLogs(store, { appKey: APP, logs: 1_500, sessions: 2, start: old });
    expect(await rolledUpCount(queries, { appKey: APP })).toBe(6_510);
    await store.markRetention(new Date(Date.UTC(2021, 0, 1)));
    await seedLogs(store, { appKey: APP, logs: 10, sessions: 3, start: at('13:00:00.000') });
    while ((await store.pruneBefore(new Date(Date.UTC(2021, 0, 2)), 400)) > 0);
    const kept = kind === 'sqlite' ? 10 : 5_020;
    expect(await queries.count({ appKey: APP }, 1_000_000)).toBe(kept);
    expect(await rolledUpCount(queries, { appKey: APP })).toBe(kept);
    expect(await queries.rollup(APP, SECOND, Math.floor(old / SECOND) - 10, Math.floor(old / SECOND) + 10)).toEqual([]);
    expect(tally(await rolledUpVolume(queries, { appKey: APP }, MINUTE))).toEqual(
      tally(await queries.volume({ appKey: APP }, MINUTE)),
    );
  });

  test.runIf(kind === 'postgres')('folding the new rows changes no count', async () => {
    const pool = new pg.Pool({ connectionString: db, max: 1 });
    try {
      const before = tally(await rolledUpVolume(queries, { appKey: APP }, SECOND));
      await foldVolume(pool);
      const rows = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM log_volume_new`);
      expect(Number(rows.rows[0]!.n)).toBe(0);
      expect(tally(await rolledUpVolume(queries, { appKey: APP }, SECOND))).toEqual(before);
      expect(await rolledUpCount(queries, { appKey: APP })).toBe(5_020);
    } finally {
      await pool.end();
    }
  });
});
