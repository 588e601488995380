// The simplest explorer reads on ClickHouse (server/stores/clickhouse/log-reads.ts), on both engines, against the
// answers of the SQLite store's own queries over the same logs: the same seed (bench/explorer-seed.ts) goes into both
// as the collector stores it, and a page newest first, the count and the per-second histogram must match.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { decodeCursor } from '../../../server/stores/explorer-queries.ts';
import type { ExplorerLog } from '../../../server/stores/explorer-queries.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { createLogReads, type ClickHouseLog, type LogReads } from '../../../server/stores/clickhouse/log-reads.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import {
  cursorsCondition,
  newestCursors,
  newestEdge,
  nthNewest,
} from '../../../server/stores/clickhouse/newest-first.ts';
import type { LogCursor } from '../../../server/stores/explorer-queries.types.ts';
import { oldestAt } from '../../../server/stores/clickhouse/time-windows.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { openTestStore } from './test-databases.ts';
import { SILENCE_DAYS, WINDOW_DAY, windowLogs } from './window-logs.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

const APP = 'reads-app';
const COUNT = 3_000;
const START = Date.UTC(2026, 10, 1);

/** What both stores keep of a log, whatever their ids and session facts. */
const fields = ({ x, t, m, at, tg, f, l, ll, u }: ExplorerLog | ClickHouseLog) => ({ x, t, m, at, tg, f, l, ll, u });

