// Pages in arrival order with the logs in ClickHouse, on both engines. Forwarding (docs/clickhouse.md#forwarding): every
// log reaches an OTLP receiver once, across a restart of the service's store and forwarder, with logs from a second
// writer that gave the same arrival numbers. The admin API's `logs` list (docs/clickhouse.md#pages-of-equal-numbers):
// a page takes its last number's ties whole, and a second's rows stored before the arrival column in one page. The
// store's clock is the test's: the horizon moves when the test moves it or a writer publishes, not with time.
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ADMIN_BASE, createAdminApi } from '../../../server/admin/admin-api.ts';
import { nextPageURL } from '../../../server/admin/admin-pages.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startForwarder } from '../../../server/collector/otlp/forwarder.ts';
import { SHARED_HORIZON_LAG_MS } from '../../../server/stores/clickhouse/arrival.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { toLogRow } from '../../../server/stores/clickhouse/log-rows.ts';
import { joinWriterBoard, ownRows } from '../../../server/stores/clickhouse/writer-board.ts';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { LOGS_TABLE } from '../../../server/stores/clickhouse/schema.ts';
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
    // A second process's writer, on the board of writers (writer-board.ts) as a process of its own is: at the same
    // millisecond it numbers its rows as this one does.
    const other = createLogWriter(ch.client, ch.database, { windowMs: 0, now });
    const otherOnBoard = joinWriterBoard(store, other.arrivals, { source: ownRows(other.arrivals), everyMs: 0 });
    await otherOnBoard.first;
    await store.addLogs(DEMO_APP_KEY, one, lines('one', 0, 30));
    await other.addLogs(DEMO_APP_KEY, two, lines('two', 0, 30));

    let forwarder = forward(store);
    // Not yet past the other writer's horizon: a write of its may still be landing, so nothing goes.
    await vi.waitFor(async () => expect((await store.forwardCursors())[0]?.lastId).toBeGreaterThan(0), WAIT);
    expect(bodies()).toEqual([]);
    // It says its rows are in: they go, with no wait for the shared horizon (the clock stands still).
    await otherOnBoard.publish();
    await vi.waitFor(() => expect(bodies()).toHaveLength(60), WAIT);

    // More arrive; the service stops before they are past the horizon, and starts again. The other writer says
    // nothing more: its rows go once the shared horizon passes them.
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
  /** The admin API's `logs` list of `store`, followed link by link: each page's texts. */
  async function adminPages(store: Store, limit: number): Promise<string[][]> {
    const admin = new Hono().route(ADMIN_BASE, createAdminApi(store, { token: 'admin', allowedHosts: [] }));
    const pages: string[][] = [];
    for (let path: string | undefined = `${ADMIN_BASE}/logs?app=${DEMO_APP_KEY}&limit=${limit}`; path;) {
      const answer = await admin.request(path, { headers: { Authorization: 'Bearer admin' } });
      expect(answer.status).toBe(200);
      pages.push(((await answer.json()) as { t: string }[]).map((row) => row.t));
      path = nextPageURL(answer.headers.get('Link'));
    }
    return pages;
  }

  test("the admin API's logs list takes a page's last number whole: a second writer's equal numbers across a page edge", async () => {
    const store = await open();
    await seedDemo(store);
    const one = await store.putSession(DEMO_APP_KEY, sessionPayload('one'));
    const two = await store.putSession(DEMO_APP_KEY, sessionPayload('two'));
    // Both number their rows from the same millisecond: every number is given twice.
    const other = createLogWriter(ch.client, ch.database, { windowMs: 0, now });
    await store.addLogs(DEMO_APP_KEY, one, lines('one', 0, 10));
    await other.addLogs(DEMO_APP_KEY, two, lines('two', 0, 10));
    const pages = await adminPages(store, 7);
    // The 7th row is one of the 4th number's two: the page takes both, and the next page starts past them.
    expect(pages.map((page) => page.length)).toEqual([8, 8, 4]);
    const expected = [...lines('one', 0, 10), ...lines('two', 0, 10)].map((log) => log.t);
    expect(pages.flat().sort()).toEqual([...expected].sort());
    for (const session of ['one', 'two'])
      expect(pages.flat().filter((t) => t.startsWith(`${session} `))).toEqual(
        expected.filter((t) => t.startsWith(`${session} `)),
      );
  });

  test("the admin API's logs list gives a second's rows stored before the arrival column in one page", async () => {
    const store = await open();
    await seedDemo(store);
    const old = await store.putSession(DEMO_APP_KEY, sessionPayload('old'));
    // As the arrival migration left them: each row numbered by its second of arrival (schema.ts), an hour ago.
    const second = Math.floor(clock / 1000) - 3600;
    const legacy = lines('old', 0, 2_500).map((log) => ({
      ...toLogRow(DEMO_APP_KEY, old, log),
      received: second,
      arrival: second * 1_000_000,
    }));
    await ch.client.insert({ table: `${ch.database}.${LOGS_TABLE}`, values: legacy, format: 'JSONEachRow' });
    const fresh = await store.putSession(DEMO_APP_KEY, sessionPayload('new'));
    await store.addLogs(DEMO_APP_KEY, fresh, lines('new', 0, 30));
    const pages = await adminPages(store, 100);
    // 2,500 rows share one number: a page cannot end among them, so the first holds them all.
    expect(pages.map((page) => page.length)).toEqual([2_500, 30]);
    expect(pages[0]!.toSorted()).toEqual(
      lines('old', 0, 2_500)
        .map((log) => log.t)
        .toSorted(),
    );
    expect(pages[1]).toEqual(lines('new', 0, 30).map((log) => log.t));
  });
});
