// The service's CPU per 1,000 logs with its logs in ClickHouse beside PostgreSQL and two processes
// (docs/clickhouse.md#two-processes-ingest), process by process: the primary (the host's inserter) and each worker (HTTP,
// parsing, checking, preparing the batch), read from /proc around a run of `bench:collector`'s load, beside the two
// databases'. With --cpu-prof DIR, a CPU profile of each process there (cluster workers inherit the flag).
//   npx tsx bench/collector/clickhouse2-cpu.ts [--clients 8] [--batches 320] [--runs 1] [--cpu-prof /tmp/prof]
//     [--node-options="--max-semi-space-size=64"]
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startThrowawayClickHouse } from '../../scripts/clickhouse.ts';
import { startThrowawayPostgres } from '../../scripts/postgres.ts';
import { startServiceProcess } from '../../scripts/service-process.ts';
import pg from 'pg';
import { ownCpu, treeCpuSeconds } from './cpu.ts';
import { BATCH, measureIngest } from './ingest.ts';
import { profileRunOptions } from './profile-options.ts';

const options = profileRunOptions();

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

const postgres = await startThrowawayPostgres({ durable: true });
const clickhouse = await startThrowawayClickHouse();
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
      },
      options.nodeFlags,
    );
    try {
      const primary = service.child.pid!;
      let before = new Map<number, number>();
      let databasesBefore = 0;
      const databases = () => treeCpuSeconds(postgres.pid()) + treeCpuSeconds(clickhouse.pid());
      const result = await measureIngest(service.url, {
        clients: Number(options.clients),
        batches: options.batches,
        label: `cpu-${run}`,
        onStart() {
          before = serviceCpu(primary);
          databasesBefore = databases();
        },
      });
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
    } finally {
      await service.stop();
    }
  }
} finally {
  postgres.stop();
  await clickhouse.stop();
}
