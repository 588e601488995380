// What a page's main thread did over the bench's window, read from a Chromium trace (`npm run bench -- --trace DIR`,
// docs/benchmarks.md#a-trace-of-the-burst): the task the burst ran in, V8's collections inside it, the page's other
// tasks, and the workers' work while the burst ran, each by its own thread time. The CPU profiler (`--profile`) names
// the functions but samples every one and slows the page by more than the contenders differ; a trace costs the page
// little and says, round by round, whether a collection fell inside the burst and what took the other core.
import { summarise } from './summary.ts';

/** One event of a Chromium trace, as `Tracing.dataCollected` gives it (times in µs). */
export interface TraceEvent {
  name: string;
  /** 'X' a task or span with its duration, 'M' metadata (a thread's name). */
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Its thread time: the span's CPU, without any wait for a core. */
  tdur?: number;
  args?: { name?: string };
}

export interface BurstTrace {
  /** Thread time of the task the burst ran in, ms. */
  burstMs: number;
  /** V8's collections inside it (scavenges, full collections): their thread time, ms, and how many. */
  burstGcMs: number;
  burstGcs: number;
  /** Thread time of the page's main thread in its other tasks over the window (messages, timers, the logger's work
   * after the burst), ms. */
  otherMs: number;
  /** Thread time of every worker (dedicated or shared, any process) while the burst ran, ms: on 2 cores, the core
   * the page's task would otherwise have had (docs/benchmarks.md#the-writes-read-when-stored). */
  workersMs: number;
}

const COLLECTIONS = new Set(['MinorGC', 'MajorGC']);
const WORKER_THREADS = new Set(['DedicatedWorker thread', 'SharedWorker thread']);

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;
const sumMs = (events: TraceEvent[]) => events.reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000;

/** A thread's tasks that no other task holds (a nested run loop's tasks are counted in the task around them). */
function outermost(tasks: TraceEvent[]): TraceEvent[] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts);
  const kept: TraceEvent[] = [];
  let end = -Infinity;
  for (const task of sorted) {
    if (task.ts < end) continue;
    kept.push(task);
    end = task.ts + (task.dur ?? 0);
  }
  return kept;
}

/** Every page's main thread is a renderer's `CrRendererMain`; the burst's page is the one whose task took longest,
 * since 10,000 calls in one task outlast any message or timer of the window. */
export function summariseBurstTrace(events: TraceEvent[]): BurstTrace {
  const threadsNamed = (names: Set<string>) =>
    new Set(
      events
        .filter((event) => event.ph === 'M' && event.name === 'thread_name' && names.has(event.args?.name ?? ''))
        .map(threadOf),
    );
  const mainThreads = threadsNamed(new Set(['CrRendererMain']));
  const tasks = events.filter(
    (event) => event.ph === 'X' && event.name === 'RunTask' && mainThreads.has(threadOf(event)),
  );
  if (tasks.length === 0) throw new Error("The trace holds no task of a page's main thread");
  const burst = tasks.reduce((longest, task) => ((task.tdur ?? 0) > (longest.tdur ?? 0) ? task : longest));
  const page = threadOf(burst);
  const burstEnd = burst.ts + (burst.dur ?? 0);
  const collections = events.filter(
    (event) =>
      event.ph === 'X' &&
      COLLECTIONS.has(event.name) &&
      threadOf(event) === page &&
      event.ts >= burst.ts &&
      event.ts < burstEnd,
  );
  const others = outermost(tasks.filter((task) => threadOf(task) === page)).filter((task) => task !== burst);
  // A worker's task that overlaps the burst counts for the share of it that does.
  const workerThreads = threadsNamed(WORKER_THREADS);
  let workersUs = 0;
  for (const thread of workerThreads) {
    const threadTasks = events.filter(
      (event) => event.ph === 'X' && event.name === 'RunTask' && threadOf(event) === thread,
    );
    for (const task of outermost(threadTasks)) {
      const overlap = Math.min(burstEnd, task.ts + (task.dur ?? 0)) - Math.max(burst.ts, task.ts);
      if (overlap > 0 && task.dur) workersUs += ((task.tdur ?? 0) * overlap) / task.dur;
    }
  }
  return {
    burstMs: sumMs([burst]),
    burstGcMs: sumMs(collections),
    burstGcs: collections.length,
    otherMs: sumMs(others),
    workersMs: workersUs / 1000,
  };
}

const ms = (value: number) => value.toFixed(2);

/** The traces' table: each contender's rounds, as medians, and how many rounds had a collection inside the burst. */
export function renderTraceTable(rows: { label: string; traces: BurstTrace[] }[]): string {
  const lines = [
    '| contender | burst task, CPU ms | of which collections, ms | rounds with a collection in the burst | the burst less its collections, ms | other tasks, CPU ms | workers during the burst, CPU ms |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { label, traces } of rows) {
    if (traces.length === 0) continue;
    const of = (pick: (trace: BurstTrace) => number) => ms(summarise(traces.map(pick)).median!);
    const withCollection = traces.filter((trace) => trace.burstGcs > 0).length;
    lines.push(
      `| ${label} | ${of((t) => t.burstMs)} | ${of((t) => t.burstGcMs)} | ${withCollection} of ${traces.length} | ${of((t) => t.burstMs - t.burstGcMs)} | ${of((t) => t.otherMs)} | ${of((t) => t.workersMs)} |`,
    );
  }
  return lines.join('\n');
}
