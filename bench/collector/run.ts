// `npm run bench:collector`: the collector's ingest and the explorer's first page, on SQLite and on PostgreSQL, and the
// ingest with the logs in ClickHouse (SIDELOG_LOGS, docs/clickhouse.md) beside SQLite and beside PostgreSQL.
// Ingest: logs/s and the p50/p99 time of a batch of 500, under 8, 32 and 64 concurrent clients, for the floor (a bare
// node:http server into better-sqlite3, bench/collector/floor-server.ts), SQLite with one process, PostgreSQL with
// one and with two (SIDELOG_PROCESSES=2); with, for the stores, the time from a log's acknowledgement to the first
// search that finds it (bench/collector/visibility.ts) and the CPU each spends per 1,000 logs (the service's
// processes, and the database servers'), and the bytes on disk per 1,000 logs. Each service is a child process, so the load generator (this process) does not
// share its event loop. PostgreSQL is a throw-away cluster (scripts/postgres.ts) with its durable defaults (fsync on).
// Explorer: the first page of a filter and of searches over 1,000,000 logs on each store. Prints markdown tables;
// writes bench/results/collector.json. A measurement: nothing in it passes or fails.
//   npm run bench:collector                         # 160,000 logs a run, 1,000,000 for the explorer (a few minutes)
//   npm run bench:collector -- --batches 80 --explorer-logs 100000 --only sqlite   (while developing)
//   npm run bench:collector -- --redaction          # ingest with a service-side rule set against none, only
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayClickHouse, type ThrowawayClickHouse } from '../../scripts/clickhouse.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/postgres.ts';
import { warmWriteAheadLog } from './warm-wal.ts';
import { startServiceProcess } from '../../scripts/service-process.ts';
import { perThread, threadCpuSeconds, treeCpuSeconds } from './cpu.ts';
import { EXPLORER_CASES, measureExplorer } from './explorer.ts';
import { BATCH, measureIngest, percentile, type IngestResult } from './ingest.ts';
import { measureRedaction, REDACTION_CASES } from './redaction.ts';
import { medianRuns } from './median-run.ts';
import { probeDemoApp } from './visibility.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '320' },
    'explorer-logs': { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '5' },
    /** Measures the ingest this many times, every row in turn each time, and gives each row its median run: the
     * machine's speed moves by a quarter between runs a minute apart (docs/benchmarks.md#the-collector-run-by-run). */
    runs: { type: 'string', default: '1' },
    clients: { type: 'string', default: '8,32,64' },
    /** Comma-separated: floor, sqlite, postgres, postgres2, clickhouse, clickhouse2, explorer. */
    only: { type: 'string', default: 'floor,sqlite,postgres,postgres2,clickhouse,clickhouse2,explorer' },
    out: { type: 'string', default: 'bench/results/collector.json' },
    /** Only the ingest with a service-side rule set against none (bench/collector/redaction.ts). */
    redaction: { type: 'boolean', default: false },
  },
});
const BATCHES = Number(values.batches);
const EXPLORER_LOGS = Number(values['explorer-logs']);
const ROUNDS = Number(values.rounds);
const RUNS = Number(values.runs);
const CLIENTS = values.clients.split(',').map(Number);
const ONLY = new Set(values.only.split(','));
const ADMIN_TOKEN = 'collector-bench-token';
const ROOT = resolve(import.meta.dirname, '../..');

const dir = mkdtempSync(join(tmpdir(), 'collector-bench-'));
let cluster: ThrowawayPostgres | undefined;
let databases = 0;
/** A new, empty database in the cluster, so that each run starts from the same state. */
async function newPostgresDatabase(): Promise<string> {
  const fresh = !cluster;
  cluster ??= await startThrowawayPostgres({ durable: true });
  // Before each row, as a server that has run a while (bench/collector/warm-wal.ts).
  await warmWriteAheadLog(cluster.url, fresh);
  const name = `bench_${++databases}`;
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.database(name);
}

