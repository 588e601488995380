// `npm run bench:explorer`: how fast the explorer's first page answers over a million logs. Seeds 1,000,000 logs
// (through the Store, as the collector stores them) into a fresh database, starts the service on it, signs in,
// and times GET …/logs for the first page (100 logs) of each single filter and of full-text searches, over HTTP
// as the page asks; then the histogram, facets and count (bench/explorer-aggregates.ts) on that SQLite database and on
// the same logs in a throw-away PostgreSQL cluster (--no-postgres to skip it). Prints markdown tables (median and
// slowest of the rounds). A measurement, not a test.
//   npm run bench:explorer                      # 1,000,000 logs, 7 rounds
//   npm run bench:explorer -- --logs 200000 --rounds 3 --db /tmp/explorer.db   (a --db kept is reused, not reseeded)
//   npm run bench:explorer -- --screenshot docs/explorer.png   (also photographs the explorer in headless Chromium)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appIdOf } from '../server/app-id.ts';
import { openSqliteStore } from '../server/sqlite/store.ts';
import { startService } from '../server/service.ts';
import pg from 'pg';
import { openStore } from '../server/open-store.ts';
import { startThrowawayPostgres } from '../scripts/postgres.ts';
import { AGGREGATE_CASES, measureAggregates } from './explorer-aggregates.ts';
import { seedLogs } from './explorer-seed.ts';
import { buildPages, photographExplorer } from './explorer-screenshot.ts';
import { explorerCookie } from './explorer-cookie.ts';

const { values } = parseArgs({
  options: {
    logs: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '7' },
    db: { type: 'string' },
    screenshot: { type: 'string' },
    postgres: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const LOGS = Number(values.logs);
const ROUNDS = Number(values.rounds);
const APP = 'explorer-bench';
const START = Date.UTC(2026, 10, 1);
const NEEDLE = 'quixotic zebrafish';

const dir = values.db ? undefined : mkdtempSync(join(tmpdir(), 'explorer-bench-'));
const dbPath = values.db ?? join(dir!, 'sidelog.db');
const seeded = existsSync(dbPath);
{
  const store = openSqliteStore(dbPath);
  if (!seeded) {
    const started = performance.now();
    await store.putApp(APP, true);
    const { devices } = await seedLogs(store, { appKey: APP, logs: LOGS, start: START, special: new Map([[Math.floor(LOGS * 0.61803), { t: `the ${NEEDLE} swam` }]]) });
    await store.setDeviceKey(APP, devices[3] ?? devices[0]!, 'plan', 'gold');
    console.log(`Seeded ${LOGS.toLocaleString('en')} logs in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } else console.log(`Reusing ${dbPath}.`);
  await store.close();
}

const adminToken = 'explorer-bench-token';

/** The same logs seeded into a throw-away PostgreSQL cluster, and the aggregates timed on a service over it. */
async function onPostgres(): Promise<{ median: number; max: number }[]> {
  const cluster = await startThrowawayPostgres({ durable: true });
  try {
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query('CREATE DATABASE explorer_bench');
    await admin.end();
    const db = cluster.database('explorer_bench');
    const store = await openStore(db);
    const started = performance.now();
    await store.putApp(APP, true);
    await seedLogs(store, { appKey: APP, logs: LOGS, start: START });
    await store.close();
    console.log(`Seeded ${LOGS.toLocaleString('en')} logs into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    // The planner's statistics, which autovacuum would gather a minute or so after the load.
    const analyze = new pg.Client(db);
    await analyze.connect();
    await analyze.query('ANALYZE');
    await analyze.end();
    const service = await startService({ db, adminToken, retentionDays: 0 });
    try {
      return await measureAggregates(service.url, await explorerCookie(service.url, adminToken), APP, ROUNDS);
    } finally {
      await service.close();
    }
  } finally {
    cluster.stop();
  }
}
// The pages are built only for the screenshot; the figures need only the API.
const distDir = values.screenshot ? await buildPages() : undefined;
const service = await startService({ dbPath, adminToken, distDir });
try {
  const cookie = await explorerCookie(service.url, adminToken);
  const base = `${service.url}/sidelog/explorer/api/apps/${appIdOf(APP)}/logs`;

  const hour = 3_600_000;
  const middle = START + Math.floor(LOGS / 2);
  const cases: [string, Record<string, string>][] = [
    ['no filter (the whole app)', {}],
    ['level: error (about 5 %)', { level: 'error' }],
    ['level: fatal (about 0.1 %)', { level: 'fatal' }],
    ['levels: warning, error', { level: 'warning,error' }],
    ['tag: net (1 in 8)', { tag: 'net' }],
    ['device key value (one device)', { key: 'plan', value: 'gold' }],
    ['time range (a minute in the middle)', { from: new Date(middle).toISOString(), to: new Date(middle + 60_000).toISOString() }],
    ['time range (an hour, older than all)', { from: new Date(START - 2 * hour).toISOString(), to: new Date(START - hour).toISOString() }],
    ['session', { session: 'session-7' }],
    ['device', { device: 'device-3' }],
    ['search: a unique phrase', { q: NEEDLE }],
    ['search: a common word (1 in 6)', { q: 'payment' }],
    ['search: a word start (pay…)', { q: 'pay' }],
    ['search + level + tag', { q: 'payment', level: 'info', tag: 'net' }],
  ];

  const rows: { name: string; median: number; max: number; count: number }[] = [];
  for (const [name, params] of cases) {
    const url = `${base}?${new URLSearchParams({ ...params, limit: '100' })}`;
    const times: number[] = [];
    let count = 0;
    for (let round = 0; round <= ROUNDS; round += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      const page = (await response.json()) as { logs: unknown[] };
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(page)}`);
      count = page.logs.length;
      // The first round warms SQLite's page cache; it is not counted.
      if (round > 0) times.push(ms);
    }
    times.sort((a, b) => a - b);
    rows.push({ name, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, count });
  }

  console.log(`\n${LOGS.toLocaleString('en')} logs, first page of 100 over HTTP, ${ROUNDS} rounds:\n`);
  console.log('| filter | logs on the page | median ms | slowest ms |');
  console.log('|---|--:|--:|--:|');
  for (const row of rows) console.log(`| ${row.name} | ${row.count} | ${row.median.toFixed(1)} | ${row.max.toFixed(1)} |`);

  const aggregates = [{ store: 'SQLite', results: await measureAggregates(service.url, cookie, APP, ROUNDS) }];
  if (values.postgres) aggregates.push({ store: 'PostgreSQL', results: await onPostgres() });
  console.log(`\n${LOGS.toLocaleString('en')} logs, the histogram, facets and count over HTTP, ${ROUNDS} rounds (median / slowest ms):\n`);
  console.log(`| query | ${aggregates.map((row) => row.store).join(' | ')} |`);
  console.log(`|---|${aggregates.map(() => '--:').join('|')}|`);
  AGGREGATE_CASES.forEach(([name], i) =>
    console.log(`| ${name} | ${aggregates.map((row) => `${row.results[i]!.median.toFixed(0)} / ${row.results[i]!.max.toFixed(0)}`).join(' | ')} |`),
  );

  if (values.screenshot) {
    await photographExplorer(service.url, adminToken, appIdOf(APP), values.screenshot);
    console.log(`\nScreenshot: ${values.screenshot}`);
  }
} finally {
  await service.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (distDir) rmSync(distDir, { recursive: true, force: true });
}