describe.each(CLICKHOUSE_ENGINES)('reads on ClickHouse (%s), as SQLite answers them', (engine) => {
  let sqlite: { store: Store; close(): Promise<void> };
  let ch: TestClickHouse;
  let logs: ClickHouseLogs;
  let reads: LogReads;

  beforeAll(async () => {
    sqlite = await openTestStore('sqlite');
    ch = await createTestClickHouse(engine);
    logs = await openClickHouseLogsOn(ch.client, ch.database);
    reads = createLogReads(ch.client, ch.database);
    // Each batch as the collector stores it, in both: sessions in SQLite (SIDELOG_DB), logs in both.
    const both = Object.create(sqlite.store) as Store;
    both.addLogs = async (appKey, sessionId, batch) => {
      const [stored] = await Promise.all([
        sqlite.store.addLogs(appKey, sessionId, batch),
        logs.addLogs(appKey, sessionId, batch),
      ]);
      return stored;
    };
    await sqlite.store.putApp(APP, true);
    await sqlite.store.putApp('other-app', true);
    await seedLogs(both, {
      appKey: APP,
      logs: COUNT,
      sessions: 4,
      start: START,
      special: new Map([[17, { t: null as never, tg: undefined, ll: undefined, at: START - 90_000.5 }]]),
    });
    await seedLogs(both, { appKey: 'other-app', logs: 200, sessions: 1, start: START });
  });
  afterAll(async () => {
    await logs.close();
    await ch.drop();
    await sqlite.close();
  });

  test('pages newest first cover the same logs as SQLite, each once, in the same order', async () => {
    const expected = (await sqlite.store.explorer.logs({ appKey: APP }, { limit: 10_000 })).logs.map(fields);
    expect(expected).toHaveLength(COUNT);
    const read: ClickHouseLog[] = [];
    let before;
    for (;;) {
      const page = await reads.page(APP, { before, limit: 97 });
      expect(page.logs.length).toBeLessThanOrEqual(97);
      read.push(...page.logs);
      if (!page.next) break;
      before = decodeCursor(page.next);
    }
    expect(read.map(fields)).toEqual(expected);
    expect(new Set(read.map((log) => log.id)).size).toBe(COUNT);
  });

  test('the count, and counting one past the cap, as SQLite counts', async () => {
    expect(await reads.count(APP, 100_000)).toBe(await sqlite.store.explorer.count({ appKey: APP }, 100_000));
    expect(await reads.count(APP, 500)).toBe(501);
    expect(await reads.count('no-such-app', 500)).toBe(0);
  });

  test('the histogram per second and level, as SQLite gives it, the log before the others included', async () => {
    const byKey = (a: { bucket: number; level: number }, b: { bucket: number; level: number }) =>
      a.bucket - b.bucket || a.level - b.level;
    const expected = (await sqlite.store.explorer.volume({ appKey: APP }, 1000)).sort(byKey);
    expect(expected[0]!.bucket).toBe(Math.floor((START - 90_000.5) / 1000));
    expect((await reads.volume(APP, 1000)).sort(byKey)).toEqual(expected);
  });

  test('a page found by its newest cursors, then read, is the page read at once, however rare the view', async () => {
    const table = `${ch.database}.logs`;
    const page = async (where: string) =>
      (
        await rowsOf<{ id: number; at: number }>(
          ch.client,
          `SELECT id, at FROM ${table} WHERE app = '${APP}' AND ${where} ORDER BY at DESC, id DESC LIMIT 101`,
        )
      ).map((row) => row.id);
    // Every log, one in three, three logs, none.
    for (const where of ['1', 'ifNull(ll, 0) = 4', 'll = 5', "t = 'no such text'"]) {
      const view = { where: `app = '${APP}' AND ${where}`, appKey: APP, top: Date.now() };
      const cursors = await newestCursors(rows, table, view, 101);
      const found = cursors.length ? await page(cursorsCondition(cursors)) : [];
      expect(found).toEqual(await page(where));
      const edge = await newestEdge(rows, table, view, 101);
      expect(await page(`${where}${edge}`)).toEqual(await page(where));
    }
  });

  const rows = <T>(query: string) => rowsOf<T>(ch.client, query);

  // The logs' times straddle the windows (window-logs.ts); each read in windows is checked against the same read at once.
  describe('in time windows, newest first', () => {
    const WINDOWS_APP = 'windows-app';
    const TOP = Date.UTC(2026, 10, 20, 12);
    const table = () => `${ch.database}.logs`;
    const at = (where: string, limit: number, offset = 0) =>
      rows<LogCursor>(
        `SELECT at, id FROM ${table()} WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
    const views: [string, string][] = [
      ['every log', `app = '${WINDOWS_APP}'`],
      ['the errors', `app = '${WINDOWS_APP}' AND ll = 2`],
      ['before the top', `app = '${WINDOWS_APP}' AND at < ${TOP}`],
      ['none', `app = '${WINDOWS_APP}' AND ll = 5`],
    ];
    // The view's top: its own, one in the silence (its first window empty), and now (its logs in the past).
    const tops = [TOP, TOP - (SILENCE_DAYS / 2) * WINDOW_DAY, Date.now()];

    beforeAll(async () => {
      await logs.addLogs(WINDOWS_APP, 1, windowLogs(TOP).slice(0, 20));
      await logs.addLogs(WINDOWS_APP, 2, windowLogs(TOP).slice(20));
    });

    test.each(views)('%s: the newest n, at any n and any top, as one read gives them', async (_, where) => {
      // The one read, newest first: its first n are what `LIMIT n` reads, its nth what `LIMIT 1 OFFSET n - 1` reads, for
      // (at, id) orders every log; read once a view rather than twice for every top and count (docs/testing.md#budget).
      const all = await at(where, 1_000);
      const total = all.length;
      // Within the newest window, on its edge's ties and either side, then through the hours and days, and past all.
      const counts = [...new Set([1, 5, 6, 7, 9, 18, 36, total, total + 1])].filter((n) => n >= 1 && n <= total + 1);
      for (const top of tops)
        for (const n of counts) {
          const view = { where, appKey: WINDOWS_APP, top };
          expect(await newestCursors(rows, table(), view, n)).toEqual(all.slice(0, n));
          expect(await nthNewest(rows, table(), view, n)).toEqual(all[n - 1]);
        }
      if (total > 0) {
        const [{ oldest }] = await rows<{ oldest: number }>(`SELECT min(at) AS oldest FROM ${table()} WHERE ${where}`);
        expect(await oldestAt(rows, table(), where, all[0]!.at)).toBe(oldest);
      }
    });

    test('a page from a cursor in the middle: the older logs, as one read gives them', async () => {
      const all = await at(`app = '${WINDOWS_APP}'`, 1_000);
      for (const before of all.filter((_, i) => i % 3 === 1)) {
        const where = `app = '${WINDOWS_APP}' AND (at < ${before.at} OR (at = ${before.at} AND id < ${before.id}))`;
        const view = { where, appKey: WINDOWS_APP, top: Math.min(Date.now(), before.at) };
        expect(await newestCursors(rows, table(), view, 4)).toEqual(await at(where, 4));
      }
    });
  });
});
