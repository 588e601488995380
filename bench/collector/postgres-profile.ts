// Where PostgreSQL's server spends a batch of 500 logs: the collector store's insert
// (server/stores/postgres/collector-store.ts) timed on a fresh database per variant, with every index, as the schema was,
// and with each index on `logs` dropped in turn, 8 concurrent writers as the bench's load, on a throw-away cluster with
// its durable defaults. For each: the server's CPU, the WAL and its full-page images per batch; with --explain, one
// batch's `EXPLAIN (ANALYZE, BUFFERS, WAL)` through auto_explain. A measurement for
// docs/benchmarks.md#what-a-batch-costs-on-postgresql; nothing in it passes or fails.
// Then the statement in other forms, and its planning, unnamed and prepared.
//   npx tsx bench/collector/postgres-profile.ts [--batches 240] [--explain] [--only 'every index as now'] [--setup 'SQL']
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { ADD_LOGS, ADD_LOGS_DEDUPED, batchRows } from '../../server/stores/postgres/collector-store.ts';
import { openPostgresStore } from '../../server/stores/postgres/store.ts';
import { ownCpu, treeCpuSeconds } from './cpu.ts';
import { batchLogs } from './ingest.ts';
import { sessionPayload } from '../../fixtures/wire-bodies.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '240' },
    /** Each variant this many times in turn: the rows of a round, round after round. */
    rounds: { type: 'string', default: '1' },
    clients: { type: 'string', default: '8' },
    only: { type: 'string', default: '' },
    /** SQL run on the fresh database before the load (a variant of the schema to try). */
    setup: { type: 'string', default: '' },
    /** Writes one batch's plan of the variant with all indexes through auto_explain, and prints it. */
    explain: { type: 'boolean', default: false },
  },
});
const BATCHES = Number(values.batches);
const CLIENTS = Number(values.clients);
const BATCH = 500;

/** The variants: the schema as it is, then without each index in turn, then other forms of the same work. */
const WORDS = `to_tsvector('simple', left(coalesce(t, ''), 100000))`;
const VARIANTS: [string, string][] = [
  ['every index as now', ''],
  ['without the word index (logs_text)', 'DROP INDEX logs_text'],
  ['without the tsvector column and its index', 'ALTER TABLE logs DROP COLUMN tsv'],
  [
    'the word index on the expression and no tsvector stored',
    `ALTER TABLE logs DROP COLUMN tsv; CREATE INDEX logs_text ON logs USING gin (${WORDS})`,
  ],
  ['without logs_by_tag', 'DROP INDEX logs_by_tag'],
  ['without logs_by_time', 'DROP INDEX logs_by_time'],
  ['without logs_by_id', 'DROP INDEX logs_by_id'],
  ['without logs_by_level', 'DROP INDEX logs_by_level'],
  [
    'no index but the unique key',
    'DROP INDEX logs_text, logs_by_tag, logs_by_time, logs_by_id, logs_by_level; ALTER TABLE logs DROP COLUMN tsv',
  ],
];
/** Variants of the statement rather than the schema, every index kept, each sent from a pool of its own (so without
 * the store's ANALYZE and volume folds): the store's statement as it is; prepared (named: parsed and planned once a
 * connection); and with ON CONFLICT on every batch (each row inserted speculatively), as the store was. */
const STATEMENTS: Record<string, { text: string; named: boolean }> = {
  "every index; the store's statement on a pool of its own": { text: ADD_LOGS, named: false },
  'every index; the statement prepared (named)': { text: ADD_LOGS, named: true },
  'every index; ON CONFLICT on every batch (the store before)': { text: ADD_LOGS_DEDUPED, named: false },
};

/** The server's CPU seconds so far by kind of process: the connections' backends, each auxiliary process by its title
 * (walwriter, checkpointer, autovacuum…), and what exited (its CPU counted into the postmaster's children's). */
function serverCpuByKind(postmaster: number): Map<string, number> {
  const kinds = new Map<string, number>();
  const add = (kind: string, seconds: number) => kinds.set(kind, (kinds.get(kind) ?? 0) + seconds);
  const own = ownCpu(postmaster);
  add('exited', own?.reaped ?? 0);
  add('postmaster', own?.seconds ?? 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = ownCpu(Number(entry));
    if (child?.ppid !== postmaster) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue;
    }
    add(
      /^postgres: \w+ profile_/.test(title) ? 'backends' : title.replace(/^postgres: /, '').split(' ')[0]!,
      child.seconds,
    );
  }
  return kinds;
}

