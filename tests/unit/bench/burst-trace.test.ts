// The bench's trace summary (bench/burst-trace.ts): the burst is the page's longest task, a collection counts when it
// falls inside it on the page's own main thread, and the page's other tasks are counted once each.
import { expect, test } from 'vitest';
import { renderTraceTable, summariseBurstTrace, type TraceEvent } from '../../../bench/burst-trace.ts';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const span = (name: string, pid: number, tid: number, ts: number, dur: number, tdur: number): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

const PAGE = 10;
const WORKER = 20;
const events: TraceEvent[] = [
  thread(PAGE, 1, 'CrRendererMain'),
  thread(PAGE, 2, 'DedicatedWorker thread'),
  thread(PAGE, 3, 'SharedWorker thread'),
  thread(WORKER, 1, 'CrRendererMain'),
  // The fetch's answer, then the burst (25 ms of wall, 8 of CPU) with a scavenge inside it.
  span('RunTask', PAGE, 1, 1_000, 300, 250),
  span('RunTask', PAGE, 1, 2_000, 25_000, 8_000),
  span('MinorGC', PAGE, 1, 15_000, 10_000, 540),
  // A scavenge after the burst is not the burst's; a nested task counts in the one around it.
  span('RunTask', PAGE, 1, 950_000, 550, 500),
  span('RunTask', PAGE, 1, 950_100, 100, 90),
  span('MinorGC', PAGE, 1, 950_200, 300, 300),
  // Another thread's and another renderer's work, however long, is not the page's.
  span('RunTask', PAGE, 2, 100_000, 90_000, 60_000),
  span('MinorGC', PAGE, 2, 3_000, 1_000, 1_000),
  // The workers while the burst ran, on two threads at once: half of a 4 ms task (2 ms of CPU), so 1 ms, and all of
  // a 1 ms one (0.8 ms); one after the burst counts nothing.
  span('RunTask', PAGE, 2, 25_000, 4_000, 2_000),
  span('RunTask', PAGE, 3, 10_000, 1_000, 800),
  span('RunTask', PAGE, 3, 40_000, 1_000, 800),
  span('RunTask', WORKER, 1, 5_000, 4_000, 3_000),
];

test("a page's trace gives its burst by thread time, the collections inside it, its other tasks once each, and the workers' time beside the burst", () => {
  expect(summariseBurstTrace(events)).toEqual({
    burstMs: 8,
    burstGcMs: 0.54,
    burstGcs: 1,
    otherMs: 0.75,
    workersMs: 1.8,
  });
});

test('a burst without a collection says so, and the table counts the rounds that had one', () => {
  const quiet = summariseBurstTrace(events.filter((event) => !(event.name === 'MinorGC' && event.ts === 15_000)));
  expect(quiet).toEqual({ burstMs: 8, burstGcMs: 0, burstGcs: 0, otherMs: 0.75, workersMs: 1.8 });
  const table = renderTraceTable([{ label: 'Sidelog A', traces: [summariseBurstTrace(events), quiet, quiet] }]);
  expect(table.split('\n')[2]).toBe('| Sidelog A | 8.00 | 0.00 | 1 of 3 | 8.00 | 0.75 | 1.80 |');
});

test('a trace with no page in it is refused', () => {
  expect(() => summariseBurstTrace([thread(WORKER, 1, 'CrBrowserMain')])).toThrow(/no task of a page's main thread/);
});
