// Headless Chromium (found as the tests find it) driven over a bare CDP pipe. Each page is a new tab
// attached with the Page and Performance domains only, so that nothing DevTools-side listens to its console.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';
import type { TraceEvent } from './burst-trace.ts';
import { createCdpPipe } from './cdp-pipe.ts';

/** Chromium's main-thread time of a page's renderer so far, in seconds (Performance.getMetrics). */
export interface MainThreadSeconds {
  /** Its tasks' time (TaskDuration): their CPU and any wait for a core while they ran. */
  task: number;
  /** The main thread's CPU time (ThreadTime): the work alone, whatever else shares the cores. */
  cpu: number;
}

interface BenchPage {
  mainThreadSeconds(): Promise<MainThreadSeconds>;
  /** Starts Chromium's sampling CPU profiler on the page (`--profile`; it slows the page, so only for finding where time goes). */
  startProfile(): Promise<void>;
  /** Stops it; resolves to the profile, as DevTools saves a .cpuprofile. */
  stopProfile(): Promise<unknown>;
  /** Navigates away, as a user leaving the page: loggers send what they still hold. */
  leave(): Promise<void>;
  close(): Promise<void>;
}

export interface BenchBrowser {
  /** The product string, e.g. 'HeadlessChrome/156.0.8078.79'. */
  version: string;
  open(url: string): Promise<BenchPage>;
  /** Starts a trace of every process (`--trace`): each task of each thread with its thread time, and V8's collections
   * within them. Lighter than the profiler, which samples every function. */
  startTrace(): Promise<void>;
  /** Ends it; resolves to its events, as DevTools saves a trace's `traceEvents`. */
  stopTrace(): Promise<TraceEvent[]>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<BenchBrowser> {
  // A profile on disk, as a user's is: IndexedDB then costs what it costs in a real browser.
  const profile = mkdtempSync(join(tmpdir(), 'sidelog-bench-'));
  const chromium = spawn(
    findChromium(),
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      // A tab the bench is not looking at must not be throttled like a background tab.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      // The closed-tab bench's page opens the tab that logs and closes itself, with no user gesture to allow it.
      '--disable-popup-blocking',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const cdp = createCdpPipe(chromium.stdio[3] as Writable, chromium.stdio[4] as Readable);
  const exited = new Promise<void>((resolve) => chromium.once('exit', () => resolve()));
  chromium.once('exit', () => cdp.close(new Error('Chromium exited')));
  const { product } = await cdp.send<{ product: string }>('Browser.getVersion');
  /** The trace under way (`startTrace`): its events once Chromium says it is complete. */
  let tracing: Promise<TraceEvent[]> | undefined;

  return {
    version: product,
    async open(url) {
      const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      await cdp.send('Performance.enable', {}, sessionId);
      await cdp.send('Page.navigate', { url }, sessionId);
      return {
        async mainThreadSeconds() {
          const { metrics } = await cdp.send<{ metrics: { name: string; value: number }[] }>(
            'Performance.getMetrics',
            {},
            sessionId,
          );
          const value = (name: string) => metrics.find((metric) => metric.name === name)!.value;
          return { task: value('TaskDuration'), cpu: value('ThreadTime') };
        },
        async startProfile() {
          await cdp.send('Profiler.enable', {}, sessionId);
          await cdp.send('Profiler.setSamplingInterval', { interval: 50 }, sessionId);
          await cdp.send('Profiler.start', {}, sessionId);
        },
        async stopProfile() {
          const { profile } = await cdp.send<{ profile: unknown }>('Profiler.stop', {}, sessionId);
          return profile;
        },
        async leave() {
          await cdp.send('Page.navigate', { url: 'about:blank' }, sessionId);
        },
        async close() {
          await cdp.send('Target.closeTarget', { targetId }).catch(() => {});
        },
      };
    },
    async startTrace() {
      // Listening from the start: Chromium may send a trace's chunks before it is ended.
      const events: TraceEvent[] = [];
      const complete = new Promise<TraceEvent[]>((resolve) => {
        const stop = cdp.listen(({ method, params }) => {
          if (method === 'Tracing.dataCollected') events.push(...(params.value as TraceEvent[]));
          if (method !== 'Tracing.tracingComplete') return;
          stop();
          resolve(events);
        });
      });
      tracing = complete;
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        // Tasks with their thread time (disabled-by-default-devtools.timeline), collections and calls (devtools.timeline,
        // v8), and the threads' names (__metadata).
        traceConfig: {
          includedCategories: ['disabled-by-default-devtools.timeline', 'devtools.timeline', 'v8', '__metadata'],
        },
      });
    },
    async stopTrace() {
      const complete = tracing;
      if (!complete) throw new Error('No trace was started');
      tracing = undefined;
      await cdp.send('Tracing.end');
      return complete;
    },
    async close() {
      await cdp.send('Browser.close').catch(() => {});
      const killed = setTimeout(() => chromium.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
