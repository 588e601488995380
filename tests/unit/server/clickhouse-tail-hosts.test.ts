// Two hosts, each one process writing its own batches to one ClickHouse (18.16) with one PostgreSQL as SIDELOG_DB:
// one host's live tail, polled as the explorer's API polls it (read up to the horizon, move on to it), misses no line
// of the other host's that was being inserted while it polled, though that line's arrival number is below lines the
// tail had already read. Without the board of writers (server/stores/clickhouse/writer-board.ts) each host read up to
// its own horizon and passed it for good. docs/clickhouse.md#the-live-tail-across-hosts
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, expect, inject, test, vi } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { QUERY_SETTINGS } from '../../../server/stores/clickhouse/client.ts';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { createTestDatabase, type TestDatabase } from './test-databases.ts';

const APP = 'tail-hosts-app';

/** Host B's client: while held, its inserts wait for `release`, as an insert ClickHouse is slow to answer; `reached`
 * resolves once one is waiting (its rows numbered: log-writer.ts numbers them as the insert begins). */
function heldInserts(client: ClickHouseClient) {
  let release = () => {};
  let held = Promise.resolve();
  let reached = () => {};
  const proxy = new Proxy(client, {
    get(target, name, receiver) {
      if (name !== 'exec') return Reflect.get(target, name, receiver);
      return async (params: Parameters<ClickHouseClient['exec']>[0]) => {
        if (params.query.startsWith('INSERT')) {
          reached();
          await held;
        }
        return target.exec(params);
      };
    },
  });
  return {
    client: proxy,
    release: () => release(),
    /** Holds the next inserts; resolves once one is waiting. */
    hold(): Promise<void> {
      held = new Promise<void>((resolve) => (release = resolve));
      return new Promise<void>((resolve) => (reached = resolve));
    },
  };
}

let database: TestDatabase;
let clickhouse: TestClickHouse;
let hostBClient: ClickHouseClient;
let a: Store;
let b: Store;
let inserts: ReturnType<typeof heldInserts>;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  clickhouse = await createTestClickHouse('server');
  hostBClient = createClient({ url: inject('clickhouseUrl'), clickhouse_settings: QUERY_SETTINGS });
  inserts = heldInserts(hostBClient);
  // Each host publishes its horizon every 20 ms rather than every second, so that the test waits less.
  const logsA = await openClickHouseLogsOn(clickhouse.client, clickhouse.database, { writer: { windowMs: 0 } });
  a = withClickHouseLogs(await openStore(database.db), logsA, { publishEveryMs: 20, payOwedEveryMs: 0 });
  const logsB = await openClickHouseLogsOn(inserts.client, clickhouse.database, { writer: { windowMs: 0 } });
  b = withClickHouseLogs(await openStore(database.db), logsB, { publishEveryMs: 20, payOwedEveryMs: 0 });
  await Promise.all([a.settled(), b.settled()]);
  await a.putApp(APP, true);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await hostBClient?.close();
  await clickhouse?.drop();
  await database?.drop();
});

const line = (t: string): LogRecord[] => [{ x: new Date().toISOString(), at: Date.now(), t, ll: 2 }];

test("a host's tail misses no line the other host was inserting while it polled", async () => {
  const session = await a.putSession(APP, sessionPayload('tail-hosts-session', APP));
  let after = await a.explorer.lastLogId();
  const seen: string[] = [];
  const poll = async () => {
    const horizon = await a.explorer.lastLogId();
    seen.push(...(await a.explorer.arrivedAfter({ appKey: APP }, after, horizon, 500)).logs.map((log) => log.t!));
    after = Math.max(after, horizon);
  };

  const waiting = inserts.hold();
  // B numbers its line as its insert begins, and ClickHouse has not answered it yet.
  const slow = b.addLogs(APP, session, line('from host B, inserted slowly'));
  await waiting;
  await a.addLogs(APP, session, line('from host A, numbered after'));
  await poll();
  expect(seen).toEqual([]);
  inserts.release();
  await slow;
  // Polled until both are read (B publishes its horizon past its line once its insert is answered), for at most 5 s.
  await vi.waitFor(
    async () => {
      await poll();
      expect(seen).toHaveLength(2);
    },
    { timeout: 5_000, interval: 20 },
  );
  expect(seen.sort()).toEqual(['from host A, numbered after', 'from host B, inserted slowly']);
});