/** The statement's planning and execution times (EXPLAIN's summary, the median of 5 batches): sent unnamed, as a
 * custom plan every time; and prepared, whose plan PostgreSQL makes generic after the fifth execution and then keeps. */
async function timePlanning(db: pg.Client, session: number, logs: () => LogRecord[]) {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const times = async (explain: (params: unknown[]) => Promise<unknown[]>) => {
    const plans: number[] = [];
    const executions: number[] = [];
    for (let round = 0; round < 5; round++) {
      const batch = logs();
      const [summary] = (await explain([session, JSON.stringify(batchRows(batch)), 'profile', batch.length])) as {
        'Planning Time': number;
        'Execution Time': number;
      }[];
      plans.push(summary!['Planning Time']);
      executions.push(summary!['Execution Time']);
    }
    return [median(plans), median(executions)] as const;
  };
  const explained = async (text: string, params: unknown[]) =>
    (await db.query<{ 'QUERY PLAN': unknown[] }>(text, params)).rows[0]!['QUERY PLAN'];
  const unnamed = await times((params) => explained(`EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) ${ADD_LOGS}`, params));
  await db.query(`PREPARE add_logs AS ${ADD_LOGS}`);
  // Five executions first: the sixth is the first that may take the generic plan.
  for (let round = 0; round < 5; round++) {
    const batch = logs();
    await db.query(
      `EXECUTE add_logs (${[session, `'${JSON.stringify(batchRows(batch)).replaceAll("'", "''")}'`, "'profile'", batch.length].join(', ')})`,
    );
  }
  const prepared = await times(async ([a, b, c, d]) =>
    explained(
      `EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) EXECUTE add_logs (${a}, '${String(b).replaceAll("'", "''")}', '${String(c)}', ${d})`,
      [],
    ),
  );
  await db.query('DEALLOCATE add_logs');
  return [
    ['unnamed, planned each batch', ...unnamed],
    ['prepared, after 5 executions', ...prepared],
  ] as [string, number, number][];
}

