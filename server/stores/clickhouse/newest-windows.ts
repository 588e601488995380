// The newest logs of a view, read in windows (docs/clickhouse.md#reads): ClickHouse before 19.x cannot read a table
// in its sort order for `ORDER BY at DESC LIMIT n`, so it reads every column named, of every log the view holds, and
// then keeps the newest n: over 10,000,000 logs a first page read gigabytes. Here the window's lower edge is found
// first, reading the app's `at` only (`LIMIT 1 OFFSET window - 1`), and the view is read above it, where the primary
// key (app, at) skips the rest. A window that holds too few of the view's logs grows sixteenfold, once; then the whole
// app is read, as before: each window's edge costs a read of the app's `at`, so a rare view is not made to pay many.
import type { ClickHouseClient } from '@clickhouse/client';
import { sqlFloat, sqlInteger } from './sql-literal.ts';

/** The windows tried before the whole app: its newest 10,000 logs (a page of a view holding one log in a hundred),
 * then 160,000. */
export const WINDOWS = [10_000, 160_000];

/** `read(edge)` is the view's query with `edge` (` AND at >= …`, or '' for the whole app) added to its WHERE;
 * `enough(found)` says whether the window held what was wanted. `around` is the cheap part of the view: the app, and
 * the cursor when there is one. */
export async function inNewestWindows<T>(
  client: ClickHouseClient,
  table: string,
  around: string,
  read: (edge: string) => Promise<T>,
  enough: (found: T) => boolean,
  windows: readonly number[] = WINDOWS,
): Promise<T> {
  for (const window of windows) {
    const result = await client.query({
      query: `SELECT at FROM ${table} WHERE ${around} ORDER BY at DESC LIMIT 1 OFFSET ${sqlInteger(window - 1)}`,
      format: 'JSONEachRow',
    });
    const [edge] = (await result.json()) as { at: number }[];
    // No edge: the app holds fewer logs than the window, which is then all of them.
    if (!edge) break;
    const found = await read(` AND at >= ${sqlFloat(edge.at)}`);
    if (enough(found)) return found;
  }
  return read('');
}
