// The ClickHouse log store's insert path (server/stores/clickhouse/log-writer.ts) on both engines: what goes in comes
// back as the other stores keep it, a resend counts once (in one process, across two, and within one group), and a
// ClickHouse that is down or slow is an error the collector answers 503 with Retry-After.
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { storageFault } from '../../../server/http/errors.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { openClickHouseClient, rowsOf } from '../../../server/stores/clickhouse/client.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { parseLogsUrl } from '../../../server/stores/clickhouse/logs-url.ts';
import { ClickHouseUnavailable } from '../../../server/stores/clickhouse/unavailable.ts';
import { freePort } from '../../../scripts/postgres.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const log = (n: number, extra: Partial<LogRecord> = {}): LogRecord => ({
  x: new Date(T0 + n).toISOString(),
  at: T0 + n,
  t: `log ${n}`,
  ll: 2,
  ...extra,
});
const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => log(from + i));

describe.each(CLICKHOUSE_ENGINES)('the insert path on ClickHouse (%s)', (engine) => {
  let ch: TestClickHouse;
  let logs: ClickHouseLogs;
  beforeEach(async () => {
    ch = await createTestClickHouse(engine);
    logs = await openClickHouseLogsOn(ch.client, ch.database, { writer: { now: () => T0 } });
  });
  afterEach(async () => {
    await logs.close();
    await ch.drop();
  });

  const rows = <T>(query: string) => rowsOf<T>(ch.client, query);
  const count = async () => (await rows<{ n: number }>(`SELECT count() AS n FROM ${ch.database}.logs`))[0]!.n;

  test('stores each field as sent, absent ones as null, hostile text and odd times included', async () => {
    const sent: LogRecord[] = [
      {
        x: '2026-01-02T03:04:05.000Z',
        at: T0,
        t: "it's \\ a\0b\nc 'Платёж' 🙂",
        m: 'pay',
        tg: 'billing',
        f: 'a.ts',
        l: 12,
        ll: 4,
        u: 'https://x/?q=1',
      },
      { x: 'before 1970', at: -1234.5 },
      { x: 'fraction', at: T0 + 0.25, t: '' },
    ];
    expect(await logs.addLogs('app-1', 7, sent)).toBe(3);
    expect(
      await rows(`SELECT app, session_id, x, t, m, at, tg, f, l, ll, u, toUnixTimestamp(received) AS received
        FROM ${ch.database}.logs ORDER BY at`),
    ).toEqual([
      {
        app: 'app-1',
        session_id: 7,
        x: 'before 1970',
        t: null,
        m: null,
        at: -1234.5,
        tg: null,
        f: null,
        l: null,
        ll: null,
        u: null,
        received: T0 / 1000,
      },
      { app: 'app-1', session_id: 7, ...sent[0], tg: 'billing', received: T0 / 1000 },
      {
        app: 'app-1',
        session_id: 7,
        x: 'fraction',
        t: '',
        m: null,
        at: T0 + 0.25,
        tg: null,
        f: null,
        l: null,
        ll: null,
        u: null,
        received: T0 / 1000,
      },
    ]);
  });

  test('a batch sent again is stored once, and a batch partly sent before stores only its new logs', async () => {
    expect(await logs.addLogs('app-1', 1, batch(0, 500))).toBe(500);
    expect(await logs.addLogs('app-1', 1, batch(0, 500))).toBe(0);
    expect(await logs.addLogs('app-1', 1, batch(250, 500))).toBe(250);
    expect(await count()).toBe(750);
  });

  test('the same batch twice in one group counts once; distinct logs sharing a time both count', async () => {
    const twins = [log(1, { t: 'first tab' }), log(1, { t: 'second tab' })];
    expect(
      await Promise.all([
        logs.addLogs('app-1', 1, batch(0, 100)),
        logs.addLogs('app-1', 1, batch(0, 100)),
        logs.addLogs('app-1', 1, twins),
      ]),
    ).toEqual([100, 0, 2]);
    // The twins share log(1)'s time and session; their texts tell them from it and from each other.
    expect(await count()).toBe(102);
  });

  test('the same log in two sessions, or two apps, is two logs', async () => {
    expect(await logs.addLogs('app-1', 1, batch(0, 10))).toBe(10);
    expect(await logs.addLogs('app-1', 2, batch(0, 10))).toBe(10);
    expect(await logs.addLogs('app-2', 3, batch(0, 10))).toBe(10);
    expect(await count()).toBe(30);
  });

  test('two processes: a resend through the other counts once, and both write at once', async () => {
    const other = createLogWriter(ch.client, ch.database, { now: () => T0 });
    expect(await logs.addLogs('app-1', 1, batch(0, 300))).toBe(300);
    expect(await other.addLogs('app-1', 1, batch(0, 300))).toBe(0);
    const both = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => logs.addLogs('app-1', 10 + i, batch(0, 200))),
      ...Array.from({ length: 5 }, (_, i) => other.addLogs('app-1', 20 + i, batch(0, 200))),
    ]);
    expect(both).toEqual(Array(10).fill(200));
    expect(await count()).toBe(2300);
  });

  test('a row id names the log: the same on a resend, distinct among logs of one time', async () => {
    await logs.addLogs('app-1', 1, [log(1, { t: 'a' }), log(1, { t: 'b' })]);
    const ids = await rows<{ id: number }>(`SELECT id FROM ${ch.database}.logs ORDER BY id`);
    expect(new Set(ids.map((row) => row.id)).size).toBe(2);
    for (const { id } of ids) expect(Number.isSafeInteger(id)).toBe(true);
  });
});

describe('ClickHouse down or slow', () => {
  const expectUnavailable = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(ClickHouseUnavailable);
    // What the collector answers (server/http/errors.ts): 503, which sets Retry-After.
    expect(storageFault(error)).toEqual({ status: 503, error: 'the database is unavailable or busy; retry later' });
  };

  test('nothing listening: the batch fails as unavailable', async () => {
    const client = openClickHouseClient(parseLogsUrl(`http://127.0.0.1:${await freePort()}`));
    const writer = createLogWriter(client, 'sidelog', { windowMs: 0 });
    await expectUnavailable(writer.addLogs('app-1', 1, batch(0, 10)));
    await client.close();
  });

  test('an answer that does not come within the timeout: the batch fails as unavailable', async () => {
    const hung: Server = createServer(() => undefined);
    const port = await freePort();
    await new Promise<void>((resolve) => hung.listen(port, '127.0.0.1', resolve));
    const client = openClickHouseClient(parseLogsUrl(`http://127.0.0.1:${port}`), { timeoutMs: 200 });
    const writer = createLogWriter(client, 'sidelog', { windowMs: 0 });
    await expectUnavailable(writer.addLogs('app-1', 1, batch(0, 10)));
    await client.close();
    hung.closeAllConnections();
    await new Promise((resolve) => hung.close(resolve));
  });

  test('past the logs allowed to wait, a batch is refused at once as unavailable', async () => {
    const client = openClickHouseClient(parseLogsUrl(`http://127.0.0.1:${await freePort()}`));
    const writer = createLogWriter(client, 'sidelog', { windowMs: 60_000, maxWaitingRows: 15 });
    const waiting = writer.addLogs('app-1', 1, batch(0, 10)).catch((error: unknown) => error);
    await expectUnavailable(writer.addLogs('app-1', 1, batch(10, 10)));
    await writer.drain();
    expect(await waiting).toBeInstanceOf(ClickHouseUnavailable);
    await client.close();
  });
});
