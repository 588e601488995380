// The budget of counts by a field (docs/volume-and-counts.md#counts-by-a-field), for both stores: a split reads at most
// the view's newest SPLIT_ROWS logs, one GROUP BY over them, as a fragment's page reads at most its scan's budget, and
// says where it stopped when the view holds more. No rollup answers a split (its value is read per log, a text's JSON
// too), so over a million logs an unbounded one took 1.5 to 2.5 s.
import type { ScanProgress } from '../../explorer-contract/api.types.ts';

/** The most logs a split reads, newest first: about a quarter of a second on 2 cores, a text's JSON read per log. */
export const SPLIT_ROWS = 100_000;

/** A split's rows as each store's GROUP BY over the newest `budget` logs reads them, with the oldest time of each. */
export interface SplitRow {
  bucket: number;
  value: string | null;
  n: number;
  oldest: number;
}

/** The counts, and, when the view held more logs than the budget (every log it read was counted: as many as the
 * budget), how far back they reach: the split's `scan`, as a fragment's histogram says it. */
export function budgetedSplit(
  rows: SplitRow[],
  budget: number,
): { rows: { bucket: number; value: string | null; n: number }[]; scan?: ScanProgress } {
  const read = rows.reduce((sum, row) => sum + row.n, 0);
  const counts = rows.map(({ bucket, value, n }) => ({ bucket, value, n }));
  if (read < budget) return { rows: counts };
  const scannedTo = Math.min(...rows.map((row) => row.oldest));
  return { rows: counts, scan: { scanned: read, scannedTo, complete: false } };
}
