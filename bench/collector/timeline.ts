// Where the slow answers of `bench:collector` come from: the floor or the SQLite service as a child process under the
// same load (measureIngest, ingest.ts), with a timeline of each batch's sending and answer, the garbage collections of
// every thread of the service (gc-trace.mjs) and of the load generator (this process), and, with --strace, each fsync
// and fdatasync the service made (strace -f -ttt -T -y): WAL syncs are the groups' commits, a sync of the database
// file is a checkpoint. Prints the slowest batches with what overlapped each, and the run's totals.
// docs/benchmarks.md#the-tail-at-32-clients
//   npx tsx bench/collector/timeline.ts --target sqlite --clients 32 [--strace] [--batches 320] [--first 1]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BATCH, measureIngest, percentile, type BatchTiming } from './ingest.ts';
import { ensureServiceBuild } from '../../scripts/service-build.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'sqlite' },
    clients: { type: 'string', default: '32' },
    batches: { type: 'string', default: '320' },
    strace: { type: 'boolean', default: false },
    /** Node's flags for the service, space-separated (e.g. --max-semi-space-size=32). */
    'node-options': { type: 'string', default: '' },
    /** Writes the batches, pauses and syncs there as JSON (ms from the first sending). */
    json: { type: 'string' },
    /** How many of the slowest batches to list. */
    slowest: { type: 'string', default: '8' },
  },
});
const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'collector-timeline-'));
const gcFile = join(dir, 'gc.txt');
const straceFile = join(dir, 'strace.txt');
const db = join(dir, 'ingest.db');

