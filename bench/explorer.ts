// `npm run bench:explorer`: how fast the explorer's first page answers over a million logs. Seeds 1,000,000 logs
// (through the Store, as the collector stores them) into a fresh database, starts the service on it, signs in,
// and times GET …/logs for the first page (100 logs) of each single filter and of searches in the query language
// (docs/explorer.md#search), over HTTP as the page asks. Prints a markdown table (median and slowest of the rounds)
// for each store. A measurement, not a test.
//   npm run bench:explorer                      # 1,000,000 logs, 7 rounds, SQLite then PostgreSQL
//   npm run bench:explorer -- --store postgres  # one store only (a throw-away cluster: scripts/postgres.ts)
//   npm run bench:explorer -- --logs 200000 --rounds 3 --db /tmp/explorer.db   (a --db kept is reused, not reseeded)
//   npm run bench:explorer -- --screenshot docs/explorer.png   (also photographs the explorer in headless Chromium)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../scripts/postgres.ts';
import { appIdOf } from '../server/app-id.ts';
import { openStore } from '../server/open-store.ts';
import { startService } from '../server/service.ts';
import { seedLogs } from './explorer-seed.ts';
import { buildPages, photographExplorer } from './explorer-screenshot.ts';
import { explorerCookie } from './explorer-cookie.ts';

const { values } = parseArgs({
  options: {
    logs: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '7' },
    db: { type: 'string' },
    screenshot: { type: 'string' },
    store: { type: 'string', default: 'both' },
  },
});
const LOGS = Number(values.logs);
const ROUNDS = Number(values.rounds);
const APP = 'explorer-bench';
const START = Date.UTC(2026, 10, 1);
const NEEDLE = 'quixotic zebrafish';

/** Seeds the database `db` (unless `seeded`), serves it, and prints the table of its first pages. */
async function measure(label: string, db: string, seeded: boolean, dir: string | undefined): Promise<void> {
  const store = await openStore(db);
  if (!seeded) {
    const started = performance.now();
    await store.putApp(APP, true);
    const { devices } = await seedLogs(store, { appKey: APP, logs: LOGS, start: START, special: new Map([[Math.floor(LOGS * 0.61803), { t: `the ${NEEDLE} swam` }]]) });
    await store.setDeviceKey(APP, devices[3] ?? devices[0]!, 'plan', 'gold');
    console.log(`Seeded ${LOGS.toLocaleString('en')} logs in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } else console.log(`Reusing ${db}.`);
  await store.close();

  const adminToken = 'explorer-bench-token';
  // The pages are built only for the screenshot; the figures need only the API.
  const distDir = values.screenshot ? await buildPages() : undefined;
  const service = await startService({ db, adminToken, distDir });
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
      ['search: two rare words', { q: NEEDLE }],
      ['search: a common word (1 in 6)', { q: 'payment' }],
      ['search: a word start (pay…)', { q: 'pay' }],
      ['search + level + tag', { q: 'payment', level: 'info', tag: 'net' }],
      ['search: a rare phrase', { q: `"${NEEDLE}"` }],
      ['search: a common phrase (1 in 12)', { q: '"payment timeout"' }],
      ['search: level:error tag:net', { q: 'level:error tag:net' }],
      ['search: key.plan:gold (one device)', { q: 'key.plan:gold' }],
      ['search: file:app (every log)', { q: 'file:app' }],
      ['search: infix, rare (xotic)', { q: 'xotic' }],
      ['search: infix, common (ayment, 1 in 6)', { q: 'ayment' }],
      ['search: an exclusion (order -payment)', { q: 'order -payment' }],
      ['search: opened OR closed', { q: 'opened OR closed' }],
    ];

    const rows: { name: string; first: number; median: number; max: number; count: number }[] = [];
    for (const [name, params] of cases) {
      const url = `${base}?${new URLSearchParams({ ...params, limit: '100' })}`;
      const times: number[] = [];
      let count = 0;
      let first = 0;
      for (let round = 0; round <= ROUNDS; round += 1) {
        const started = performance.now();
        const response = await fetch(url, { headers: { Cookie: cookie } });
        const page = (await response.json()) as { logs: unknown[] };
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(page)}`);
        count = page.logs.length;
        // The first round warms the database's page cache: it is shown on its own, not counted in the others.
        if (round > 0) times.push(ms);
        else first = ms;
      }
      times.sort((a, b) => a - b);
      rows.push({ name, first, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, count });
    }

    console.log(`\n${label}, ${LOGS.toLocaleString('en')} logs, first page of 100 over HTTP, ${ROUNDS} rounds:\n`);
    console.log('| filter | logs on the page | first ms | median ms | slowest ms |');
    console.log('|---|--:|--:|--:|--:|');
    for (const row of rows) console.log(`| ${row.name} | ${row.count} | ${row.first.toFixed(1)} | ${row.median.toFixed(1)} | ${row.max.toFixed(1)} |`);

    if (values.screenshot) {
      await photographExplorer(service.url, adminToken, appIdOf(APP), values.screenshot);
      console.log(`\nScreenshot: ${values.screenshot}`);
    }
  } finally {
    await service.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  }
}

if (values.store !== 'postgres') {
  const dir = values.db ? undefined : mkdtempSync(join(tmpdir(), 'explorer-bench-'));
  const dbPath = values.db ?? join(dir!, 'sidelog.db');
  await measure('SQLite', dbPath, existsSync(dbPath), dir);
}
if (values.store !== 'sqlite') {
  const cluster: ThrowawayPostgres = await startThrowawayPostgres();
  try {
    await measure('PostgreSQL', cluster.url, false, undefined);
  } finally {
    cluster.stop();
  }
}
