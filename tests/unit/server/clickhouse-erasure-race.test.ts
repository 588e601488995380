// Erasing a device whose logs are in ClickHouse while it still sends (docs/privacy.md#erasing-a-device): a batch that
// ClickHouse takes after the erasure's mutation, and that SIDELOG_DB counts before the erasure's last step deletes its
// session, would name no session once the step is done, and show in the stream as no one's. Here that batch is sent
// at exactly that moment, as the last step starts: it is erased with the rest, and counted in the erasure's record.
// (device-erasure.test.ts met it once in a whole run, with a device sending throughout.)
import { afterEach, describe, expect, test } from 'vitest';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { eraseDevice } from '../../../server/explorer/device-erasure.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { openClickHouseLogsOn } from '../../../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../../../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse } from './clickhouse-engines.ts';
import { createTestDatabase } from './test-databases.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe.each(CLICKHOUSE_ENGINES)('logs on ClickHouse %s', (engine) => {
  test("a batch ClickHouse took while the device's last step ran is erased with it, and counted", async () => {
    const database = await createTestDatabase('sqlite');
    cleanup.push(() => database.drop());
    const clickhouse = await createTestClickHouse(engine);
    cleanup.push(() => clickhouse.drop());
    const base = await openStore(database.db);
    const logsStore = await openClickHouseLogsOn(clickhouse.client, clickhouse.database, { writer: { windowMs: 0 } });
    let session = 0;
    let late = false;
    // SIDELOG_DB's last step of the erasure, with the device's batch sent through the service's store just before it.
    const racing: Store = {
      ...base,
      async eraseDeviceStep(...args) {
        if (!late) {
          late = true;
          await store.addLogs(DEMO_APP_KEY, session, logs(20, 1_000));
        }
        return base.eraseDeviceStep(...args);
      },
    };
    const store = withClickHouseLogs(racing, logsStore, { payOwedEveryMs: 0, publishEveryMs: 0 });
    cleanup.push(() => store.close());
    await seedDemo(store);
    session = await store.putSession(DEMO_APP_KEY, sessionPayload('s-racer', DEMO_APP_KEY, 'racer'));
    await store.addLogs(DEMO_APP_KEY, session, logs(30, 0));

    expect(await eraseDevice(store, DEMO_APP_KEY, 'racer', 'admin')).toMatchObject({ logs: 50, sessions: 1 });
    expect(late).toBe(true);
    const listed = await store.explorer.logs({ appKey: DEMO_APP_KEY }, { limit: 100 });
    expect(listed.logs).toEqual([]);
    expect((await store.erasures(10)).map(({ logs, finished }) => ({ logs, finished }))).toEqual([
      { logs: 50, finished: true },
    ]);
  });
});
