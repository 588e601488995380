// Retention on ClickHouse (server/stores/clickhouse/log-retention.ts): days of arrival before the cutoff's dropped as
// whole partitions, on both engines; the cutoff's own day and later ones kept, whatever the logs' own times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { dropDaysBefore } from '../../../server/stores/clickhouse/log-retention.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

const DAY = 86_400_000;
const NOV_1 = Date.UTC(2026, 10, 1);

describe.each(CLICKHOUSE_ENGINES)('retention on ClickHouse (%s)', (engine) => {
  let ch: TestClickHouse;
  let logs: ClickHouseLogs;
  beforeEach(async () => {
    ch = await createTestClickHouse(engine);
    logs = await openClickHouseLogsOn(ch.client, ch.database);
  });
  afterEach(async () => {
    await logs.close();
    await ch.drop();
  });

  test('drops the days that arrived before the cutoff, by arrival, not by the logs\u2019 own times', async () => {
    // Arrivals on Nov 1, 2 and 3 (noon); each batch's logs claim a time far from its arrival.
    for (const day of [0, 1, 2]) {
      const writer = createLogWriter(ch.client, ch.database, { now: () => NOV_1 + day * DAY + DAY / 2 });
      const at = day === 1 ? Date.UTC(2031, 0, 1) : Date.UTC(2001, 0, 1);
      const batch = Array.from({ length: 10 }, (_, i) => ({ x: 'x', at: at + i, t: `day ${day}` }));
      expect(await writer.addLogs('app-1', day + 1, batch)).toBe(10);
    }
    // A cutoff in the middle of Nov 2: Nov 1 goes; Nov 2, which holds logs newer than the cutoff, stays.
    expect(await dropDaysBefore(ch.client, ch.database, new Date(NOV_1 + DAY + 3_600_000))).toEqual(['20261101']);
    const rows = await rowsOf<{ t: string; n: number }>(
      ch.client,
      `SELECT t, count() AS n FROM ${ch.database}.logs GROUP BY t ORDER BY t`,
    );
    expect(rows).toEqual([
      { t: 'day 1', n: 10 },
      { t: 'day 2', n: 10 },
    ]);
    expect(await dropDaysBefore(ch.client, ch.database, new Date(NOV_1 + DAY + 3_600_000))).toEqual([]);
  });

  // The sessions' counts live in SIDELOG_DB (docs/clickhouse.md#sessions-ordered-by-their-logs): retention takes the
  // dropped days' logs out of them, as the other stores' retention takes out the logs it deletes.
  test("a dropped day's logs leave their sessions' counts; the histogram counts what is left", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sidelog-ch-retention-'));
    let now = NOV_1 + DAY / 2;
    const composed = await openClickHouseLogsOn(ch.client, ch.database, { writer: { windowMs: 0, now: () => now } });
    const store = withClickHouseLogs(await openStore(join(dir, 'sidelog.db')), composed);
    try {
      await seedDemo(store);
      const old = await store.putSession(DEMO_APP_KEY, sessionPayload('old'));
      const both = await store.putSession(DEMO_APP_KEY, sessionPayload('both'));
      const line = (at: number, ll: LogLevel) => ({ x: 'x', at, t: `line ${at}`, ll });
      await store.addLogs(DEMO_APP_KEY, old, [line(1, 2), line(2, 4)]);
      await store.addLogs(DEMO_APP_KEY, both, [line(3, 2), line(4, 5), line(5, 4)]);
      now += 2 * DAY;
      await store.addLogs(DEMO_APP_KEY, both, [line(6, 2), line(7, 4)]);
      const counts = async () =>
        Object.fromEntries(
          (await store.explorer.sessions.list({ appKey: DEMO_APP_KEY, limit: 10 })).sessions.map((session) => [
            session.session_uid,
            { total: session.total, counts: session.counts },
          ]),
        );
      expect((await counts()).both).toEqual({
        total: 5,
        counts: { debug: 0, warning: 0, error: 2, trace: 0, info: 2, fatal: 1 },
      });

      expect(await store.pruneBefore(new Date(NOV_1 + DAY + 3_600_000), 500)).toBeGreaterThanOrEqual(0);
      expect(await counts()).toEqual({
        old: { total: 0, counts: { debug: 0, warning: 0, error: 0, trace: 0, info: 0, fatal: 0 } },
        both: { total: 2, counts: { debug: 0, warning: 0, error: 1, trace: 0, info: 1, fatal: 0 } },
      });
      expect(await store.explorer.rollup(DEMO_APP_KEY, 3_600_000)).toEqual([
        { slot: 0, level: 2, n: 1 },
        { slot: 0, level: 4, n: 1 },
      ]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
