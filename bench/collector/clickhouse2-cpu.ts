// The service's CPU per 1,000 logs with its logs in ClickHouse beside PostgreSQL and two processes
// (docs/clickhouse.md#two-processes-ingest), process by process: the primary (the host's inserter) and each worker (HTTP,
// parsing, checking, preparing the batch), read from /proc around a run of `bench:collector`'s load, beside the two
// databases', and ClickHouse's by its threads' names. With --cpu-prof DIR, a CPU profile of each process there (cluster
// workers inherit the flag); with --probe, bench:collector's visibility probe beside the load (its searches cost both);
// with --queries, ClickHouse's CPU per kind of query (the inserts, the checks before them, the probe's searches), from
// its system.query_log.
//   npx tsx bench/collector/clickhouse2-cpu.ts [--clients 8] [--batches 320] [--runs 1] [--cpu-prof /tmp/prof]
//     [--node-options="--max-semi-space-size=64"] [--probe] [--queries]
import { createClient } from '@clickhouse/client';
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startThrowawayClickHouse } from '../../scripts/clickhouse.ts';
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import { startServiceProcess } from '../../scripts/service-process.ts';
import pg from 'pg';
import { cpuSecondsByThreadName, ownCpu, treeCpuSeconds } from './cpu.ts';
import { BATCH, measureIngest } from './ingest.ts';
import { profileRunOptions } from './profile-options.ts';
import { probeDemoApp } from './visibility.ts';

const options = profileRunOptions();
const ADMIN_TOKEN = 'clickhouse2-cpu-token';

/** The primary's own CPU and each worker's (its children), by pid. */
function serviceCpu(primary: number): Map<number, number> {
  const seconds = new Map<number, number>([[primary, ownCpu(primary)?.seconds ?? 0]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = ownCpu(Number(entry));
    if (info?.ppid === primary) seconds.set(Number(entry), info.seconds);
  }
  return seconds;
}

/** ClickHouse's queries on `database` (each run has its own), by their text with numbers taken out: how many, their CPU
 * (user and kernel, from each query's ProfileEvents, which 18.16 keeps as two arrays) per 1,000 logs, and the rows and
 * bytes each read. */
async function printQueries(url: string, database: string, thousands: number): Promise<void> {
  const client = createClient({ url });
  try {
    await client.command({ query: 'SYSTEM FLUSH LOGS' });
    const cpu = `arraySum(arrayMap((name, value) -> if(name IN ('UserTimeMicroseconds', 'SystemTimeMicroseconds'), value, 0),
      ProfileEvents.Names, ProfileEvents.Values))`;
    const rows = (await (
      await client.query({
        query: `SELECT substring(replaceRegexpAll(query, '[0-9]+', 'N'), 1, 90) AS kind, count() AS n,
            sum(${cpu}) / 1000 AS cpu_ms, sum(read_rows) AS read_rows, sum(read_bytes) AS read_bytes
          FROM system.query_log WHERE type = 2 AND position(query, '\`${database}\`') > 0
          GROUP BY kind ORDER BY cpu_ms DESC LIMIT 6`,
        format: 'JSONEachRow',
      })
    ).json()) as { kind: string; n: number; cpu_ms: number; read_rows: number; read_bytes: number }[];
    for (const row of rows)
      console.log(
        `  ${(row.cpu_ms / thousands).toFixed(2)} ms per 1,000 logs in ${row.n} queries reading ` +
          `${Math.round(row.read_bytes / row.n / 1000)} kB, ` +
          `${Math.round(row.read_rows / row.n).toLocaleString('en')} rows each: ${row.kind.replace(/\s+/g, ' ')}`,
      );
  } finally {
    await client.close();
  }
}

const postgres = await startThrowawayPostgres({ durable: true });
const clickhouse = await startThrowawayClickHouse({ queryLog: options.queries });
try {
  for (let run = 1; run <= options.runs; run++) {
    const name = `cpu_${run}`;
    const admin = new pg.Client(postgres.url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const service = await startServiceProcess(
      {
        SIDELOG_DB: postgres.database(name),
        SIDELOG_LOGS: `${clickhouse.url}/${name}`,
        SIDELOG_PROCESSES: '2',
        SIDELOG_RETENTION_DAYS: '0',
        SIDELOG_ADMIN_TOKEN: ADMIN_TOKEN,
      },
      options.nodeFlags,
    );
    try {
      const primary = service.child.pid!;
      const probe = options.probe ? await probeDemoApp(service.url, ADMIN_TOKEN, `visibility-${run}`) : undefined;
      let before = new Map<number, number>();
      let databasesBefore = 0;
      let clickhouseThreads = new Map<string, number>();
      const databases = () => treeCpuSeconds(postgres.pid()) + treeCpuSeconds(clickhouse.pid());
      const result = await measureIngest(service.url, {
        clients: Number(options.clients),
        batches: options.batches,
        label: `cpu-${run}`,
        onStart() {
          before = serviceCpu(primary);
          databasesBefore = databases();
          clickhouseThreads = cpuSecondsByThreadName(clickhouse.pid());
        },
      });
      const visible = await probe?.stop();
      const after = serviceCpu(primary);
      const thousands = (result.batches * BATCH) / 1000;
      const per = (seconds: number) => ((seconds * 1000) / thousands).toFixed(1);
      const used = [...after].map(([pid, seconds]) => [pid, seconds - (before.get(pid) ?? 0)] as const);
      const workers = used.filter(([pid]) => pid !== primary);
      const total = used.reduce((sum, [, seconds]) => sum + seconds, 0);
      console.log(
        `run ${run}, ${options.clients} clients: ${Math.round(result.logsPerSecond).toLocaleString('en')} logs/s, ` +
          `p99 ${result.p99.toFixed(0)} ms, load average ${loadavg()[0]!.toFixed(1)}; CPU ms per 1,000 logs: ` +
          `service ${per(total)} (primary ${per(used.find(([pid]) => pid === primary)![1])}, workers ` +
          `${workers.map(([, seconds]) => per(seconds)).join(' + ')}), databases ${per(databases() - databasesBefore)}`,
      );
      // Where ClickHouse's time went, by its threads' names (its HTTP handlers answer the inserts and the checks before
      // them; its background pool merges the parts the inserts make).
      const threads = [...cpuSecondsByThreadName(clickhouse.pid())]
        .map(([name, seconds]) => [name, seconds - (clickhouseThreads.get(name) ?? 0)] as const)
        .filter(([, seconds]) => seconds > 0)
        .sort((a, b) => b[1] - a[1]);
      if (visible)
        console.log(
          `  probe: ${visible.length} logs found, ack to search p50 ${visible[Math.floor(visible.length / 2)]?.toFixed(0)} ms`,
        );
      if (options.queries) await printQueries(clickhouse.url, name, thousands);
      console.log(`  ClickHouse by thread: ${threads.map(([name, seconds]) => `${name} ${per(seconds)}`).join(', ')}`);
    } finally {
      await service.stop();
    }
  }
} finally {
  postgres.stop();
  await clickhouse.stop();
}
