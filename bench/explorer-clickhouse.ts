// The explorer bench's seed on ClickHouse (`npm run bench:explorer -- --store clickhouse`): the sessions registered in
// SIDELOG_DB through the Store, as the collector registers them, and the logs written straight into ClickHouse's
// `logs` in inserts of 200,000 rows, each row as the collector's writer makes it (toLogRow), not through HTTP: ten
// million logs through the collector would time the collector, which bench:collector does. Each row arrived in the
// second of its `at` (its day's partition), as a live app's logs do.
import type { ClickHouseClient } from '@clickhouse/client';
import type { Store } from '../server/stores/store.types.ts';
import { toLogRow } from '../server/stores/clickhouse/log-rows.ts';
import { LOGS_TABLE } from '../server/stores/clickhouse/schema.ts';
import { seedSessions, seededLog, type SeedOptions } from './explorer-seed.ts';

const INSERT_ROWS = 200_000;

export async function seedClickHouseLogs(
  store: Store,
  client: ClickHouseClient,
  database: string,
  options: SeedOptions,
): Promise<{ devices: string[] }> {
  const { sessions, devices } = await seedSessions(store, options);
  let inserting: Promise<unknown> = Promise.resolve();
  for (let from = 0; from < options.logs; from += INSERT_ROWS) {
    const rows = [];
    for (let i = from; i < Math.min(options.logs, from + INSERT_ROWS); i += 1) {
      const { log, session } = seededLog(i, sessions.length, options);
      rows.push({ ...toLogRow(options.appKey, sessions[session]!.id, log), received: Math.floor(log.at / 1000) });
    }
    // One insert in flight while the next rows are made.
    await inserting;
    inserting = client.insert({ table: `${database}.${LOGS_TABLE}`, values: rows, format: 'JSONEachRow' });
  }
  await inserting;
  return { devices };
}
