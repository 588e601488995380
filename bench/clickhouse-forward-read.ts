// `tsx bench/clickhouse-forward-read.ts`: what a forwarder's page costs ClickHouse to read (docs/clickhouse.md#forwarding)
// with and without the `minmax` index on `arrival` (schema.ts, ARRIVAL_INDEX), on chdb 26.7: one app's day of 1,000,000
// logs (ROWS), written in 200 inserts as a collector would, a few late (LATE of them, a device's queue sent hours
// later); the page's first query, 500 rows past a position, as 200 parts and after OPTIMIZE FINAL (one part).
// Server-side figures from FORMAT JSON's statistics: rows read and ms, the median of 5.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { QUERY_SETTINGS } from '../server/stores/clickhouse/client.ts';
import { receivedAfter, ARRIVALS_PER_MS } from '../server/stores/clickhouse/arrival.ts';
import { inArrivalOrder } from '../server/stores/clickhouse/arrival-page.ts';
import { toLogRow, type LogRow } from '../server/stores/clickhouse/log-rows.ts';
import { migrateLogs } from '../server/stores/clickhouse/migrate.ts';
import { serverFeatures } from '../server/stores/clickhouse/server-features.ts';
import { columnList } from '../server/stores/log-columns.ts';

const TOTAL = Number(process.env.ROWS ?? 1_000_000);
const LATE = Number(process.env.LATE ?? 0.01);
const INSERTS = 200;
const PAGE = 500;
const APP = 'bench-app';
const DAY = Date.UTC(2026, 10, 5);

/** A deterministic generator, so both tables hold the same rows. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Insert `g`'s rows: arriving at its moment of the day, each logged up to 30 s before, LATE of them up to 6 h before. */
function insertRows(g: number, next: () => number): LogRow[] {
  const size = TOTAL / INSERTS;
  const arrivedMs = DAY + Math.floor((g * 86_400_000) / INSERTS);
  const first = arrivedMs * ARRIVALS_PER_MS;
  return Array.from({ length: size }, (_, i) => {
    const at = arrivedMs - (next() < LATE ? next() * 6 * 3_600_000 : next() * 30_000);
    const row = toLogRow(APP, 1 + Math.floor(next() * 100), {
      x: new Date(at).toISOString(),
      at,
      t: `line ${g * size + i} of the day`,
      ll: 2,
    });
    return { ...row, received: Math.floor(arrivedMs / 1000), arrival: first + i };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The forwarder's page past `after` (forward-logs.ts), its server-side statistics. */
async function page(client: ClickHouseClient, table: string, after: number, horizon: number) {
  const query = `SELECT arrival, session_id, ${columnList()} FROM ${table} WHERE app = '${APP}' AND arrival > ${after}
    AND arrival <= ${horizon} AND ${receivedAfter(after)} ${inArrivalOrder(PAGE)}`;
  const runs: { rows: number; ms: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = (await (await client.query({ query, format: 'JSON' })).json()) as {
      rows: number;
      statistics: { elapsed: number; rows_read: number };
    };
    if (answer.rows !== PAGE) throw new Error(`a page of ${answer.rows} rows`);
    if (i > 0) runs.push({ rows: answer.statistics.rows_read, ms: answer.statistics.elapsed * 1000 });
  }
  return { rows: median(runs.map((run) => run.rows)), ms: median(runs.map((run) => run.ms)) };
}

const dir = mkdtempSync(join(tmpdir(), 'sidelog-forward-read-'));
const client = createClient({
  connection: createChdbConnection({ path: dir }) as never,
  clickhouse_settings: QUERY_SETTINGS,
});
try {
  const features = await serverFeatures(client);
  const tables = { plain: 'forward_plain.logs', indexed: 'forward_indexed.logs' };
  await migrateLogs(client, 'forward_plain', { ...features, skipIndexes: false });
  await migrateLogs(client, 'forward_indexed', features);
  for (const table of Object.values(tables)) await client.command({ query: `SYSTEM STOP MERGES ${table}` });
  const next = random(42);
  let horizon = 0;
  const arrivals: number[] = [];
  for (let g = 0; g < INSERTS; g++) {
    const rows = insertRows(g, next);
    arrivals.push(rows[0]!.arrival);
    horizon = rows.at(-1)!.arrival;
    for (const table of Object.values(tables)) await client.insert({ table, values: rows, format: 'JSONEachRow' });
  }
  // Positions: the forwarder caught up (the last insert to send), half a day behind, a day behind.
  const positions = {
    'caught up': arrivals[INSERTS - 1]! - 1,
    'half a day behind': arrivals[INSERTS / 2]! - 1,
    'a day behind': 0,
  };
  console.log(`chdb ${features.version}, ${TOTAL} logs, ${LATE * 100} % late, load ${(await loadAverage()).trim()}`);
  for (const state of ['200 parts', 'one part']) {
    if (state === 'one part')
      for (const table of Object.values(tables)) {
        await client.command({ query: `SYSTEM START MERGES ${table}` });
        await client.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
      }
    for (const [where, after] of Object.entries(positions)) {
      const plain = await page(client, tables.plain, after, horizon);
      const indexed = await page(client, tables.indexed, after, horizon);
      console.log(
        `${state}, ${where}: rows read ${plain.rows} → ${indexed.rows}, ms ${plain.ms.toFixed(1)} → ${indexed.ms.toFixed(1)}`,
      );
    }
  }
} finally {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
}

async function loadAverage() {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
}