interface Pause {
  thread: string;
  start: number;
  duration: number;
}
const pauses: Pause[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    pauses.push({ thread: 'load', start: performance.timeOrigin + entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ['gc'] });

// The floor's server is TypeScript run through tsx; the service is the one `npm start` runs, built.
const script =
  values.target === 'floor' ? ['--import', 'tsx', 'bench/collector/floor-server.ts', db] : [await ensureServiceBuild()];
const node = [
  process.execPath,
  ...values['node-options'].split(' ').filter(Boolean),
  '--import',
  './bench/collector/gc-trace.mjs',
  ...script,
];
const command = values.strace
  ? ['strace', '-f', '--seccomp-bpf', '-ttt', '-T', '-y', '-e', 'trace=fsync,fdatasync', '-o', straceFile, ...node]
  : node;
const child = spawn(command[0]!, command.slice(1), {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    SIDELOG_DB: db,
    SIDELOG_RETENTION_DAYS: '0',
    GC_TRACE_FILE: gcFile,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let printed = '';
child.stdout!.setEncoding('utf8');
const url = await new Promise<string>((resolveUrl, reject) => {
  child.stdout!.on('data', (chunk: string) => {
    printed += chunk;
    const match =
      /floor: (http:\S+)/.exec(printed) ?? /Кабинет партнера: (http:\/\/[^/\s]+)\/[\s\S]*database: /.exec(printed);
    if (match) resolveUrl(match[1]!);
  });
  child.once('exit', (code) => reject(new Error(`the service exited (${code}) before starting:\n${printed}`)));
});

const timeline: BatchTiming[] = [];
const clients = Number(values.clients);
// No warm round: the timeline shows the service's first batches too, as docs/benchmarks.md#the-tail-at-32-clients drew it.
const result = await measureIngest(url, {
  clients,
  batches: Number(values.batches),
  label: 'timeline',
  timeline,
  warm: false,
});
const load = loadavg()[0]!;
const exited = once(child, 'exit');
// strace blocks SIGTERM when it writes to a file (its -I 3): the service under it is stopped instead, and strace ends with it.
const traced = values.strace ? readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim() : '';
process.kill(traced ? Number(traced.split(' ')[0]) : child.pid!, 'SIGTERM');
await exited;

// The batches' times on the wall clock, as the other events are.
const wall = (t: number) => performance.timeOrigin + t;
const start = Math.min(...timeline.map((b) => wall(b.sent)));
if (existsSync(gcFile))
  for (const line of readFileSync(gcFile, 'utf8').trim().split('\n')) {
    const [thread, at, duration] = line.split(' ');
    pauses.push({ thread: `service ${thread}`, start: Number(at), duration: Number(duration) });
  }
interface Sync {
  thread: string;
  file: 'wal' | 'db' | 'other';
  start: number;
  duration: number;
}
const syncs: Sync[] = [];
if (values.strace && existsSync(straceFile))
  for (const line of readFileSync(straceFile, 'utf8').split('\n')) {
    const match = /^(\d+)\s+([\d.]+) f(?:data)?sync\(\d+<([^>]*)>\)\s*=\s*-?\d+.*<([\d.]+)>$/.exec(line);
    if (!match) continue;
    const file = match[3]!.endsWith('-wal') ? 'wal' : match[3] === db ? 'db' : 'other';
    syncs.push({ thread: match[1]!, file, start: Number(match[2]) * 1000, duration: Number(match[4]) * 1000 });
  }
rmSync(dir, { recursive: true, force: true });
if (values.json)
  writeFileSync(
    values.json,
    JSON.stringify({
      batches: timeline.map((b) => ({
        client: b.client,
        sent: wall(b.sent) - start,
        answered: wall(b.answered) - start,
      })),
      pauses: pauses.map((p) => ({ ...p, start: p.start - start })),
      syncs: syncs.map((s) => ({ ...s, start: s.start - start })),
    }),
  );

const rel = (t: number) => (t - start).toFixed(0);
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
const slowest = [...timeline].sort((x, y) => y.answered - y.sent - (x.answered - x.sent));
console.log(
  `${values.target}, ${clients} clients: ${Math.round(result.logsPerSecond).toLocaleString('en')} logs/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ${result.seconds.toFixed(2)} s, load average ${load.toFixed(1)}`,
);
const firsts = new Set(timeline.map((b) => b.client).map((c) => timeline.find((b) => b.client === c)));
const rest = timeline
  .filter((b) => !firsts.has(b))
  .map((b) => b.answered - b.sent)
  .sort((x, y) => x - y);
console.log(
  `without each client's first batch: p50 ${percentile(rest, 50).toFixed(0)} ms, p99 ${percentile(rest, 99).toFixed(0)} ms`,
);
console.log('\nslowest batches (ms from the first sending): what overlapped each');
for (const batch of slowest.slice(0, Number(values.slowest))) {
  const [a0, a1] = [wall(batch.sent), wall(batch.answered)];
  const gc = new Map<string, number>();
  for (const p of pauses) {
    const o = overlap(a0, a1, p.start, p.start + p.duration);
    if (o > 0) gc.set(p.thread, (gc.get(p.thread) ?? 0) + o);
  }
  const during = syncs.filter((s) => overlap(a0, a1, s.start, s.start + s.duration) > 0);
  const checkpoints = during.filter((s) => s.file === 'db');
  const index = timeline.filter((b) => b.client === batch.client).indexOf(batch);
  console.log(
    `- client ${batch.client} batch ${index}: sent ${rel(a0)}, answered ${rel(a1)}, ${(a1 - a0).toFixed(0)} ms; GC ${[...gc].map(([t, ms]) => `${t} ${ms.toFixed(0)}`).join(', ') || 'none'}` +
      (values.strace
        ? `; ${during.filter((s) => s.file === 'wal').length} WAL syncs, ${checkpoints.length} checkpoint syncs (${checkpoints.map((s) => s.duration.toFixed(0)).join(', ')} ms)`
        : ''),
  );
}
const sum = (list: { duration: number }[]) => list.reduce((total, x) => total + x.duration, 0);
const inRun = <T extends { start: number }>(list: T[]) =>
  list.filter((x) => x.start >= start && x.start <= start + result.seconds * 1000);
const threads = [...new Set(pauses.map((p) => p.thread))];
console.log(
  `\nGC in the run, ms (count, longest): ${threads
    .map((t) => {
      const list = inRun(pauses.filter((p) => p.thread === t));
      return `${t} ${sum(list).toFixed(0)} (${list.length}, ${Math.max(0, ...list.map((p) => p.duration)).toFixed(0)})`;
    })
    .join('; ')}`,
);
if (values.strace) {
  const wal = inRun(syncs.filter((s) => s.file === 'wal'));
  const dbSyncs = inRun(syncs.filter((s) => s.file === 'db'));
  console.log(
    `syncs in the run: ${wal.length} of the WAL (${sum(wal).toFixed(0)} ms, longest ${Math.max(0, ...wal.map((s) => s.duration)).toFixed(0)}), ` +
      `${dbSyncs.length} of the database file (${sum(dbSyncs).toFixed(0)} ms, longest ${Math.max(0, ...dbSyncs.map((s) => s.duration)).toFixed(0)}; at ${dbSyncs.map((s) => rel(s.start)).join(', ')} ms)`,
  );
}
console.log(`${(timeline.length * BATCH).toLocaleString('en')} logs`);
