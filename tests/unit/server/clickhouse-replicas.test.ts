// The cluster form with replicas (docs/clickhouse.md#the-cluster-form): four ClickHouse 18.16 servers, two shards of
// two replicas each, and the ZooKeeper they keep their replicated tables' state and ON CLUSTER queue in, each a
// throw-away process of this file's (scripts/zookeeper.ts, scripts/clickhouse.ts). A service process on a replica of
// each shard, one SIDELOG_DB: the tables made on every host by the first (Replicated, through ON CLUSTER), the second
// starting against them; what one acknowledges is on both replicas of its session's shard, and the other reads it as
// SQLite alone answers it; a resend through the other stored once; counts owed through one host read through any;
// retention emptying every replica. 18.16 stops a replica's DDL worker now and then at an ALTER ON CLUSTER
// (scripts/ddl-worker-watch.ts): the replica is started again, as an operator would, and what failed with it (a
// process's start, a retention run) is done again, as the service does on its next start or turn.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import {
  freeClickHousePorts,
  type ClickHousePorts,
  startThrowawayClickHouse,
  type ThrowawayClickHouse,
} from '../../../scripts/clickhouse.ts';
import { startThrowawayZooKeeper, type ThrowawayZooKeeper } from '../../../scripts/zookeeper.ts';
import { eraseDevice } from '../../../server/explorer/device-erasure.ts';
import { QUERY_SETTINGS, rowsOf } from '../../../server/stores/clickhouse/client.ts';
import { owedCountsIn } from '../../../server/stores/clickhouse/owed-counts.ts';
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
/** START's day as ClickHouse names its partition (the logs arrive then: the writers' clock). */
const START_DAY = '20261101';
const CLUSTER = 'sidelog_replicas';

const fields = ({ x, t, at, tg, ll }: ExplorerLog) => ({ x, t, at, tg, ll });

