// Retention on ClickHouse (server/stores/clickhouse/log-retention.ts): days of arrival before the cutoff's dropped as
// whole partitions, on both engines; the cutoff's own day and later ones kept, whatever the logs' own times.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { dropDaysBefore } from '../../../server/stores/clickhouse/log-retention.ts';
import { createLogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';

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
    const rows = (await (
      await ch.client.query({
        query: `SELECT t, count() AS n FROM ${ch.database}.logs GROUP BY t ORDER BY t`,
        format: 'JSONEachRow',
      })
    ).json()) as { t: string; n: number }[];
    expect(rows).toEqual([
      { t: 'day 1', n: 10 },
      { t: 'day 2', n: 10 },
    ]);
    expect(await dropDaysBefore(ch.client, ch.database, new Date(NOV_1 + DAY + 3_600_000))).toEqual([]);
  });
});
