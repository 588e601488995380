// Where PostgreSQL's server spends a batch of 500 logs: the collector store's insert
// (server/stores/postgres/collector-store.ts) timed on a fresh database per variant, with every index, as the schema was,
// and with each index on `logs` dropped in turn, 8 concurrent writers as the bench's load, on a throw-away cluster with
// its durable defaults. For each: the server's CPU, the WAL and its full-page images per batch; with --explain, one
// batch's `EXPLAIN (ANALYZE, BUFFERS, WAL)` through auto_explain. A measurement for
// docs/benchmarks.md#what-a-batch-costs-on-postgresql; nothing in it passes or fails.
//   npx tsx bench/collector/postgres-profile.ts [--batches 200] [--explain] [--only 'all indexes'] [--setup 'SQL']
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import { openPostgresStore } from '../../server/stores/postgres/store.ts';
import { treeCpuSeconds } from './cpu.ts';
import { batchLogs } from './ingest.ts';
import { sessionPayload } from '../../fixtures/wire-bodies.ts';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '240' },
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

/** The variants: the schema as it is, as it was, then without each index in turn. */
const OLD_INFIX = `(coalesce(t, '') || ' ' || coalesce(f, '') || ' ' || coalesce(m, '') || ' ' || coalesce(u, '') || ' ' || coalesce(tg, ''))`;
const VARIANTS: [string, string][] = [
  ['all indexes', ''],
  [
    'as before: one trigram index over the text, file, method, URL and tag, no place index',
    `DROP INDEX logs_text_infix, logs_by_place; CREATE INDEX logs_infix ON logs USING gin (${OLD_INFIX} gin_trgm_ops)`,
  ],
  ["without the text's trigram index (logs_text_infix)", 'DROP INDEX logs_text_infix'],
  ['without the place index (logs_by_place)', 'DROP INDEX logs_by_place'],
  ['without the word index (logs_text)', 'DROP INDEX logs_text'],
  ['without the tsvector column and its index', 'ALTER TABLE logs DROP COLUMN tsv'],
  ['without logs_by_tag', 'DROP INDEX logs_by_tag'],
  ['without logs_by_time', 'DROP INDEX logs_by_time'],
  ['without logs_by_id', 'DROP INDEX logs_by_id'],
  ['without logs_by_level', 'DROP INDEX logs_by_level'],
  [
    'no index but the unique key',
    'DROP INDEX logs_text_infix, logs_by_place, logs_text, logs_by_tag, logs_by_time, logs_by_id, logs_by_level; ALTER TABLE logs DROP COLUMN tsv',
  ],
];

const cluster = await startThrowawayPostgres({ durable: true });
const admin = new pg.Client(cluster.url);
await admin.connect();
const only = values.only ? new Set(values.only.split(',')) : undefined;
try {
  console.log(`| variant | logs/s | server CPU ms per batch | WAL kB per batch | full-page images per batch |`);
  console.log(`|---|--:|--:|--:|--:|`);
  let n = 0;
  let explainFrom: string | undefined;
  for (const [name, drop] of VARIANTS) {
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
    const warm = 4;
    let next = 0;
    const run = async (count: number) => {
      const end = next + count;
      await Promise.all(
        sessions.map(async (session, client) => {
          for (let index = next + client; index < end; index += CLIENTS)
            await store.addLogs('profile', session, batchLogs(client, index));
        }),
      );
      next = end;
    };
    await run(warm * CLIENTS);
    const lsn = async () => (await db.query<{ l: string }>(`SELECT pg_current_wal_lsn()::text AS l`)).rows[0]!.l;
    const walFrom = await lsn();
    const fpi = async () =>
      Number((await db.query<{ n: string }>(`SELECT wal_fpi::text AS n FROM pg_stat_wal`)).rows[0]!.n);
    const fpiFrom = await fpi();
    const cpuFrom = treeCpuSeconds(cluster.pid());
    const started = performance.now();
    await run(BATCHES);
    const ms = performance.now() - started;
    const cpu = treeCpuSeconds(cluster.pid()) - cpuFrom;
    const wal = Number(
      (await db.query<{ d: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS d`, [walFrom])).rows[0]!
        .d,
    );
    const fpis = (await fpi()) - fpiFrom;
    console.log(
      `| ${name} | ${Math.round((BATCHES * BATCH * 1000) / ms).toLocaleString('en')} | ${((cpu * 1000) / BATCHES).toFixed(1)} | ${(wal / 1024 / BATCHES).toFixed(0)} | ${(fpis / BATCHES).toFixed(0)} |`,
    );
    if (values.explain && !drop) {
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
