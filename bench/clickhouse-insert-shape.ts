// What one INSERT of the bench's logs costs ClickHouse's server by its shape (docs/clickhouse.md#two-processes-ingest):
// server CPU per INSERT and per 1,000 rows of 500, 2,000 and 8,000 rows, for today's columns (eight `Nullable`, each with
// a null map: two files more a part) against the same columns without `Nullable` (a default, and one `absent` bitmask
// saying which fields were absent), in the format the writer sends (JSONEachRow) against TabSeparated; and the files
// of one part of each. On a throw-away 18.16 server, merges stopped (an insert's own cost), then one OPTIMIZE … FINAL
// of all the parts (what merging them costs). With --chdb, the same inserts into chdb 26.7 in this process.
//   npx tsx bench/clickhouse-insert-shape.ts [--inserts 24] [--chdb]
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { startThrowawayClickHouse } from '../scripts/clickhouse.ts';
import { COLUMNS } from '../server/stores/log-columns.ts';
import { QUERY_SETTINGS } from '../server/stores/clickhouse/client.ts';
import { numberedLine, prepareBatch } from '../server/stores/clickhouse/log-rows.ts';
import { userKernelSeconds } from './collector/cpu.ts';
import { batchLogs } from './collector/ingest.ts';

const { values: args } = parseArgs({
  options: { inserts: { type: 'string', default: '24' }, chdb: { type: 'boolean', default: false } },
});
const INSERTS = Number(args.inserts);
const SIZES = [500, 2_000, 8_000];

/** The nullable columns' plain types and defaults, and each one's bit in `absent`. */
const NULLABLE = COLUMNS.filter((column) => column.sql.clickhouse.startsWith('Nullable('));
const plainType = (type: string) => type.replace(/^Nullable\((.*)\)$/, '$1');

function createTable(table: string, shape: 'nullable' | 'plain'): string {
  const described = COLUMNS.map((column) =>
    shape === 'plain' && column.sql.clickhouse.startsWith('Nullable(')
      ? `${column.name} ${plainType(column.sql.clickhouse)}`
      : `${column.name} ${column.sql.clickhouse}`,
  ).join(', ');
  return `CREATE TABLE ${table} (app String, session_id UInt32, id UInt64, received DateTime, ${described},
    content_hash String, arrival UInt64${shape === 'plain' ? ', absent UInt16' : ''})
    ENGINE = ReplacingMergeTree() PARTITION BY toYYYYMMDD(received) ORDER BY (app, at, session_id, content_hash)`;
}

type Row = Record<string, string | number | null>;

/** `rows` of the bench's rows as the writer numbers them, as objects (session 1, its batches of 500 one after another). */
function benchRows(rows: number, offset: number): Row[] {
  const out: Row[] = [];
  const received = Math.floor(Date.now() / 1000);
  for (let index = 0; out.length < rows; index++) {
    const batch = prepareBatch('demo', 1, batchLogs(1, offset + index));
    for (const line of batch.lines.split('\n'))
      out.push(JSON.parse(numberedLine(line, received, received * 1_000_000 + out.length, batch.token)) as Row);
  }
  return out;
}

/** The plain shape's row: each absent field its type's default, and its bit set in `absent`. */
function plainRow(row: Row): Row {
  const plain: Row = { ...row, absent: 0 };
  NULLABLE.forEach((column, bit) => {
    if (row[column.name] !== null) return;
    plain[column.name] = column.sql.clickhouse.includes('String') ? '' : 0;
    plain.absent = (plain.absent as number) | (1 << bit);
  });
  return plain;
}

const tsvValue = (value: string | number | null) =>
  value === null
    ? '\\N'
    : typeof value === 'number'
      ? String(value)
      : value.replace(/[\\\t\n]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : '\\n'));

function body(rows: Row[], format: 'JSONEachRow' | 'TabSeparated', names: string[]): string {
  if (format === 'JSONEachRow') return rows.map((row) => JSON.stringify(row)).join('\n');
  return rows.map((row) => names.map((name) => tsvValue(row[name]!)).join('\t')).join('\n');
}

async function insert(client: ClickHouseClient, table: string, format: string, names: string[], text: string) {
  const { stream } = await client.exec({
    query: `INSERT INTO ${table} (${names.join(', ')}) FORMAT ${format}`,
    values: Readable.from([Buffer.from(text)], { objectMode: false }),
  });
  await finished(stream.resume());
}

const thisProcess = () => {
  const usage = process.cpuUsage();
  return { user: usage.user / 1e6, kernel: usage.system / 1e6 };
};

