// The budget of counts by a field (docs/volume-and-counts.md#counts-by-a-field), for both stores: a split reads the
// view's logs newest first in steps, each step one GROUP BY of its logs by bucket and value, until it has read
// SPLIT_ROWS logs or SPLIT_WITHIN_MS have passed, and says where it stopped when the view holds more, as a fragment's
// histogram does. No rollup answers a split (its value is read per log, a text's JSON too), so over a million logs an
// unbounded one took 1.5 to 3.5 s, and a parsed field's 100,000 logs still 1.6 s on PostgreSQL on a loaded machine.
// The steps are a generator that asks its store for rows, as the fragment's scan is (fragment-scan.ts): SQLite
// answers at once, PostgreSQL with promises.
import type { ScanProgress } from '../../explorer-contract/api.types.ts';
import type { LogCursor } from './explorer-queries.types.ts';
import { MAX_STEP, pacedTake } from './fragment-scan.ts';

/** The most logs a split reads, newest first. */
export const SPLIT_ROWS = 100_000;
/** How long a split reads at most: with its time span, the answer's layout and a last step past it on a loaded
 * machine, under half a second. */
export const SPLIT_WITHIN_MS = 300;
/** The first step: small, so that the pace is known before a large one is asked for; a split's time is its values'
 * reading, paced from the first step on. */
const FIRST_STEP = 2_000;

/** A split's counts: logs per bucket and value. */
export interface SplitCount {
  bucket: number;
  value: string | null;
  n: number;
}

/** A step as its store read it: the counts of its logs, how many it read, and the last (oldest) of them. */
export interface SplitStep {
  counts: SplitCount[];
  read: number;
  last: LogCursor | undefined;
}

export interface SplitAnswer {
  rows: SplitCount[];
  scan?: ScanProgress;
}

/** The split's steps: the next `take` logs older than `after`, until the budget of logs or time is spent; then the
 * counts, with how far they reach when the view held more. */
export function* splitSteps(
  budget: number,
  deadline: number,
): Generator<{ after: LogCursor | undefined; take: number }, SplitAnswer, SplitStep> {
  const counts = new Map<string, SplitCount>();
  let read = 0;
  let last: LogCursor | undefined;
  let size = Math.min(FIRST_STEP, Math.max(1, budget));
  let take = size;
  for (;;) {
    const started = performance.now();
    const step = yield { after: last, take };
    for (const count of step.counts) {
      const key = `${count.bucket} ${count.value}`;
      const sum = counts.get(key);
      if (sum) sum.n += count.n;
      else counts.set(key, { ...count });
    }
    read += step.read;
    if (step.read > 0) last = step.last;
    const rows = [...counts.values()];
    // Fewer than asked for: the view's oldest log was read.
    if (step.read < take) return { rows };
    const now = performance.now();
    if (read >= budget || now >= deadline)
      return { rows, scan: { scanned: read, scannedTo: last?.at ?? null, complete: false } };
    size = Math.min(size * 2, MAX_STEP);
    take = pacedTake(size, budget - read, { read: step.read, started, now, deadline }, 0);
  }
}

/** Runs a split's steps on a store that answers at once. */
export function runSplit(
  budget: number,
  deadline: number,
  step: (after: LogCursor | undefined, take: number) => SplitStep,
): SplitAnswer {
  const steps = splitSteps(budget, deadline);
  let next = steps.next();
  while (!next.done) next = steps.next(step(next.value.after, next.value.take));
  return next.value;
}

/** Runs a split's steps on a store that answers with promises. */
export async function runSplitAsync(
  budget: number,
  deadline: number,
  step: (after: LogCursor | undefined, take: number) => Promise<SplitStep>,
): Promise<SplitAnswer> {
  const steps = splitSteps(budget, deadline);
  let next = steps.next();
  while (!next.done) next = steps.next(await step(next.value.after, next.value.take));
  return next.value;
}
