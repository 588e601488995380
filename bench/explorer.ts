// `npm run bench:explorer`: how fast the explorer's first page answers over a million logs. Seeds 1,000,000 logs
// (through the Store, as the collector stores them) into a fresh database, starts the service on it, signs in,
// and times GET …/logs for the first page (100 logs) of each single filter and of searches in the query language
// (docs/explorer.md#search), over HTTP as the page asks, then GET …/patterns over the last hour
// (docs/explorer.md#patterns), then the histogram, facets and count of a view (bench/explorer-aggregates.ts,
// docs/volume-and-counts.md). Prints markdown tables
// (median and slowest of the rounds). A measurement, not a test.
//   npm run bench:explorer                      # 1,000,000 logs, 7 rounds, SQLite
//   npm run bench:explorer -- --store postgres  # the same on a throw-away PostgreSQL cluster (scripts/postgres.ts)
//   npm run bench:explorer -- --store clickhouse  # 10,000,000 logs in a throw-away ClickHouse (scripts/clickhouse.ts),
//                                                 # the rest in SQLite (bench/explorer-clickhouse.ts)
//   npm run bench:explorer -- --store clickhouse --clickhouse http://127.0.0.1:8123/bench --db /tmp/bench.db
//                                                 # a running server's, reused with the --db kept beside it
//   npm run bench:explorer -- --logs 200000 --rounds 3 --db /tmp/explorer.db   (a --db kept is reused, not reseeded)
//   npm run bench:explorer -- --screenshot docs/explorer.png   (also photographs the explorer in headless Chromium)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayClickHouse, type ThrowawayClickHouse } from '../scripts/clickhouse.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../scripts/postgres.ts';
import { openClickHouseLogs } from '../server/stores/clickhouse/logs-store.ts';
import { appIdOf } from '../server/stores/app-id.ts';
import { isPostgresUrl, openStore } from '../server/stores/open-store.ts';
import { startService } from '../server/service.ts';
import { aggregateCases, measureAggregates } from './explorer-aggregates.ts';
import { seedClickHouseLogs } from './explorer-clickhouse.ts';
import { seedLogs } from './explorer-seed.ts';
import { buildPages, photographExplorer } from './explorer-screenshot.ts';
import { explorerCookie } from './explorer-cookie.ts';

const { values } = parseArgs({
  options: {
    /** Default 1,000,000; 10,000,000 on ClickHouse. */
    logs: { type: 'string' },
    rounds: { type: 'string', default: '7' },
    db: { type: 'string' },
    store: { type: 'string', default: 'sqlite' },
    /** With --store clickhouse: SIDELOG_LOGS of a running server, instead of a throw-away one. */
    clickhouse: { type: 'string' },
    screenshot: { type: 'string' },
    /** Only the cases whose name holds one of these texts, comma-separated (`--only parsed,fragment`). */
    only: { type: 'string' },
  },
});
const LOGS = Number(values.logs ?? (values.store === 'clickhouse' ? 10_000_000 : 1_000_000));
const only = values.only?.split(',').filter((text) => text !== '');
/** Whether a case is run: every case, or those `--only` names. */
const picked = (name: string) => !only || only.some((text) => name.includes(text));
const ROUNDS = Number(values.rounds);
const APP = 'explorer-bench';
/** Milliseconds between two seeded logs. On ClickHouse the 10,000,000 are spread as a live app's are, one every 60 ms
 * over the week before the seeding (docs/benchmarks.md): its reads go by time windows, newest first, so a seed packed
 * into three hours would time another app than a real one. The other stores keep one a millisecond. */
const SPACING = values.store === 'clickhouse' ? 60 : 1;
/** How long the seeded logs span, in ms. */
const SPAN = LOGS * SPACING;
/** The first seeded log's time: fixed, or on ClickHouse a week before the seeding (read back from a reused seed). */
let START = values.store === 'clickhouse' ? Math.floor(Date.now() / 60_000) * 60_000 - SPAN : Date.UTC(2026, 10, 1);
const NEEDLE = 'quixotic zebrafish';

if (values.store !== 'sqlite' && values.store !== 'postgres' && values.store !== 'clickhouse')
  throw new Error(`--store is sqlite, postgres or clickhouse, not ${values.store}`);
const dir = values.db ? undefined : mkdtempSync(join(tmpdir(), 'explorer-bench-'));
let cluster: ThrowawayPostgres | undefined;
if (values.store === 'postgres' && !values.db) cluster = await startThrowawayPostgres({ durable: true });
let clickhouse: ThrowawayClickHouse | undefined;
if (values.store === 'clickhouse' && !values.clickhouse)
  clickhouse = await startThrowawayClickHouse({ queryLog: true });