const cluster = await startThrowawayPostgres({ durable: true });
const admin = new pg.Client(cluster.url);
await admin.connect();
const only = values.only ? new Set(values.only.split(',')) : undefined;
try {
  console.log(
    `| variant | logs/s | server CPU ms per batch | WAL kB per batch | full-page images per batch | server CPU ms per batch by process |`,
  );
  console.log(`|---|--:|--:|--:|--:|---|`);
  let n = 0;
  let explainFrom: string | undefined;
  const planning: [string, number, number][] = [];
  let analyze = '';
  const statementVariants = Object.keys(STATEMENTS).map((name) => [name, ''] as [string, string]);
  const variants = [...VARIANTS.slice(0, 1), ...statementVariants, ...VARIANTS.slice(1)];
  for (const [name, drop] of Array.from({ length: Number(values.rounds) }, () => variants).flat()) {
    if (only && !only.has(name) && !only.has(drop.split(' ').at(-1) ?? '')) continue;
    const database = `profile_${++n}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = cluster.database(database);
    // Migrated, then changed, then opened again so that the pool's sessions take the database's settings.
    await (await openPostgresStore(url)).close();
    const db = new pg.Client(url);
    await db.connect();
    if (drop) await db.query(drop);
    if (values.setup) await db.query(values.setup.replaceAll('$database', database));
    const store = await openPostgresStore(url, { poolSize: CLIENTS + 2 });
    const sessions = await Promise.all(
      Array.from({ length: CLIENTS }, (_, c) => store.putSession('profile', sessionPayload(`s-${n}-${c}`, 'profile'))),
    );
    // A variant of the statement sends it on a pool of its own, as the store would; the day's partition is the
    // store's to make, in the warm-up.
    const statement = STATEMENTS[name];
    const unnamed = statement ? new pg.Pool({ connectionString: url, max: CLIENTS }) : undefined;
    const add = (session: number, logs: LogRecord[]) => {
      if (!unnamed || !statement) return store.addLogs('profile', session, logs);
      const values = [session, JSON.stringify(batchRows(logs)), 'profile', logs.length];
      return unnamed.query(
        statement.named ? { name: 'profiled', text: statement.text, values } : statement.text,
        values,
      );
    };
    const warm = 4;
    let next = 0;
    const run = async (count: number, write = add) => {
      const end = next + count;
      await Promise.all(
        sessions.map(async (session, client) => {
          for (let index = next + client; index < end; index += CLIENTS) await write(session, batchLogs(client, index));
        }),
      );
      next = end;
    };
    await run(1, (session, logs) => store.addLogs('profile', session, logs));
    await run(warm * CLIENTS - 1);
    const lsn = async () => (await db.query<{ l: string }>(`SELECT pg_current_wal_lsn()::text AS l`)).rows[0]!.l;
    const walFrom = await lsn();
    const fpi = async () =>
      Number((await db.query<{ n: string }>(`SELECT wal_fpi::text AS n FROM pg_stat_wal`)).rows[0]!.n);
    const fpiFrom = await fpi();
    const cpuFrom = treeCpuSeconds(cluster.pid());
    const kindsFrom = serverCpuByKind(cluster.pid());
    const started = performance.now();
    await run(BATCHES);
    const ms = performance.now() - started;
    const cpu = treeCpuSeconds(cluster.pid()) - cpuFrom;
    const kinds = [...serverCpuByKind(cluster.pid())]
      .map(([kind, seconds]) => [kind, ((seconds - (kindsFrom.get(kind) ?? 0)) * 1000) / BATCHES] as const)
      .filter(([, ms]) => ms >= 0.05)
      .sort((a, b) => b[1] - a[1]);
    const wal = Number(
      (await db.query<{ d: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS d`, [walFrom])).rows[0]!
        .d,
    );
    const fpis = (await fpi()) - fpiFrom;
    console.log(
      `| ${name} | ${Math.round((BATCHES * BATCH * 1000) / ms).toLocaleString('en')} | ${((cpu * 1000) / BATCHES).toFixed(1)} | ${(wal / 1024 / BATCHES).toFixed(0)} | ${(fpis / BATCHES).toFixed(0)} | ${kinds.map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`).join(', ')} |`,
    );
    if (!drop && !unnamed) {
      // What the store's own ANALYZE (server/stores/postgres/statistics.ts) costs over the logs the variant stored.
      const backend = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const before = ownCpu(backend)!.seconds;
      await db.query('ANALYZE sessions, session_stats, logs, device_keys');
      analyze = `ANALYZE over ${(next * BATCH).toLocaleString('en')} logs: ${((ownCpu(backend)!.seconds - before) * 1000).toFixed(0)} ms of CPU`;
    }
    if (!drop && !unnamed) planning.push(...(await timePlanning(db, sessions[0]!, () => batchLogs(0, next++))));
    await unnamed?.end();
    if (values.explain && !drop && !unnamed) {
      // One more batch through auto_explain, its plan written to the server's log.
      for (const setting of [
        `session_preload_libraries = 'auto_explain'`,
        `auto_explain.log_min_duration = 0`,
        `auto_explain.log_analyze = on`,
        `auto_explain.log_buffers = on`,
        `auto_explain.log_wal = on`,
        `auto_explain.log_timing = on`,
      ])
        await db.query(`ALTER DATABASE ${database} SET ${setting}`);
      const explained = await openPostgresStore(url, { poolSize: 1 });
      await explained.addLogs('profile', sessions[0]!, batchLogs(0, next));
      await explained.close();
      explainFrom = database;
    }
    await db.end();
    await store.close();
  }
  if (analyze) console.log(`\n${analyze}`);
  if (planning.length > 0) {
    console.log(`\n| the statement | planning ms | execution ms |\n|---|--:|--:|`);
    for (const [what, plan, execution] of planning)
      console.log(`| ${what} | ${plan.toFixed(2)} | ${execution.toFixed(1)} |`);
  }
  if (explainFrom) {
    const data = readFileSync(`/proc/${cluster.pid()}/cmdline`, 'utf8').split('\0');
    const log = readFileSync(join(dirname(data[data.indexOf('-D') + 1]!), 'server.log'), 'utf8');
    const plans = log.split(/\n(?=\S)/).filter((entry) => entry.includes('Insert on logs'));
    console.log(plans.at(-1));
  }
} finally {
  await admin.end();
  cluster.stop();
}
