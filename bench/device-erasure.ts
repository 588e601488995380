// `npm run bench:erasure`: what erasing a device costs (docs/privacy.md#erasing-a-device), on each store, and before it
// what its copy costs (docs/privacy.md#a-copy-of-a-device: the whole file read, as the admin API sends it). The device
// has --logs logs in 10 sessions, among nine other devices' as many (SQLite and PostgreSQL: one other device, the rest
// being what a step reads around); the erasure as the admin's request runs it, its whole time, and on SQLite and
// PostgreSQL each step's (the time the collector's batches may wait behind one). A measurement: nothing in it passes
// or fails.
//   npm run bench:erasure -- --logs 100000
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { logs, sessionPayload } from '../fixtures/wire-bodies.ts';
import { startThrowawayClickHouse } from '../scripts/clickhouse.ts';
import { startThrowawayPostgres } from '../scripts/postgres.ts';
import { adminDeviceCopyRoutes } from '../server/explorer/device-copy.ts';
import { ADMIN_API, eraseDevice } from '../server/explorer/device-erasure.ts';
import { DEMO_APP_KEY, seedDemo } from '../server/partner/demo.ts';
import { openClickHouseLogs } from '../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../server/stores/open-store.ts';
import type { Store } from '../server/stores/store.types.ts';

const { values } = parseArgs({ options: { logs: { type: 'string', default: '100000' } } });
const LOGS = Number(values.logs);
const STEP = 2_000;

/** `others` other devices and the one erased, each with LOGS logs in 10 sessions, in batches of 500. */
async function seed(store: Store, others: number): Promise<void> {
  await seedDemo(store);
  const devices = ['erased', ...Array.from({ length: others }, (_, i) => `kept-${i}`)];
  await Promise.all(
    devices.map(async (udid, d) => {
      for (let s = 0; s < 10; s++) {
        const id = await store.putSession(DEMO_APP_KEY, sessionPayload(`${udid}-${s}`, DEMO_APP_KEY, udid));
        for (let b = 0; b < LOGS / 10 / 500; b++) {
          const batch = logs(500, d * 1e9 + s * 1e7 + b * 500).map((log) => ({ ...log, t: `${udid} ${log.t} w${b}` }));
          await store.addLogs(DEMO_APP_KEY, id, batch);
        }
      }
    }),
  );
  await store.settled();
}

/** The device's copy read whole, as the admin API sends it: its time and size. */
async function copied(store: Store): Promise<Record<string, string | number>> {
  const start = performance.now();
  const answer = await adminDeviceCopyRoutes(store).request(`/apps/${DEMO_APP_KEY}/devices/erased/copy`);
  const bytes = (await answer.arrayBuffer()).byteLength;
  return { 'copy ms': Math.round(performance.now() - start), 'copy MB': (bytes / 1e6).toFixed(1) };
}

/** The erasure a step at a time, as eraseDevice runs it: its time, and its steps' median and longest. */
async function stepped(store: Store): Promise<Record<string, string | number>> {
  const steps: number[] = [];
  let erased = 0;
  const start = performance.now();
  const { id } = await store.startErasure(DEMO_APP_KEY, 'erased', 'bench', new Date());
  for (let done = false; !done;) {
    const began = performance.now();
    const step = await store.eraseDeviceStep(DEMO_APP_KEY, 'erased', STEP, id);
    steps.push(performance.now() - began);
    erased += step.logs;
    done = step.done;
  }
  const ms = performance.now() - start;
  steps.sort((a, b) => a - b);
  return {
    logs: erased,
    'total ms': Math.round(ms),
    steps: steps.length,
    'step p50 ms': steps[steps.length >> 1]!.toFixed(1),
    'step max ms': steps.at(-1)!.toFixed(1),
  };
}

const rows: Record<string, string | number>[] = [];
const dir = mkdtempSync(join(tmpdir(), 'sidelog-erasure-'));
try {
  const sqlite = await openStore(join(dir, 'sqlite.db'));
  await seed(sqlite, 1);
  rows.push({ store: 'SQLite', 'logs stored': 2 * LOGS, ...(await copied(sqlite)), ...(await stepped(sqlite)) });
  await sqlite.close();

  const postgres = await startThrowawayPostgres({ durable: true });
  try {
    const store = await openStore(postgres.database('postgres'));
    await seed(store, 1);
    rows.push({ store: 'PostgreSQL', 'logs stored': 2 * LOGS, ...(await copied(store)), ...(await stepped(store)) });
    await store.close();
  } finally {
    postgres.stop();
  }

  const clickhouse = await startThrowawayClickHouse();
  try {
    const url = new URL(clickhouse.url);
    url.pathname = '/sidelog_erasure';
    const logsStore = await openClickHouseLogs(url.toString());
    const base = await openStore(join(dir, 'metadata.db'));
    const store = withClickHouseLogs(base, logsStore, { payOwedEveryMs: 0, publishEveryMs: 0 });
    await seed(store, 9);
    const copy = await copied(store);
    const start = performance.now();
    const erased = await eraseDevice(store, DEMO_APP_KEY, 'erased', ADMIN_API);
    rows.push({
      store: 'ClickHouse 18.16 (one mutation)',
      'logs stored': 10 * LOGS,
      ...copy,
      logs: erased!.logs,
      'total ms': Math.round(performance.now() - start),
    });
    await store.close();
  } finally {
    await clickhouse.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.table(rows);
