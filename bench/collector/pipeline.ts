// Where the collector's wall clock goes on SQLite: the service as a child process under `bench:collector`'s load (8 or
// 32 clients, batches of 500), each of its threads' CPU read from /proc every SAMPLE_MS, so that one sees whether the
// service thread parses while the writer thread commits, or the two take turns. Prints, per thread, CPU ms per 1,000
// logs and its busy share of the run; for the service and writer threads, the share of the run each was busy while
// the other was idle, and both at once; and the load generator's own CPU per 1,000 logs (this process).
// docs/benchmarks.md#the-sqlite-collectors-pipeline
//   npx tsx bench/collector/pipeline.ts [--clients 8] [--batches 320] [--runs 1]
//   npx tsx bench/collector/pipeline.ts --cpu-prof /tmp/prof   (and a CPU profile of each of the service's threads there)
//   npx tsx bench/collector/pipeline.ts --node-options="--max-semi-space-size=32"   (Node flags for the service)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess } from '../../scripts/service-process.ts';
import { threadTicks } from './cpu.ts';
import { BATCH, measureIngest } from './ingest.ts';
import { profileRunOptions } from './profile-options.ts';

const options = profileRunOptions();
/** The kernel counts CPU in ticks of 10 ms: a sample of 20 ms reads 0, 1 or 2 of them per thread. */
const SAMPLE_MS = 20;
const TICK_MS = 10;

async function run(clients: number, batches: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'collector-pipeline-'));
  const service = await startServiceProcess(
    { SIDELOG_DB: join(dir, 'ingest.db'), SIDELOG_RETENTION_DAYS: '0' },
    options.nodeFlags,
  );
  const pid = service.child.pid!;
  const samples: Map<number, number>[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let cpuBefore = process.cpuUsage();
  try {
    const result = await measureIngest(service.url, {
      clients,
      batches,
      label: `pipeline-${clients}`,
      onStart() {
        cpuBefore = process.cpuUsage();
        samples.push(threadTicks(pid));
        sampler = setInterval(() => samples.push(threadTicks(pid)), SAMPLE_MS);
      },
    });
    clearInterval(sampler);
    samples.push(threadTicks(pid));
    const load = process.cpuUsage(cpuBefore);
    const thousands = (result.batches * BATCH) / 1000;
    const wallMs = result.seconds * 1000;
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const used = [...last]
      .map(([id, t]) => [id, (t - (first.get(id) ?? 0)) * TICK_MS] as const)
      .sort((a, b) => b[1] - a[1]);
    // The writer thread is the busiest thread but the main one (server/stores/sqlite/writer-thread.ts).
    const writer = used.find(([id]) => id !== pid)?.[0];
    let both = 0;
    let mainOnly = 0;
    let writerOnly = 0;
    for (let i = 1; i < samples.length; i++) {
      const busy = (id: number | undefined) =>
        id === undefined ? 0 : (samples[i]!.get(id) ?? 0) - (samples[i - 1]!.get(id) ?? 0);
      const m = busy(pid) * TICK_MS;
      const w = busy(writer) * TICK_MS;
      both += Math.min(m, w);
      mainOnly += Math.max(0, m - w);
      writerOnly += Math.max(0, w - m);
    }
    const share = (ms: number) => `${Math.round((100 * ms) / wallMs)} %`;
    console.log(
      `\n${clients} clients: ${Math.round(result.logsPerSecond).toLocaleString('en')} logs/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ${result.seconds.toFixed(2)} s, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('| thread | CPU ms per 1,000 logs | busy share of the run |');
    console.log('|---|--:|--:|');
    for (const [id, ms] of used.filter(([, ms]) => ms > 0)) {
      const name = id === pid ? 'service (main)' : id === writer ? 'writer' : `other ${id} (${threadName(pid, id)})`;
      console.log(`| ${name} | ${(ms / thousands).toFixed(2)} | ${share(ms)} |`);
    }
    const others = used.filter(([id]) => id !== pid && id !== writer).reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`| all other threads together | ${(others / thousands).toFixed(2)} | ${share(others)} |`);
    console.log(
      `| load generator (this process) | ${((load.user + load.system) / 1000 / thousands).toFixed(2)} | ${share((load.user + load.system) / 1000)} |`,
    );
    console.log(
      `overlap (from ${SAMPLE_MS} ms samples): service alone ${share(mainOnly)}, writer alone ${share(writerOnly)}, both ${share(both)}`,
    );
    const trace = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('writer-trace'));
    if (trace.length > 0) console.log(trace.at(-1));
  } finally {
    clearInterval(sampler);
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let i = 0; i < options.runs; i++)
  for (const clients of options.clients.split(',').map(Number)) await run(clients, options.batches);

/** A thread's name as the kernel has it (`comm`): Node's and V8's helper threads name themselves. */
function threadName(pid: number, id: number): string {
  try {
    return readFileSync(`/proc/${pid}/task/${id}/comm`, 'utf8').trim();
  } catch {
    return 'ended';
  }
}
