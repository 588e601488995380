// What every bench page does around its contender (docs/benchmarks.md#main-thread-cost):
// start the logger as its documentation says, wait until it is quiet, tell the bench it is ready (the bench
// reads Chromium's main-thread task time and answers), run the burst, tell the bench (it answers 3 s later,
// after reading the task time again), then report the figures only the page can see, and force a send.
import { watchDurable } from './durable-watch.ts';
import { makeLines, type BurstLines } from './lines.ts';
import { AFTER_MS } from './window.ts';

interface Contender {
  /** Starts the logger; resolves to what the page should report about it (e.g. Sidelog's mode). */
  start(params: URLSearchParams): Promise<Record<string, unknown> | void>;
  /** Logs every line, each with its object, the way a developer would call the logger. */
  burst(lines: BurstLines): void;
  /** Asks the logger to upload everything now; resolves when it says it has (if it says). */
  forceSend?(): Promise<void> | void;
}

/** After start-up the logger gets this long to finish its own work before the burst. */
const QUIET_MS = 500;
/** How long the page waits for its burst to be stored. */
const DURABLE_TIMEOUT_MS = 30_000;

const params = new URLSearchParams(location.search);
const page = params.get('page')!;
const control = params.get('control')!;
const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts a step to the bench; resolves when the bench answers, which is its signal to go on. */
async function report(step: string, body: Record<string, unknown> = {}): Promise<void> {
  await fetch(`${control}/step/${page}/${step}`, { method: 'POST', body: JSON.stringify(body) });
}

/** Total blocking time: each long task's time past 50 ms, for tasks that started in [from, to]. */
function blockingTime(tasks: PerformanceEntry[], from: number, to: number): number {
  return tasks
    .filter((task) => task.startTime + task.duration >= from && task.startTime <= to)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

export async function runBench(contender: Contender): Promise<void> {
  const count = Number(params.get('n'));
  const longTasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  let info: Record<string, unknown> | void;
  try {
    info = await contender.start(params);
  } catch (error) {
    await report('ready', { error: String(error) });
    return;
  }
  const durable = params.get('storage') === 'indexeddb' ? watchDurable(count) : undefined;
  const lines = makeLines(count);
  await sleep(QUIET_MS);

  await report('ready');
  const start = performance.now();
  contender.burst(lines);
  const end = performance.now();
  durable?.begin();
  const burstStartEpoch = performance.timeOrigin + start;
  await report('burst', { callMs: end - start });

  longTasks.push(...observer.takeRecords());
  observer.disconnect();
  const tbtMs = blockingTime(longTasks, start, end + AFTER_MS);
  const durableAt = durable
    ? await Promise.race([durable.stored, sleep(DURABLE_TIMEOUT_MS).then(() => undefined)])
    : undefined;
  // The window is over: the bench answered the burst's step after reading the main-thread time.
  durable?.stop();

  const forcedAtEpoch = epochNow();
  let forceError: string | undefined;
  try {
    await contender.forceSend?.();
  } catch (error) {
    forceError = String(error);
  }
  await report('result', {
    ...info,
    tbtMs,
    burstStartEpoch,
    durableMs: durableAt === undefined ? null : durableAt - burstStartEpoch,
    forcedAtEpoch,
    forceError,
  });
}
