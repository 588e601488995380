// The histogram's buckets: a width that gives at most MAX_BUCKETS over the range asked (or, without one, over the
// matched logs' own first and last times, a wrong clock's dates left out: chart-span.ts), and the store's counts per
// (bucket, level) laid out as every bucket of the range, the empty ones too (docs/volume-and-counts.md#volume).
import type { LogVolume } from '../../explorer-contract/api.types.ts';
import { splitScanned } from '../stores/explorer-queries.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { chartSpan } from './chart-span.ts';
import { rolledUpVolume, rollupFits } from './volume-rollup.ts';

export const MAX_BUCKETS = 60;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Widths a person reads at a glance; past the last, whole days. */
const WIDTHS = [1, 2, 5, 10, 15, 30]
  .map((n) => n * SECOND)
  .concat(
    [1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
    [1, 2, 3, 6, 12].map((n) => n * HOUR),
    [1, 2, 7].map((n) => n * DAY),
  );

/** The narrowest width that covers [first, last] in MAX_BUCKETS buckets or fewer. */
export function bucketWidth(first: number, last: number): number {
  const buckets = (width: number) => Math.floor(last / width) - Math.floor(first / width) + 1;
  const width = WIDTHS.find((candidate) => buckets(candidate) <= MAX_BUCKETS);
  if (width !== undefined) return width;
  let days = Math.ceil((last - first) / DAY / MAX_BUCKETS);
  while (buckets(days * DAY) > MAX_BUCKETS) days++;
  return days * DAY;
}

/** The histogram of `filter`'s logs. A range's `to` is exclusive, so its last bucket is the one holding to - 1. */
export async function logVolume(queries: ExplorerQueries, filter: LogFilter): Promise<LogVolume> {
  const split = filter.search && splitScanned(filter.search);
  const scanned = split !== undefined && split.scanned.groups.length > 0;
  const span = await chartSpan(queries, filter);
  if (!span) return { bucketMs: 0, buckets: [] };
  const { first, last, leftOut } = span;
  const bucketMs = bucketWidth(first, last);
  const start = Math.floor(first / bucketMs);
  const buckets = Array.from({ length: Math.floor(last / bucketMs) - start + 1 }, (_, index) => ({
    at: (start + index) * bucketMs,
    levels: [0, 0, 0, 0, 0, 0],
  }));
  // The view's logs are counted whole; a log a wrong clock dated outside the span has no bar (chart-span.ts).
  const add = (row: { bucket: number; level: number; n: number }) => {
    const bucket = buckets[row.bucket - start];
    if (bucket) bucket.levels[row.level]! += row.n;
  };
  if (scanned) {
    const { rows, scan } = await queries.scanVolume(filter, bucketMs);
    rows.forEach(add);
    return { bucketMs, buckets, scan, ...(leftOut && { leftOut }) };
  }
  const counts = rollupFits(filter) ? rolledUpVolume(queries, filter, bucketMs) : queries.volume(filter, bucketMs);
  (await counts).forEach(add);
  return { bucketMs, buckets, ...(leftOut && { leftOut }) };
}