let clickhouse: ThrowawayClickHouse | undefined;
/** A new database on the throw-away ClickHouse server (scripts/clickhouse.ts), as SIDELOG_LOGS names it: the store
 * creates it. */
async function newClickHouseLogs(): Promise<{ logs: string; name: string }> {
  clickhouse ??= await startThrowawayClickHouse();
  const name = `bench_logs_${++databases}`;
  return { logs: `${clickhouse.url}/${name}`, name };
}

/** What a store keeps on disk: the SQLite file (with its write-ahead log), the PostgreSQL database, or, with the logs
 * in ClickHouse, the logs table's active parts (what SIDELOG_DB keeps beside them is the sessions and requests). */
const sqliteBytes = (path: string) => async () =>
  [path, `${path}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
const postgresBytes = (url: string) => async () => {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return Number((await client.query(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n);
  } finally {
    await client.end();
  }
};
const clickhouseBytes = (name: string) => async () => {
  const answer = await fetch(`${clickhouse!.url}/`, {
    method: 'POST',
    body: `SELECT sum(bytes_on_disk) FROM system.parts WHERE database = '${name}' AND table = 'logs' AND active`,
  });
  return Number((await answer.text()).trim());
};
/** The inserts into the logs table so far and the rows they hold: each INSERT takes the table's next block number,
 * which a merged part keeps as its highest, so the active parts' highest is the count of inserts. */
const clickhouseInserts = (name: string) => async () => {
  const answer = await fetch(`${clickhouse!.url}/`, {
    method: 'POST',
    body: `SELECT max(max_block_number), sum(rows) FROM system.parts WHERE database = '${name}' AND table = 'logs' AND active`,
  });
  const [inserts, rows] = (await answer.text()).trim().split('\t').map(Number);
  return { inserts: inserts!, rows: rows! };
};

interface Running {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** The store's bytes on disk now. */
  bytes?: () => Promise<number>;
  /** With the logs in ClickHouse: the inserts into them so far, and their rows. */
  inserts?: () => Promise<{ inserts: number; rows: number }>;
}

async function startFloor(db: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/collector/floor-server.ts', db], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.setEncoding('utf8');
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      const match = /floor: (http:\S+)/.exec(chunk);
      if (match) resolveUrl(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the floor exited (${code}) before starting`)));
  });
  return {
    url,
    child,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Target {
  key: string;
  name: string;
  start(): Promise<Running>;
  /** Has search, and so a visibility probe. */
  searchable: boolean;
  postgres: boolean;
  clickhouse?: boolean;
}

const service = async (db: string, processes: number, bytes: () => Promise<number>, logs?: string) => ({
  ...(await startServiceProcess({
    SIDELOG_DB: db,
    SIDELOG_PROCESSES: String(processes),
    SIDELOG_RETENTION_DAYS: '0',
    SIDELOG_ADMIN_TOKEN: ADMIN_TOKEN,
    ...(logs ? { SIDELOG_LOGS: logs } : {}),
  })),
  bytes,
});

const TARGETS: Target[] = [
  {
    key: 'floor',
    name: 'Floor: node:http + better-sqlite3, no index',
    start: () => startFloor(join(dir, `floor-${++databases}.db`)),
    searchable: false,
    postgres: false,
  },
  {
    key: 'sqlite',
    name: 'SQLite, 1 process',
    start: () => {
      const db = join(dir, `ingest-${++databases}.db`);
      return service(db, 1, sqliteBytes(db));
    },
    searchable: true,
    postgres: false,
  },
  {
    key: 'postgres',
    name: 'PostgreSQL, 1 process',
    start: async () => {
      const db = await newPostgresDatabase();
      return service(db, 1, postgresBytes(db));
    },
    searchable: true,
    postgres: true,
  },
  {
    key: 'postgres2',
    name: 'PostgreSQL, 2 processes',
    start: async () => {
      const db = await newPostgresDatabase();
      return service(db, 2, postgresBytes(db));
    },
    searchable: true,
    postgres: true,
  },
  {
    key: 'clickhouse',
    name: 'ClickHouse logs beside SQLite, 1 process',
    start: async () => {
      const { logs, name } = await newClickHouseLogs();
      const running = await service(join(dir, `ingest-${++databases}.db`), 1, clickhouseBytes(name), logs);
      return { ...running, inserts: clickhouseInserts(name) };
    },
    searchable: true,
    postgres: false,
    clickhouse: true,
  },
  {
    key: 'clickhouse2',
    name: 'ClickHouse logs beside PostgreSQL, 2 processes',
    start: async () => {
      const { logs, name } = await newClickHouseLogs();
      const running = await service(await newPostgresDatabase(), 2, clickhouseBytes(name), logs);
      return { ...running, inserts: clickhouseInserts(name) };
    },
    searchable: true,
    postgres: true,
    clickhouse: true,
  },
];

interface IngestRow {
  store: string;
  clients: number;
  /** Which of the runs (from 1): a row's ratio to the floor is to the floor's of the same run. */
  run: number;
  result: IngestResult;
  /** Ack to search visibility, ms, sorted; empty for the floor. */
  visible: number[];
  /** CPU ms per 1,000 logs: the service's processes, and the database server's (PostgreSQL). */
  cpuService: number;
  cpuDatabase: number;
  /** With the logs in ClickHouse beside PostgreSQL: PostgreSQL's part of cpuDatabase (the sessions and requests). */
  cpuPostgres?: number;
  /** The service's CPU ms per 1,000 logs by thread (one process only): main, the busiest other (SQLite's writer), rest. */
  cpuThreads?: { main: number; busiest: number; rest: number };
  /** The store's bytes on disk per 1,000 logs stored, after the run (none for the floor). */
  bytesPer1000?: number;
  /** With the logs in ClickHouse: the rows per INSERT during the run. */
  rowsPerInsert?: number;
  loadAverage: number;
}

/** `--redaction`: SQLite and PostgreSQL, one process each, 8 clients; prints its table and stops. */
async function redactionOnly(): Promise<void> {
  const clients = CLIENTS[0]!;
  const rows: string[] = [];
  for (const target of TARGETS.filter((t) => t.key === 'sqlite' || t.key === 'postgres')) {
    const running = await target.start();
    try {
      const measured = await measureRedaction(running.url, ADMIN_TOKEN, {
        clients,
        batches: BATCHES,
        rounds: ROUNDS,
        label: target.name,
      });
      REDACTION_CASES.forEach(([name], i) => {
        const { logsPerSecond, p50 } = measured[i]!;
        rows.push(
          `| ${target.name} | ${name} | ${Math.round(logsPerSecond).toLocaleString('en')} | ${p50.toFixed(1)} |`,
        );
        console.error(`${target.name}, ${name}: ${Math.round(logsPerSecond).toLocaleString('en')} logs/s`);
      });
    } finally {
      await running.stop();
    }
  }
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  console.log(
    `\nIngest of mixed text, ${(BATCHES * BATCH).toLocaleString('en')} logs a round in batches of ${BATCH}, ${clients} clients, median of ${ROUNDS} rounds; ${machine}\n`,
  );
  console.log('| store | rule set | logs/s | p50 ms per batch |');
  console.log('|---|---|--:|--:|');
  for (const row of rows) console.log(row);
}

/** One ingest row: a fresh service of `target` under `clients` clients, with the probe, the CPU and the bytes. */
async function ingestRow(target: Target, clients: number, run: number): Promise<IngestRow> {
  const running = await target.start();
  try {
    const probe = target.searchable
      ? await probeDemoApp(running.url, ADMIN_TOKEN, `visibility-${clients}-${Date.now()}`)
      : undefined;
    const postgresCpu = () => (target.postgres ? treeCpuSeconds(cluster!.pid()) : 0);
    const cpu = () =>
      treeCpuSeconds(running.child.pid!) + postgresCpu() + (target.clickhouse ? treeCpuSeconds(clickhouse!.pid()) : 0);
    /** The CPU so far: the service's (and by thread), with its databases', and PostgreSQL's alone. */
    const cpuNow = () => ({
      service: treeCpuSeconds(running.child.pid!),
      threads: threadCpuSeconds(running.child.pid!),
      total: cpu(),
      postgres: postgresCpu(),
    });
    /** What the store holds so far: its bytes on disk, and with ClickHouse its inserts. */
    const storeNow = async () => ({ bytes: await running.bytes?.(), inserts: await running.inserts?.() });
    // Read as the clock starts, after the warm round (ingest.ts), which none of the figures count; the store's
    // queries before the CPU, so that their CPU is not counted either.
    let start!: ReturnType<typeof cpuNow> & Awaited<ReturnType<typeof storeNow>>;
    const result = await measureIngest(running.url, {
      clients,
      batches: BATCHES,
      label: `${target.key}-${clients}`,
      async onStart() {
        const store = await storeNow();
        start = { ...store, ...cpuNow() };
      },
    });
    // The probe in flight is found once the index has caught up with the load: its CPU counts as the load's.
    const visible = (await probe?.stop()) ?? [];
    const end = cpuNow();
    const { bytes, inserts } = await storeNow();
    const serviceSeconds = end.service - start.service;
    const thousands = (result.batches * BATCH) / 1000;
    const row: IngestRow = {
      store: target.name,
      clients,
      run,
      result,
      visible,
      cpuService: (serviceSeconds * 1000) / thousands,
      cpuDatabase: ((end.total - start.total - serviceSeconds) * 1000) / thousands,
      cpuPostgres:
        target.postgres && target.clickhouse ? ((end.postgres - start.postgres) * 1000) / thousands : undefined,
      cpuThreads:
        target.key === 'postgres2' || target.key === 'clickhouse2'
          ? undefined
          : perThread(running.child.pid!, start.threads, end.threads, thousands),
      bytesPer1000: bytes === undefined ? undefined : (bytes - (start.bytes ?? 0)) / thousands,
      rowsPerInsert:
        start.inserts && inserts && inserts.inserts > start.inserts.inserts
          ? (inserts.rows - start.inserts.rows) / (inserts.inserts - start.inserts.inserts)
          : undefined,
      loadAverage: loadavg()[0]!,
    };
    console.error(
      `${RUNS > 1 ? `run ${run}: ` : ''}${target.name}, ${clients} clients: ${Math.round(result.logsPerSecond).toLocaleString('en')} logs/s, p99 ${result.p99.toFixed(0)} ms a batch, ${result.answerP99.toFixed(0)} ms an answer, ${result.refused} refused; first round ${result.firstRound.toFixed(0)} ms`,
    );
    return row;
  } finally {
    await running.stop();
  }
}

/** The whole bench: ingest on each target, then the explorer. */
async function everything(): Promise<void> {
  const ingest: IngestRow[] = [];
  // Run after run, every row in turn, so that each row's runs meet the machine's slow minutes and its quick ones alike.
  for (let run = 1; run <= RUNS; run++)
    for (const target of TARGETS.filter((t) => ONLY.has(t.key)))
      for (const clients of CLIENTS) ingest.push(await ingestRow(target, clients, run));

  const explorer: { store: string; seedSeconds: number; medians: number[] }[] = [];
  if (ONLY.has('explorer')) {
    for (const [name, db] of [
      ['SQLite', join(dir, 'explorer.db')],
      ['PostgreSQL', await newPostgresDatabase()],
    ] as const) {
      const measured = await measureExplorer(db, { logs: EXPLORER_LOGS, rounds: ROUNDS });
      explorer.push({ store: name, ...measured });
      console.error(
        `${name}: ${EXPLORER_LOGS.toLocaleString('en')} logs seeded in ${measured.seedSeconds.toFixed(0)} s`,
      );
    }
  }

  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  const measured = ingest.map((row) => ({ ...row, logsPerSecond: row.result.logsPerSecond }));
  const ms = (value: number) =>
    Number.isNaN(value) ? '—' : value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en');
  const runs = RUNS > 1 ? `, each row the median of ${RUNS} runs by its ratio to the floor` : '';
  console.log(
    `\nIngest: ${(BATCHES * BATCH).toLocaleString('en')} logs a run in batches of ${BATCH}${runs}; ${machine}\n`,
  );
  console.log(
    `| store | clients | logs/s | × floor | p50 ms per batch | p99 ms per batch | p99 ms per answer | first round after start, slowest ms | 503s | ack to search p50 ms | p99 ms | CPU ms per 1,000 logs (service + database) | service by thread: main / busiest other / rest | bytes on disk per 1,000 logs | rows per INSERT | load |${RUNS > 1 ? ' × floor, each run |' : ''}`,
  );
  console.log(`|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${RUNS > 1 ? '--:|' : ''}`);
  for (const { median: row, ratio, ratios } of medianRuns(measured, (row) => row.store.startsWith('Floor'))) {
    const { result } = row;
    const postgresShare = row.cpuPostgres === undefined ? '' : ` (PostgreSQL ${ms(row.cpuPostgres)})`;
    const cpu =
      row.cpuDatabase > 0.05 ? `${ms(row.cpuService)} + ${ms(row.cpuDatabase)}${postgresShare}` : ms(row.cpuService);
    const t = row.cpuThreads;
    const threads = t ? `${t.main.toFixed(1)} / ${t.busiest.toFixed(1)} / ${t.rest.toFixed(1)}` : '—';
    console.log(
      `| ${row.store} | ${row.clients} | ${Math.round(result.logsPerSecond).toLocaleString('en')} | ${ratio?.toFixed(2) ?? '—'} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.answerP99)} | ${ms(result.firstRound)} | ${result.refused} | ` +
        `${ms(percentile(row.visible, 50))} | ${ms(percentile(row.visible, 99))} | ${cpu} | ${threads} | ${row.bytesPer1000 === undefined ? '—' : Math.round(row.bytesPer1000).toLocaleString('en')} | ${row.rowsPerInsert === undefined ? '—' : Math.round(row.rowsPerInsert).toLocaleString('en')} | ${row.loadAverage.toFixed(1)} |` +
        (RUNS > 1 ? ` ${ratios.map((each) => each.toFixed(2)).join(', ') || '—'} |` : ''),
    );
  }
  if (explorer.length > 0) {
    console.log(
      `\nExplorer: first page of 100 over ${EXPLORER_LOGS.toLocaleString('en')} logs, median of ${ROUNDS} rounds, ms\n`,
    );
    console.log(`| query | ${explorer.map((row) => row.store).join(' | ')} |`);
    console.log(`|---|${explorer.map(() => '--:').join('|')}|`);
    EXPLORER_CASES.forEach(([name], i) =>
      console.log(`| ${name} | ${explorer.map((row) => row.medians[i]!.toFixed(1)).join(' | ')} |`),
    );
  }

  mkdirSync(join(values.out, '..'), { recursive: true });
  writeFileSync(
    values.out,
    JSON.stringify(
      { date: new Date().toISOString(), machine, batches: BATCHES, explorerLogs: EXPLORER_LOGS, ingest, explorer },
      null,
      2,
    ),
  );
}

try {
  await (values.redaction ? redactionOnly() : everything());
} finally {
  cluster?.stop();
  await clickhouse?.stop();
  rmSync(dir, { recursive: true, force: true });
}
