// The cluster form (docs/clickhouse.md#the-cluster-form) on the run's 18.16 server, whose config defines a cluster of
// two shards on the server itself, each with a database of its own (scripts/clickhouse.ts, TWO_SHARDS): SIDELOG_LOGS
// with `?cluster=` makes each shard's `logs_local` and a Distributed `logs` over them, and the store's basic cases
// answer as SQLite alone answers them: insert, a resend counted once, a word, the count, retention.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { TWO_SHARDS } from '../../../scripts/clickhouse.ts';
import { eraseDevice } from '../../../server/explorer/device-erasure.ts';
import { QUERY_SETTINGS, rowsOf } from '../../../server/stores/clickhouse/client.ts';
import { openClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import type { ExplorerLog } from '../../../server/stores/explorer-queries.types.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { storedInBoth } from './stored-in-both.ts';
import { createTestDatabase, openTestStore, type TestDatabase } from './test-databases.ts';

const APP = 'cluster-app';
const COUNT = 2_000;
const START = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const DATABASE = 'sidelog_cluster_test';

const fields = ({ x, t, at, tg, ll }: ExplorerLog) => ({ x, t, at, tg, ll });

describe('the cluster form: two shards on the run\u2019s 18.16 server', () => {
  let admin: ClickHouseClient;
  let sqlite: { store: Store; close(): Promise<void> };
  let database: TestDatabase;
  let store: Store;
  const dropAll = () =>
    Promise.all(
      [DATABASE, ...TWO_SHARDS.databases].map((name) => admin.command({ query: `DROP DATABASE IF EXISTS ${name}` })),
    );
  const shardCounts = async () => {
    const counts = [];
    for (const shard of TWO_SHARDS.databases) {
      counts.push((await rowsOf<{ n: number }>(admin, `SELECT count() AS n FROM ${shard}.logs_local`))[0]!.n);
    }
    return counts;
  };

  beforeAll(async () => {
    admin = createClient({ url: inject('clickhouseUrl'), clickhouse_settings: QUERY_SETTINGS });
    await dropAll();
    sqlite = await openTestStore('sqlite');
    database = await createTestDatabase('sqlite');
    const logs = await openClickHouseLogs(`${inject('clickhouseUrl')}/${DATABASE}?cluster=${TWO_SHARDS.cluster}`, {
      writer: { windowMs: 0, now: () => START },
    });
    store = withClickHouseLogs(await openStore(database.db), logs);
    // Each batch into both, as the collector stores it: SQLite alone, and SQLite with its logs on the cluster.
    const both = storedInBoth(sqlite.store, store);
    for (const each of [sqlite.store, store]) await each.putApp(APP, true);
    await seedLogs(both, { appKey: APP, logs: COUNT, sessions: 8, start: START });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await sqlite?.close();
    await dropAll();
    await admin.close();
  });

  test('the schema: each shard\u2019s logs_local, and logs distributed over them by session', async () => {
    const tables = await rowsOf(
      admin,
      `SELECT database, name, engine FROM system.tables
        WHERE database IN ('${DATABASE}', '${TWO_SHARDS.databases.join("', '")}') AND name LIKE 'logs%' ORDER BY database`,
    );
    expect(tables).toEqual([
      { database: DATABASE, name: 'logs', engine: 'Distributed' },
      { database: TWO_SHARDS.databases[0], name: 'logs_local', engine: 'ReplacingMergeTree' },
      { database: TWO_SHARDS.databases[1], name: 'logs_local', engine: 'ReplacingMergeTree' },
    ]);
  });

  test('every log acknowledged is on a shard, each session\u2019s on one, both shards used', async () => {
    const [one, two] = await shardCounts();
    expect(one! + two!).toBe(COUNT);
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(0);
    const split = await rowsOf(
      admin,
      `SELECT session_id, uniqExact(shard) AS shards FROM (
          SELECT session_id, 1 AS shard FROM ${TWO_SHARDS.databases[0]}.logs_local
          UNION ALL SELECT session_id, 2 AS shard FROM ${TWO_SHARDS.databases[1]}.logs_local)
        GROUP BY session_id HAVING shards > 1`,
    );
    expect(split).toEqual([]);
  });

  test('every batch sent again is stored once', async () => {
    await seedLogs(store, { appKey: APP, logs: COUNT, sessions: 8, start: START });
    expect(await store.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT);
    expect((await shardCounts()).reduce((a, b) => a + b)).toBe(COUNT);
  });

  test('the count, a page and a word as SQLite alone answers them', async () => {
    expect(await store.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT);
    const page = async (each: Store, q?: string) =>
      (
        await each.explorer.logs({ appKey: APP, ...(q && { q, search: parseSearchQuery(q) }) }, { limit: 100 })
      ).logs.map(fields);
    expect(await page(store)).toEqual(await page(sqlite.store));
    const word = await page(store, 'payment');
    expect(word.length).toBeGreaterThan(0);
    expect(word).toEqual(await page(sqlite.store, 'payment'));
  });

  // docs/privacy.md#erasing-a-device: one mutation on each shard's table.
  test("a device's logs are erased from the shard that holds them", async () => {
    const erased = (await eraseDevice(store, APP, 'device-0', 'admin'))!;
    expect(erased.logs).toBeGreaterThan(0);
    expect(erased.logs).toBeLessThan(COUNT);
    expect(await store.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT - erased.logs);
    expect((await shardCounts()).reduce((a, b) => a + b)).toBe(COUNT - erased.logs);
  });

  test('retention drops the days before the cutoff from every shard', async () => {
    await store.pruneBefore(new Date(START + DAY), 1_000);
    expect(await shardCounts()).toEqual([0, 0]);
    expect(await store.explorer.count({ appKey: APP }, 100_000)).toBe(0);
  });
});
