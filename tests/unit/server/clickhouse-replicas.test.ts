// The cluster form with replicas (docs/clickhouse.md#the-cluster-form): two ClickHouse 18.16 servers, replicas of one
// shard, and the ZooKeeper they keep their replicated tables' state and ON CLUSTER queue in, each a throw-away process
// of this file's (scripts/zookeeper.ts, scripts/clickhouse.ts). A service process on each replica, one SIDELOG_DB: the
// tables made on both hosts by the first (Replicated, through ON CLUSTER), the second starting against them; what one
// acknowledges, the other reads as SQLite alone answers it; a resend through the other replica stored once; retention
// emptying both replicas.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import {
  freeClickHousePorts,
  startThrowawayClickHouse,
  type ThrowawayClickHouse,
} from '../../../scripts/clickhouse.ts';
import { startThrowawayZooKeeper, type ThrowawayZooKeeper } from '../../../scripts/zookeeper.ts';
import { QUERY_SETTINGS } from '../../../server/stores/clickhouse/client.ts';
import { openClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import type { ExplorerLog } from '../../../server/stores/explorer-queries.types.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { storedInBoth } from './stored-in-both.ts';
import { createTestDatabase, openTestStore, type TestDatabase } from './test-databases.ts';

const APP = 'replicas-app';
const COUNT = 2_000;
const START = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const CLUSTER = 'sidelog_replicas';

const fields = ({ x, t, at, tg, ll }: ExplorerLog) => ({ x, t, at, tg, ll });

describe('the cluster form: two replicas of one shard, with ZooKeeper', () => {
  let zookeeper: ThrowawayZooKeeper;
  let servers: ThrowawayClickHouse[] = [];
  let admins: ClickHouseClient[] = [];
  let sqlite: { store: Store; close(): Promise<void> };
  let database: TestDatabase;
  /** A service's store on each replica, with one SIDELOG_DB. */
  const stores: Store[] = [];

  /** Each replica's rows, once it has fetched every part the other wrote. */
  const replicaCounts = async () => {
    const counts = [];
    for (const admin of admins) {
      await admin.command({ query: 'SYSTEM SYNC REPLICA sidelog.logs_local' });
      const result = await admin.query({ query: 'SELECT count() AS n FROM sidelog.logs_local', format: 'JSONEachRow' });
      counts.push(((await result.json()) as { n: number }[])[0]!.n);
    }
    return counts;
  };

  beforeAll(async () => {
    zookeeper = await startThrowawayZooKeeper();
    const ports = [await freeClickHousePorts(), await freeClickHousePorts()];
    servers = await Promise.all(
      ports.map((own, i) =>
        startThrowawayClickHouse({
          ports: own,
          replicaOf: { zookeeper, cluster: CLUSTER, replicas: ports, replica: `replica-${i + 1}` },
        }),
      ),
    );
    admins = servers.map((server) => createClient({ url: server.url, clickhouse_settings: QUERY_SETTINGS }));
    sqlite = await openTestStore('sqlite');
    database = await createTestDatabase('sqlite');
    // One after the other, as processes start: the first makes the tables on every host, the second finds them.
    for (const server of servers) {
      const logs = await openClickHouseLogs(`${server.url}/sidelog?cluster=${CLUSTER}`, {
        writer: { windowMs: 0, now: () => START },
      });
      stores.push(withClickHouseLogs(await openStore(database.db), logs));
    }
    // Each batch into both, as the collector stores it: SQLite alone, and through the first replica.
    const both = storedInBoth(sqlite.store, stores[0]!);
    for (const each of [sqlite.store, stores[0]!]) await each.putApp(APP, true);
    await seedLogs(both, { appKey: APP, logs: COUNT, sessions: 8, start: START });
  }, 120_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    await database?.drop();
    await sqlite?.close();
    for (const admin of admins) await admin.close();
    await Promise.all(servers.map((server) => server.stop()));
    await zookeeper?.stop();
  });

  test('the schema on both hosts: each replica\u2019s logs_local and owed_counts replicated, and logs over them with every column', async () => {
    for (const admin of admins) {
      const result = await admin.query({
        query: `SELECT name, engine FROM system.tables WHERE database = 'sidelog' AND name != 'sidelog_migrations' ORDER BY name`,
        format: 'JSONEachRow',
      });
      expect(await result.json()).toEqual([
        { name: 'logs', engine: 'Distributed' },
        { name: 'logs_local', engine: 'ReplicatedReplacingMergeTree' },
        { name: 'owed_counts', engine: 'ReplicatedReplacingMergeTree' },
      ]);
      const columns = async (table: string) =>
        (
          (await (await admin.query({ query: `DESCRIBE TABLE sidelog.${table}`, format: 'JSONEachRow' })).json()) as {
            name: string;
          }[]
        ).map((column) => column.name);
      // Made at the first migration, before `arrival` was added to the shards' tables, and made again with it.
      expect(await columns('logs')).toEqual(await columns('logs_local'));
      expect(await columns('logs')).toContain('arrival');
    }
  });

  test('every log acknowledged through one replica is on both', async () => {
    expect(await replicaCounts()).toEqual([COUNT, COUNT]);
  });

  test('through the other replica: the count, a page and a word as SQLite alone answers them', async () => {
    await replicaCounts();
    const page = async (each: Store, q?: string) =>
      (
        await each.explorer.logs({ appKey: APP, ...(q && { q, search: parseSearchQuery(q) }) }, { limit: 100 })
      ).logs.map(fields);
    expect(await stores[1]!.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT);
    expect(await page(stores[1]!)).toEqual(await page(sqlite.store));
    const word = await page(stores[1]!, 'payment');
    expect(word.length).toBeGreaterThan(0);
    expect(word).toEqual(await page(sqlite.store, 'payment'));
  });

  test('every batch sent again through the other replica is stored once', async () => {
    await replicaCounts();
    await seedLogs(stores[1]!, { appKey: APP, logs: COUNT, sessions: 8, start: START });
    expect(await replicaCounts()).toEqual([COUNT, COUNT]);
    expect(await stores[1]!.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT);
  });

  test('retention drops the days before the cutoff from both replicas', async () => {
    await stores[0]!.pruneBefore(new Date(START + DAY), 1_000);
    expect(await replicaCounts()).toEqual([0, 0]);
    expect(await stores[1]!.explorer.count({ appKey: APP }, 100_000)).toBe(0);
  });
});