interface Shape {
  shape: 'nullable' | 'plain';
  format: 'JSONEachRow' | 'TabSeparated';
}
const SHAPES: Shape[] = [
  { shape: 'nullable', format: 'JSONEachRow' },
  { shape: 'plain', format: 'JSONEachRow' },
  { shape: 'nullable', format: 'TabSeparated' },
  { shape: 'plain', format: 'TabSeparated' },
];

/** Server CPU seconds, user and kernel: most of an insert's kernel time here is ext4 creating the part's files. */
type Cpu = () => { user: number; kernel: number };

async function measure(client: ClickHouseClient, cpu: Cpu, countFiles: boolean, engine: string) {
  await client.command({ query: 'CREATE DATABASE IF NOT EXISTS shape' });
  console.log(
    `\n${engine}, ${INSERTS} inserts of each shape, the shapes taking turns, merges stopped; load average ${loadavg()[0]!.toFixed(1)}\n` +
      '| columns | format | rows per INSERT | bytes per row | server CPU ms per INSERT: user + kernel | per 1,000 rows | merging them all, ms per 1,000 rows | files per part |\n|---|---|--:|--:|--:|--:|--:|--:|',
  );
  for (const size of SIZES) {
    const rows = Array.from({ length: INSERTS }, (_, index) => benchRows(size, index * 20));
    const runs = await Promise.all(
      SHAPES.map(async ({ shape, format }) => {
        const table = `shape.t_${shape}_${format}_${size}`;
        await client.command({ query: `DROP TABLE IF EXISTS ${table}` });
        await client.command({ query: createTable(table, shape) });
        await client.command({ query: `SYSTEM STOP MERGES ${table}` }).catch(() => undefined);
        const shaped = rows.map((insertRows) => (shape === 'plain' ? insertRows.map(plainRow) : insertRows));
        const names = Object.keys(shaped[0]![0]!);
        const texts = shaped.map((insertRows) => body(insertRows, format, names));
        return { shape, format, table, names, texts, user: 0, kernel: 0 };
      }),
    );
    // The shapes take turns, insert by insert: the file system's cost of a new file grows with the files deleted
    // in the last minutes (ext4's inode allocator skips recently deleted inodes), so one shape after another would
    // charge the later ones for the churn of the earlier.
    for (let index = 0; index < INSERTS; index++)
      for (const run of runs) {
        const before = cpu();
        await insert(client, run.table, run.format, run.names, run.texts[index]!);
        const after = cpu();
        run.user += after.user - before.user;
        run.kernel += after.kernel - before.kernel;
      }
    for (const run of runs) {
      await client.command({ query: `SYSTEM START MERGES ${run.table}` }).catch(() => undefined);
      const merging = cpu();
      await client.command({ query: `OPTIMIZE TABLE ${run.table} FINAL` });
      const merged = cpu();
      const mergedSeconds = merged.user + merged.kernel - merging.user - merging.kernel;
      let files = '';
      if (countFiles) {
        const [part] = (await (
          await client.query({
            query: `SELECT path FROM system.parts WHERE database = 'shape' AND table = '${run.table.slice(6)}' AND active LIMIT 1`,
            format: 'JSONEachRow',
          })
        ).json()) as { path: string }[];
        files = part ? String(readdirSync(part.path).length) : '';
      }
      const bytes = run.texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / (INSERTS * size);
      const ms = (seconds: number) => ((seconds * 1000) / INSERTS).toFixed(1);
      console.log(
        `| ${run.shape === 'plain' ? 'no Nullable, `absent` bitmask' : 'today (8 Nullable)'} | ${run.format} | ${size.toLocaleString('en')} | ${bytes.toFixed(0)} | ` +
          `${ms(run.user + run.kernel)}: ${ms(run.user)} + ${ms(run.kernel)} | ${(((run.user + run.kernel) * 1e6) / (INSERTS * size)).toFixed(1)} | ` +
          `${((mergedSeconds * 1e6) / (INSERTS * size)).toFixed(1)} | ${files} |`,
      );
      await client.command({ query: `DROP TABLE ${run.table}` });
    }
  }
}

const server = await startThrowawayClickHouse();
try {
  const client = createClient({ url: server.url, clickhouse_settings: QUERY_SETTINGS });
  await measure(client, () => userKernelSeconds(server.pid()), true, 'ClickHouse 18.16 server');
  await client.close();
} finally {
  await server.stop();
}
if (args.chdb) {
  const { createChdbConnection } = await import('chdb/connection');
  const client = createClient({
    connection: createChdbConnection({ path: ':memory:' }) as never,
    clickhouse_settings: QUERY_SETTINGS,
  });
  await measure(client, thisProcess, false, 'chdb 26.7 in this process (its CPU includes the client side)');
}
