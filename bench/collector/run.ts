// `npm run bench:collector`: the collector's ingest and the explorer's first page, on SQLite and on PostgreSQL.
// Ingest: logs/s and the p50/p99 time of a batch of 500, for SQLite with one process, PostgreSQL with one and with
// two (SIDELOG_PROCESSES=2), under 8 and 32 concurrent clients; each service is the command line in a child
// process, so the load generator (this process) does not share its event loop. PostgreSQL is a throw-away cluster
// (scripts/postgres.ts) with its durable defaults (fsync on), as SQLite's WAL is. Explorer: the first page of a
// filter and of searches over 1,000,000 logs on each store. Prints markdown tables; writes bench/results/collector.json.
// A measurement: nothing in it passes or fails.
//   npm run bench:collector                         # 160,000 logs a run, 1,000,000 for the explorer (a few minutes)
//   npm run bench:collector -- --batches 80 --explorer-logs 100000   (while developing)
//   npm run bench:collector -- --redaction          # ingest with a service-side rule set against none, only
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/postgres.ts';
import { startServiceProcess } from '../../scripts/service-process.ts';
import { EXPLORER_CASES, measureExplorer } from './explorer.ts';
import { BATCH, measureIngest, type IngestResult } from './ingest.ts';
import { measureRedaction, REDACTION_CASES } from './redaction.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '320' },
    'explorer-logs': { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/results/collector.json' },
    /** Only the ingest with a service-side rule set against none (bench/collector/redaction.ts). */
    redaction: { type: 'boolean', default: false },
  },
});
const BATCHES = Number(values.batches);
const EXPLORER_LOGS = Number(values['explorer-logs']);
const ROUNDS = Number(values.rounds);
const CLIENTS = [8, 32];

const dir = mkdtempSync(join(tmpdir(), 'collector-bench-'));
let cluster: ThrowawayPostgres | undefined;
let databases = 0;
/** A new, empty database in the cluster, so that each run starts from the same state. */
async function newPostgresDatabase(): Promise<string> {
  cluster ??= await startThrowawayPostgres({ durable: true });
  const name = `bench_${++databases}`;
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.database(name);
}

const STORES: { name: string; db: () => Promise<string>; processes: number }[] = [
  { name: 'SQLite, 1 process', db: async () => join(dir, `ingest-${++databases}.db`), processes: 1 },
  { name: 'PostgreSQL, 1 process', db: newPostgresDatabase, processes: 1 },
  { name: 'PostgreSQL, 2 processes', db: newPostgresDatabase, processes: 2 },
];

/** `--redaction`: SQLite and PostgreSQL, one process each, 8 clients; prints its table and stops. */
async function redactionOnly(): Promise<void> {
  const adminToken = 'bench-admin-token';
  const clients = CLIENTS[0]!;
  const rows: string[] = [];
  for (const store of STORES.slice(0, 2)) {
    const service = await startServiceProcess({ SIDELOG_DB: await store.db(), SIDELOG_ADMIN_TOKEN: adminToken, SIDELOG_RETENTION_DAYS: '0' });
    try {
      const measured = await measureRedaction(service.url, adminToken, { clients, batches: BATCHES, rounds: ROUNDS, label: store.name });
      REDACTION_CASES.forEach(([name], i) => {
        const { logsPerSecond, p50 } = measured[i]!;
        rows.push(`| ${store.name} | ${name} | ${Math.round(logsPerSecond).toLocaleString('en')} | ${p50.toFixed(1)} |`);
        console.error(`${store.name}, ${name}: ${Math.round(logsPerSecond).toLocaleString('en')} logs/s`);
      });
    } finally {
      await service.stop();
    }
  }
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  console.log(`\nIngest of mixed text, ${(BATCHES * BATCH).toLocaleString('en')} logs a round in batches of ${BATCH}, ${clients} clients, median of ${ROUNDS} rounds; ${machine}\n`);
  console.log('| store | rule set | logs/s | p50 ms per batch |');
  console.log('|---|---|--:|--:|');
  for (const row of rows) console.log(row);
}

/** The whole bench: ingest on each store, then the explorer. */
async function everything(): Promise<void> {
  const ingest: { store: string; clients: number; result: IngestResult }[] = [];
  for (const store of STORES) {
    for (const clients of CLIENTS) {
      const service = await startServiceProcess({ SIDELOG_DB: await store.db(), SIDELOG_PROCESSES: String(store.processes), SIDELOG_RETENTION_DAYS: '0' });
      try {
        const result = await measureIngest(service.url, { clients, batches: BATCHES, label: `${store.name}-${clients}` });
        ingest.push({ store: store.name, clients, result });
        console.error(`${store.name}, ${clients} clients: ${Math.round(result.logsPerSecond).toLocaleString('en')} logs/s`);
      } finally {
        await service.stop();
      }
    }
  }

  const explorer: { store: string; seedSeconds: number; medians: number[] }[] = [];
  for (const [name, db] of [
    ['SQLite', join(dir, 'explorer.db')],
    ['PostgreSQL', await newPostgresDatabase()],
  ] as const) {
    const measured = await measureExplorer(db, { logs: EXPLORER_LOGS, rounds: ROUNDS });
    explorer.push({ store: name, ...measured });
    console.error(`${name}: ${EXPLORER_LOGS.toLocaleString('en')} logs seeded in ${measured.seedSeconds.toFixed(0)} s`);
  }

  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  console.log(`\nIngest: ${(BATCHES * BATCH).toLocaleString('en')} logs a run in batches of ${BATCH}; ${machine}\n`);
  console.log('| store | clients | logs/s | p50 ms per batch | p99 ms per batch |');
  console.log('|---|--:|--:|--:|--:|');
  for (const { store, clients, result } of ingest) {
    console.log(`| ${store} | ${clients} | ${Math.round(result.logsPerSecond).toLocaleString('en')} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} |`);
  }
  console.log(`\nExplorer: first page of 100 over ${EXPLORER_LOGS.toLocaleString('en')} logs, median of ${ROUNDS} rounds, ms\n`);
  console.log(`| query | ${explorer.map((row) => row.store).join(' | ')} |`);
  console.log(`|---|${explorer.map(() => '--:').join('|')}|`);
  EXPLORER_CASES.forEach(([name], i) => console.log(`| ${name} | ${explorer.map((row) => row.medians[i]!.toFixed(1)).join(' | ')} |`));

  mkdirSync(join(values.out, '..'), { recursive: true });
  writeFileSync(values.out, JSON.stringify({ date: new Date().toISOString(), machine, batches: BATCHES, explorerLogs: EXPLORER_LOGS, ingest, explorer }, null, 2));
}

try {
  await (values.redaction ? redactionOnly() : everything());
} finally {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