describe('the cluster form: two shards of two replicas, with ZooKeeper', () => {
  let zookeeper: ThrowawayZooKeeper;
  /** The servers, by shard then replica. */
  let shards: ThrowawayClickHouse[][] = [];
  /** An admin client of each server, by shard then replica. */
  let admins: ClickHouseClient[][] = [];
  let sqlite: { store: Store; close(): Promise<void> };
  let database: TestDatabase;
  /** A service's store on the first replica of the first shard and on the second of the second, one SIDELOG_DB. */
  const stores: Store[] = [];
  /** What the setup was doing, until it is done: a setup past its time says where it stopped, and what the servers
   * logged, before their directories go (one CI run's setup passed its 120 s with nothing to tell why). */
  let setup: string | undefined = 'starting ZooKeeper';

  /** The ALTERs asked of every host once each store had opened: the DDL queue's tasks in ZooKeeper that are one. */
  const altersAsked: number[] = [];

  /** `what` done again after a replica was started again for its DDL worker, when it failed meanwhile (at most twice):
   * a failure with no such restart is the test's. */
  const restarts = () => shards.flat().reduce((sum, server) => sum + server.ddlWorker!.restarts(), 0);
  /** Once no replica is being started again. */
  const settled = () => Promise.all(shards.flat().map((server) => server.ddlWorker!.settled()));
  const again = async <T>(what: () => Promise<T>): Promise<T> => {
    for (let tries = 1; ; tries++) {
      const before = restarts();
      try {
        return await what();
      } catch (error) {
        await settled();
        if (tries === 3 || restarts() === before) throw error;
      }
    }
  };
  const alterTasks = async () => {
    await settled();
    const tasks = await rowsOf<{ value: string }>(
      admins[0]![0]!,
      "SELECT value FROM system.zookeeper WHERE path = '/clickhouse/task_queue/ddl'",
    );
    return tasks.filter(({ value }) => /^query: ALTER /m.test(value)).length;
  };

  /** Each replica's rows, by shard, once it has fetched every part the others of its shard wrote. */
  const replicaCounts = async () => {
    const counts = [];
    for (const replicas of admins) {
      const shard = [];
      for (const admin of replicas) {
        await admin.command({ query: 'SYSTEM SYNC REPLICA sidelog.logs_local' });
        shard.push(Number((await rowsOf<{ n: string }>(admin, 'SELECT count() AS n FROM sidelog.logs_local'))[0]!.n));
      }
      counts.push(shard);
    }
    return counts;
  };

  beforeAll(async () => {
    zookeeper = await startThrowawayZooKeeper();
    setup = 'starting the four servers';
    const ports: ClickHousePorts[][] = [];
    for (let shard = 0; shard < 2; shard++) ports.push([await freeClickHousePorts(), await freeClickHousePorts()]);
    shards = await Promise.all(
      ports.map((replicas, shard) =>
        Promise.all(
          replicas.map((own, replica) =>
            startThrowawayClickHouse({
              ports: own,
              replicaOf: {
                zookeeper,
                cluster: CLUSTER,
                shards: ports,
                shard: `0${shard + 1}`,
                replica: `replica-${shard * 2 + replica + 1}`,
              },
            }),
          ),
        ),
      ),
    );
    admins = shards.map((replicas) =>
      replicas.map((server) => createClient({ url: server.url, clickhouse_settings: QUERY_SETTINGS })),
    );
    sqlite = await openTestStore('sqlite');
    database = await createTestDatabase('sqlite');
    // One after the other, as processes start: the first makes the tables on every host, the second finds them.
    for (const server of [shards[0]![0]!, shards[1]![1]!]) {
      setup = `opening the logs through ${server.url} (its migrations ON CLUSTER)`;
      const logs = await again(() =>
        openClickHouseLogs(`${server.url}/sidelog?cluster=${CLUSTER}`, { writer: { windowMs: 0, now: () => START } }),
      );
      stores.push(withClickHouseLogs(await openStore(database.db), logs));
      altersAsked.push(await alterTasks());
    }
    // Each batch into both, as the collector stores it: SQLite alone, and through the first store.
    const both = storedInBoth(sqlite.store, stores[0]!);
    for (const each of [sqlite.store, stores[0]!]) await each.putApp(APP, true);
    setup = 'storing the seeded logs';
    await seedLogs(both, { appKey: APP, logs: COUNT, sessions: 8, start: START });
    setup = undefined;
  }, 120_000);
  afterAll(async () => {
    const restarted = shards.flat().filter((server) => server.ddlWorker!.restarts() > 0);
    if (restarted.length > 0)
      console.warn(
        `18.16 stopped the DDL worker of ${restarted.map((server) => server.url).join(', ')}: started again`,
      );
    if (setup !== undefined)
      console.error(
        [
          `The cluster's setup stopped while ${setup}.`,
          ...shards.flat().map((server) => `${server.url}, its error log:\n${server.errorLog() || '(empty)'}`),
        ].join('\n'),
      );
    for (const store of stores) await store.close();
    await database?.drop();
    await sqlite?.close();
    for (const admin of admins.flat()) await admin.close();
    await Promise.all(shards.flat().map((server) => server.stop()));
    await zookeeper?.stop();
  });

  test('the schema on every host: each replica\u2019s logs_local and owed_counts replicated, and logs over them with every column', async () => {
    for (const admin of admins.flat()) {
      expect(
        await rowsOf(
          admin,
          `SELECT name, engine FROM system.tables WHERE database = 'sidelog' AND name != 'sidelog_migrations' ORDER BY name`,
        ),
      ).toEqual([
        { name: 'logs', engine: 'Distributed' },
        { name: 'logs_local', engine: 'ReplicatedReplacingMergeTree' },
        { name: 'owed_counts', engine: 'ReplicatedReplacingMergeTree' },
      ]);
      const columns = async (table: string) =>
        (await rowsOf<{ name: string }>(admin, `DESCRIBE TABLE sidelog.${table}`)).map((column) => column.name);
      // Made at the first migration, before `arrival` was added to the shards' tables, and made again with it.
      expect(await columns('logs')).toEqual(await columns('logs_local'));
      expect(await columns('logs')).toContain('arrival');
    }
  });

  test('the second process, starting on another host, asks no host to ALTER what the first made', () => {
    // Each host keeps its own record of migrations, so the second runs them again; its columns are there already.
    expect(altersAsked[0]).toBeGreaterThan(0);
    expect(altersAsked[1]).toBe(altersAsked[0]);
  });

  test('every log acknowledged is on both replicas of its session\u2019s shard, and each session on one shard', async () => {
    const [first, second] = await replicaCounts();
    expect(first![0]).toBeGreaterThan(0);
    expect(second![0]).toBeGreaterThan(0);
    expect([first, second]).toEqual([
      [first![0], first![0]],
      [second![0], second![0]],
    ]);
    expect(first![0]! + second![0]!).toBe(COUNT);
    const sessions = async (admin: ClickHouseClient) =>
      (await rowsOf<{ session_id: number }>(admin, 'SELECT DISTINCT session_id FROM sidelog.logs_local')).map(
        (row) => row.session_id,
      );
    const [onFirst, onSecond] = [await sessions(admins[0]![1]!), await sessions(admins[1]![0]!)];
    expect(onFirst.length + onSecond.length).toBe(8);
    expect(onFirst.filter((id) => onSecond.includes(id))).toEqual([]);
  });

  test('through the other shard\u2019s replica: the count, a page and a word as SQLite alone answers them', async () => {
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

  test('every batch sent again through the other store is stored once', async () => {
    const before = await replicaCounts();
    await seedLogs(stores[1]!, { appKey: APP, logs: COUNT, sessions: 8, start: START });
    expect(await replicaCounts()).toEqual(before);
    expect(await stores[1]!.explorer.count({ appKey: APP }, 100_000)).toBe(COUNT);
  });

  test('counts owed through a host of one shard are read as owed through every host, and paid once for all', async () => {
    const owed = {
      token: 'owed-through-one-host',
      appKey: APP,
      sessionId: 1,
      counts: { sent: 1, stored: 1, first_at: START, last_at: START, levels: [1, 0, 0, 0, 0, 0] },
    };
    await owedCountsIn(admins[0]![0]!, 'sidelog').owe(owed);
    for (const admin of admins.flat()) {
      await admin.command({ query: 'SYSTEM SYNC REPLICA sidelog.owed_counts' });
      expect(await owedCountsIn(admin, 'sidelog').unpaid(10)).toEqual([owed]);
    }
    await owedCountsIn(admins[1]![1]!, 'sidelog').paid([owed]);
    for (const admin of admins.flat()) {
      await admin.command({ query: 'SYSTEM SYNC REPLICA sidelog.owed_counts' });
      expect(await owedCountsIn(admin, 'sidelog').unpaid(10)).toEqual([]);
    }
  });

  // docs/privacy.md#erasing-a-device: one mutation ON CLUSTER, through the second store's host.
  test("a device's logs are erased from both replicas of its session's shard", async () => {
    const before = (await replicaCounts()).map((shard) => shard[0]!);
    const erased = (await again(() => eraseDevice(stores[1]!, APP, 'device-0', 'admin')))!;
    expect(erased.logs).toBeGreaterThan(0);
    const total = before.reduce((a, b) => a + b) - erased.logs;
    const shardTotals = async () => (await replicaCounts()).map((shard) => [shard[0]!, shard[1]!]);
    const after = await shardTotals();
    expect(after.every(([one, other]) => one === other)).toBe(true);
    expect(after.reduce((sum, [one]) => sum + one!, 0)).toBe(total);
    expect(await stores[0]!.explorer.count({ appKey: APP }, 100_000)).toBe(total);
  });

  test('retention drops the days before the cutoff from every replica, where the connected host holds none of them', async () => {
    // Its shard's day dropped already (a run cut short there, or a day whose sessions all went to the other shard).
    await admins[0]![0]!.command({ query: `ALTER TABLE sidelog.logs_local DROP PARTITION ${START_DAY}` });
    expect((await replicaCounts())[0]).toEqual([0, 0]);
    await again(() => stores[0]!.pruneBefore(new Date(START + DAY), 1_000));
    expect(await replicaCounts()).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await stores[1]!.explorer.count({ appKey: APP }, 100_000)).toBe(0);
  });
});
