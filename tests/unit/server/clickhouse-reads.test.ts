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
import { cursorsCondition, newestCursors, newestEdge } from '../../../server/stores/clickhouse/newest-first.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { openTestStore } from './test-databases.ts';

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
        (await (
          await ch.client.query({
            query: `SELECT id, at FROM ${table} WHERE app = '${APP}' AND ${where} ORDER BY at DESC, id DESC LIMIT 101`,
            format: 'JSONEachRow',
          })
        ).json()) as { id: number; at: number }[]
      ).map((row) => row.id);
    // Every log, one in three, three logs, none.
    for (const where of ['1', 'ifNull(ll, 0) = 4', 'll = 5', "t = 'no such text'"]) {
      const cursors = await newestCursors(ch.client, table, `app = '${APP}' AND ${where}`, 101);
      const found = cursors.length ? await page(cursorsCondition(cursors)) : [];
      expect(found).toEqual(await page(where));
      const edge = await newestEdge(ch.client, table, `app = '${APP}' AND ${where}`, 101);
      expect(await page(`${where}${edge}`)).toEqual(await page(where));
    }
  });
});
