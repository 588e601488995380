// Forwarding with the logs in ClickHouse (docs/clickhouse.md#forwarding), on both engines: every log reaches an OTLP
// receiver once, across a restart of the service's store and forwarder, with logs from a second writer that gave the
// same arrival numbers. The store's clock is the test's: the horizon moves when the test moves it, not with time.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startForwarder } from '../../../server/collector/otlp/forwarder.ts';
import { SHARED_HORIZON_LAG_MS } from '../../../server/stores/clickhouse/arrival.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../../support/otlp-receiver.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';

const WAIT = { timeout: 60_000, interval: 20 };
const lines = (session: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ x: 'x', at: 1_790_000_000_000 + from + i, t: `${session} ${from + i}` }));

describe.each(CLICKHOUSE_ENGINES)('forwarding from ClickHouse (%s)', (engine) => {
  let ch: TestClickHouse;
  let dir: string;
  let receiver: OtlpReceiver;
  let clock = Date.UTC(2026, 10, 1, 12);
  const now = () => clock;
  const opened: Store[] = [];
  const open = async () => {
    const logs = await openClickHouseLogsOn(ch.client, ch.database, { writer: { windowMs: 0, now } });
    const store = withClickHouseLogs(await openStore(join(dir, 'sidelog.db')), logs);
    opened.push(store);
    return store;
  };
  const forward = (store: Store) =>
    startForwarder(store, { url: receiver.url, pageSize: 7, idleMs: 5, firstBackoffMs: 5, maxBackoffMs: 20 });
  const bodies = () => receiver.records.map((record) => record.body!);

  beforeEach(async () => {
    ch = await createTestClickHouse(engine);
    dir = mkdtempSync(join(tmpdir(), 'sidelog-ch-forward-'));
    receiver = await startOtlpReceiver();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await receiver.close();
    await ch.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every log is forwarded once, across a restart and with a second writer’s equal arrival numbers', async () => {
    let store = await open();
    await seedDemo(store);
    const one = await store.putSession(DEMO_APP_KEY, sessionPayload('one'));
    const two = await store.putSession(DEMO_APP_KEY, sessionPayload('two'));
    // A second process's writer: at the same millisecond it numbers its rows as this one does.
    const other = createLogWriter(ch.client, ch.database, { windowMs: 0, now });
    await store.addLogs(DEMO_APP_KEY, one, lines('one', 0, 30));
    await other.addLogs(DEMO_APP_KEY, two, lines('two', 0, 30));

    let forwarder = forward(store);
    // Not yet past the horizon: a write may still be landing, so nothing goes.
    await vi.waitFor(async () => expect((await store.forwardCursors())[0]?.lastId).toBeGreaterThan(0), WAIT);
    expect(bodies()).toEqual([]);
    clock += SHARED_HORIZON_LAG_MS + 1;
    await vi.waitFor(() => expect(bodies()).toHaveLength(60), WAIT);

    // More arrive; the service stops before they are past the horizon, and starts again.
    clock += 1_000;
    await store.addLogs(DEMO_APP_KEY, one, lines('one', 30, 20));
    await other.addLogs(DEMO_APP_KEY, two, lines('two', 30, 20));
    await forwarder.stop();
    await store.close();
    store = await open();
    forwarder = forward(store);
    await store.addLogs(DEMO_APP_KEY, one, lines('one', 50, 10));
    clock += SHARED_HORIZON_LAG_MS + 1;
    await vi.waitFor(() => expect(bodies().length).toBeGreaterThanOrEqual(110), WAIT);
    await vi.waitFor(
      async () => expect((await store.forwardCursors())[0]).toMatchObject({ forwarded: 110, refused: 0 }),
      WAIT,
    );
    expect(await store.forwardLag(DEMO_APP_KEY, (await store.forwardCursors())[0]!.lastId, 1_000)).toBe(0);
    await forwarder.stop();

    const expected = [...lines('one', 0, 60), ...lines('two', 0, 50)].map((log) => log.t);
    expect([...bodies()].sort()).toEqual([...expected].sort());
    // In order per session, as it arrived.
    for (const session of ['one', 'two'])
      expect(bodies().filter((body) => body.startsWith(`${session} `))).toEqual(
        expected.filter((body) => body.startsWith(`${session} `)),
      );
  }, 120_000);
});