/** SIDELOG_LOGS, on ClickHouse. */
const logsUrl = values.clickhouse ?? (clickhouse && `${clickhouse.url}/explorer_bench`);
const dbPath = values.db ?? cluster?.url ?? join(dir!, 'sidelog.db');
const postgres = isPostgresUrl(dbPath);
{
  const store = await openStore(dbPath);
  const seeded = postgres
    ? (await store.app(APP)) !== undefined
    : existsSync(dbPath) && (await store.app(APP)) !== undefined;
  if (!seeded) {
    const started = performance.now();
    await store.putApp(APP, true);
    const options = {
      appKey: APP,
      logs: LOGS,
      start: START,
      spacing: SPACING,
      fields: true,
      special: new Map([[Math.floor(LOGS * 0.61803), { t: `the ${NEEDLE} swam` }]]),
    };
    const logs = logsUrl ? await openClickHouseLogs(logsUrl) : undefined;
    const { devices } = logs
      ? await seedClickHouseLogs(store, logs.client, logs.database, options)
      : await seedLogs(store, options);
    await logs?.close();
    await store.setDeviceKey(APP, devices[3] ?? devices[0]!, 'plan', 'gold');
    console.log(`Seeded ${LOGS.toLocaleString('en')} logs in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } else {
    console.log(`Reusing ${dbPath}.`);
    if (logsUrl) {
      const logs = await openClickHouseLogs(logsUrl);
      const query = `SELECT min(at) AS start FROM ${logs.database}.logs WHERE app = '${APP}'`;
      START = ((await (await logs.client.query({ query, format: 'JSONEachRow' })).json()) as { start: number }[])[0]!
        .start;
      await logs.close();
    }
  }
  await store.close();
}
if (postgres) {
  // The planner's statistics, which autovacuum would gather within a minute of the seeding (bench/collector/explorer.ts).
  const client = new pg.Client(dbPath);
  await client.connect();
  await client.query('ANALYZE');
  await client.end();
}

const adminToken = 'explorer-bench-token';
// The pages are built only for the screenshot; the figures need only the API.
const distDir = values.screenshot ? await buildPages() : undefined;
// Retention off: the seeded days are in the past, and PostgreSQL's retention drops whole days.
const service = await startService({ db: dbPath, logs: logsUrl, adminToken, distDir, retentionDays: 0 });
try {
  const cookie = await explorerCookie(service.url, adminToken);
  const base = `${service.url}/sidelog/explorer/api/apps/${appIdOf(APP)}/logs`;

  const hour = 3_600_000;
  const middle = START + Math.floor(LOGS / 2) * SPACING;
  const cases: [string, Record<string, string>][] = [
    ['no filter (the whole app)', {}],
    ['level: error (about 5 %)', { level: 'error' }],
    ['level: fatal (about 0.1 %)', { level: 'fatal' }],
    ['levels: warning, error', { level: 'warning,error' }],
    ['tag: net (1 in 8)', { tag: 'net' }],
    ['device key value (one device)', { key: 'plan', value: 'gold' }],
    [
      'time range (a minute in the middle)',
      { from: new Date(middle).toISOString(), to: new Date(middle + 60_000).toISOString() },
    ],
    [
      'time range (an hour, older than all)',
      { from: new Date(START - 2 * hour).toISOString(), to: new Date(START - hour).toISOString() },
    ],
    ['session', { session: 'session-7' }],
    ['device', { device: 'device-3' }],
    ['search: a unique phrase', { q: NEEDLE }],
    ['search: a common word (1 in 6)', { q: 'payment' }],
    ['search: a word start (pay*, a fragment)', { q: 'pay*' }],
    ['search + level + tag', { q: 'payment', level: 'info', tag: 'net' }],
    ['search: a rare phrase', { q: `"${NEEDLE}"` }],
    ['search: a common phrase (1 in 12)', { q: '"payment timeout"' }],
    ['search: level:error tag:net', { q: 'level:error tag:net' }],
    ['search: key.plan:gold (one device)', { q: 'key.plan:gold' }],
    ['search: file:app (every log)', { q: 'file:app' }],
    ['search: a fragment, rare (*xotic*)', { q: '*xotic*' }],
    ['search: a fragment, common (*ayment*, 1 in 6)', { q: '*ayment*' }],
    ['search: a fragment with a word (order *ayment*)', { q: 'order *ayment*' }],
    ['search: a fragment past the budget (*qqzx*, in no log)', { q: '*qqzx*' }],
    ['search: an exclusion (order -payment)', { q: 'order -payment' }],
    ['search: opened OR closed', { q: 'opened OR closed' }],
    // Fields parsed from the text (docs/explorer.md#parsed-fields): one log in eight ends with a JSON object, one in
    // eight with key=value pairs (bench/explorer-seed.ts, seededFields).
    ['parsed: @event:click (JSON, 1 in 32)', { q: '@event:click' }],
    ['parsed: @status>=500 (JSON and key=value, 1 in 16)', { q: '@status>=500' }],
    ['parsed: @status:502 @duration>800 (1 in 140)', { q: '@status:502 @duration>800' }],
    ['parsed: @duration:[100 TO 200] (1 in 60)', { q: '@duration:[100 TO 200]' }],
    ['parsed with a word: payment @status>=500', { q: 'payment @status>=500' }],
    ['parsed, rare: @user.id:4242 (25 logs)', { q: '@user.id:4242' }],
    ['parsed, none: @status:999 (the whole budget)', { q: '@status:999' }],
  ].filter(([name]) => picked(name as string)) as [string, Record<string, string>][];

  /** The median and slowest of the rounds, and what the last answered. */
  async function timed<T>(
    name: string,
    url: string,
  ): Promise<{ first: number; median: number; max: number; answer: T }> {
    const times: number[] = [];
    let first = 0;
    let answer: T | undefined;
    for (let round = 0; round <= ROUNDS; round += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      answer = (await response.json()) as T;
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
      // The first round warms the database's cache: it is shown apart, not counted in the others.
      if (round > 0) times.push(ms);
      else first = ms;
    }
    times.sort((a, b) => a - b);
    return { first, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, answer: answer! };
  }

  type Page = { logs: unknown[]; scan?: { scanned: number; scannedTo: number | null; complete: boolean } };
  /** What a fragment's page says of its scan (docs/explorer.md#fragments): how far back it read when its budget ended
   * first, else how many logs it read to fill the page or reach the oldest. */
  const scanSays = ({ scan }: Page) =>
    !scan
      ? '—'
      : scan.complete
        ? `complete (${scan.scanned.toLocaleString('en')} read)`
        : `searched back to ${scan.scannedTo === null ? '—' : new Date(scan.scannedTo).toISOString()} (${scan.scanned.toLocaleString('en')} logs); search further`;
  const rows: { name: string; first: number; median: number; max: number; count: number; says: string }[] = [];
  for (const [name, params] of cases) {
    const { first, median, max, answer } = await timed<Page>(
      name,
      `${base}?${new URLSearchParams({ ...params, limit: '100' })}`,
    );
    rows.push({ name, first, median, max, count: answer.logs.length, says: scanSays(answer) });
  }

  console.log(
    `\n${LOGS.toLocaleString('en')} logs on ${logsUrl ? 'ClickHouse 18.16 (the rest in SQLite)' : postgres ? 'PostgreSQL' : 'SQLite'}, first page of 100 over HTTP, ${ROUNDS} rounds:\n`,
  );
  console.log('| filter | logs on the page | first ms | median ms | slowest ms | the scan says |');
  console.log('|---|--:|--:|--:|--:|---|');
  for (const row of rows)
    console.log(
      `| ${row.name} | ${row.count} | ${row.first.toFixed(1)} | ${row.median.toFixed(1)} | ${row.max.toFixed(1)} | ${row.says} |`,
    );

  // Patterns (docs/explorer.md#patterns): the seeded logs span SPAN milliseconds, so the hour that ends with the
  // newest holds every one of them one a millisecond (and the hour before it none), 60,000 of them on ClickHouse's
  // spread; the newer half is compared with the older half.
  const end = START + SPAN;
  const patternCases: [string, Record<string, string>][] = [
    [
      SPACING === 1 ? 'the last hour (every log; none the hour before)' : 'the last hour',
      { from: new Date(end - hour).toISOString(), to: new Date(end).toISOString() },
    ],
    [
      'the newer half, against the older half',
      { from: new Date(START + SPAN / 2).toISOString(), to: new Date(end).toISOString() },
    ],
    [
      'the last hour, level error',
      { from: new Date(end - hour).toISOString(), to: new Date(end).toISOString(), level: 'error' },
    ],
    [
      'the last hour, search "payment"',
      { from: new Date(end - hour).toISOString(), to: new Date(end).toISOString(), q: 'payment' },
    ],
  ];
  console.log(`\nPatterns over HTTP, ${ROUNDS} rounds:\n`);
  console.log('| range | lines sampled | patterns | median ms | slowest ms |');
  console.log('|---|--:|--:|--:|--:|');
  for (const [name, params] of patternCases.filter(([name]) => picked(name))) {
    const url = `${service.url}/sidelog/explorer/api/apps/${appIdOf(APP)}/patterns?${new URLSearchParams(params)}`;
    const { median, max, answer } = await timed<{ sampled: number; patterns: unknown[] }>(name, url);
    console.log(
      `| ${name} | ${answer.sampled.toLocaleString('en')} | ${answer.patterns.length} | ${median.toFixed(1)} | ${max.toFixed(1)} |`,
    );
  }

  // The histogram, facets and count of a view (bench/explorer-aggregates.ts).
  const aggregated = aggregateCases(START, SPAN).filter(
    ([name]) => picked(name) && (!logsUrl || !name.startsWith('parsed')),
  );
  const aggregates = await measureAggregates(service.url, cookie, APP, ROUNDS, aggregated);
  console.log(`\nThe histogram, facets and count over HTTP, ${ROUNDS} rounds:\n`);
  console.log('| query | first ms | median ms | slowest ms | what it says |');
  console.log('|---|--:|--:|--:|---|');
  aggregated.forEach(([name], i) => {
    const { first, median, max, says } = aggregates[i]!;
    console.log(`| ${name} | ${first.toFixed(1)} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${says} |`);
  });

  if (values.screenshot) {
    await photographExplorer(service.url, adminToken, appIdOf(APP), values.screenshot);
    console.log(`\nScreenshot: ${values.screenshot}`);
  }
} finally {
  await service.close();
  cluster?.stop();
  await clickhouse?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (distDir) rmSync(distDir, { recursive: true, force: true });
}
