// Preloaded into a process under timeline.ts (`--import`): each garbage collection of each of its threads, appended to
// the file GC_TRACE_FILE as `thread start-ms duration-ms kind`, on the wall clock (ms since the epoch), so that the
// pauses line up with the load generator's batches. Worker threads inherit the flag and append their own.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';

const file = process.env.GC_TRACE_FILE;
if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .map(
        (entry) =>
          `${threadId} ${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(2)} ${entry.detail?.kind ?? 0}\n`,
      );
    appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });
}
