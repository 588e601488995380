// Counts by any field (docs/volume-and-counts.md#counts-by-a-field): the view's logs per bucket of the histogram's
// width and value of the chosen field, read by the store (ExplorerQueries.splitVolume), laid out as the histogram's
// buckets are (server/explorer/volume.ts), the values the most logs first: the top TOP_SPLIT_VALUES each a series with
// its search term, the rest together as "other", the logs without the field as "none", so that each bar sums to the
// bucket's logs and the values' counts to the view's.
import {
  splitName,
  splitTerm,
  TOP_SPLIT_VALUES,
  type FieldCounts,
  type SplitBy,
} from '../../explorer-contract/field-counts.ts';
import { LOG_LEVEL_NAMES } from '../../explorer-contract/log-filters.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { typedValue } from './key-facets.ts';
import { chartSpan } from './chart-span.ts';
import { bucketWidth } from './volume.ts';

/** A value as the store's split writes it (`n:502.0`, `s:net`, `j:"gold"`) as the page shows it and the search takes
 * it: a number as JavaScript writes it (so SQLite's 502.0 and PostgreSQL's 502.0 are both 502), a level by its name. */
export function shownValue(by: SplitBy, written: string | null): string | undefined {
  if (written === null) return undefined;
  const value = written.slice(2);
  if (written.startsWith('j:')) return typedValue(value);
  if (!written.startsWith('n:')) return value;
  return by.kind === 'level' ? (LOG_LEVEL_NAMES[Number(value)] ?? value) : String(Number(value));
}

const NONE = '\u0000none';
const OTHER = '\u0000other';

export async function fieldCounts(
  queries: ExplorerQueries,
  filter: LogFilter,
  by: SplitBy,
  scanRows?: number,
): Promise<FieldCounts> {
  const span = await chartSpan(queries, filter);
  if (!span) return { by: splitName(by), bucketMs: 0, values: [], buckets: [] };
  const { first, last, leftOut } = span;
  const bucketMs = bucketWidth(first, last);
  const start = Math.floor(first / bucketMs);
  const { rows, scan } = await queries.splitVolume(filter, bucketMs, by, scanRows);
  // Each value's total, then the top ones named; every other value counts as "other".
  const totals = new Map<string, number>();
  const shown = rows.map((row) => {
    const value = shownValue(by, row.value) ?? NONE;
    totals.set(value, (totals.get(value) ?? 0) + row.n);
    return { bucket: row.bucket, value, n: row.n };
  });
  const named = [...totals]
    .filter(([value]) => value !== NONE)
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_SPLIT_VALUES)
    .map(([value]) => value);
  const other = [...totals].reduce((sum, [value, n]) => (value === NONE || named.includes(value) ? sum : sum + n), 0);
  const series = [...named, ...(other > 0 ? [OTHER] : []), ...(totals.has(NONE) ? [NONE] : [])];
  const index = new Map(series.map((value, i) => [value, i]));
  const buckets = Array.from({ length: Math.floor(last / bucketMs) - start + 1 }, (_, i) => ({
    at: (start + i) * bucketMs,
    counts: series.map(() => 0),
  }));
  for (const row of shown) {
    const bucket = buckets[row.bucket - start];
    // A log outside the span has no bar, but counts in its value's total: one a wrong clock dated (chart-span.ts).
    if (bucket) bucket.counts[index.get(row.value) ?? index.get(OTHER)!]! += row.n;
  }
  return {
    by: splitName(by),
    bucketMs,
    values: series.map((value) => {
      if (value === OTHER) return { value: 'other', count: other, other: true as const };
      if (value === NONE) return { value: 'none', count: totals.get(NONE)!, none: true as const };
      const term = splitTerm(by, value);
      return { value, count: totals.get(value)!, ...(term !== undefined && { term }) };
    }),
    buckets,
    ...(scan && { scan }),
    ...(leftOut && { leftOut }),
  };
}
