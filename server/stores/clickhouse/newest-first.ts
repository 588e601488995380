// The newest logs of a view, found before they are read (docs/clickhouse.md#reads): ClickHouse before 19.x cannot read
// a table in its sort order for `ORDER BY at DESC LIMIT n`, so it reads every column named, of every log the view
// holds, and then keeps the newest n: over 10,000,000 logs a first page read gigabytes. Here the view's newest are
// found first, in time windows newest first (time-windows.ts), reading only what the view's conditions need and `at`
// (and `id`); their columns are then read where the primary key (app, at) finds them.
import type { LogCursor } from '../explorer-queries.types.ts';
import { NEWEST_FIRST } from './log-read-context.ts';
import { sqlFloat, sqlInteger } from './sql-literal.ts';
import { walkNewestFirst, type WindowedView } from './time-windows.ts';

type Rows = <T>(query: string) => Promise<T[]>;

/** The most logs read by their ids: 2,000 ids are about 32 KB of a query that must stay under max_query_size (256 KiB). */
export const MAX_CURSORS = 2_000;

/** The (at, id) of the view's newest `count` logs, newest first. */
export async function newestCursors(rows: Rows, table: string, view: WindowedView, count: number) {
  const found: LogCursor[] = [];
  await walkNewestFirst(rows, table, view, count, async (window) => {
    const more = await rows<LogCursor>(
      `SELECT at, id FROM ${table} WHERE ${view.where} AND ${window} ${NEWEST_FIRST} LIMIT ${sqlInteger(count - found.length)}`,
    );
    found.push(...more);
    return more.length;
  });
  return found;
}

/** A condition holding those logs, for the read of their columns: their range of `at`, which the primary key narrows
 * to a few granules, and their ids. */
export function cursorsCondition(cursors: LogCursor[]): string {
  const ats = cursors.map((cursor) => cursor.at);
  const ids = [...new Set(cursors.map((cursor) => sqlInteger(cursor.id)))];
  return `at >= ${sqlFloat(Math.min(...ats))} AND at <= ${sqlFloat(Math.max(...ats))} AND id IN (${ids.join(', ')})`;
}

/** The (at, id) of the view's `n`th newest log, undefined when it holds fewer: the windows counted, then the one that
 * reaches `n` read to it. */
export async function nthNewest(rows: Rows, table: string, view: WindowedView, n: number) {
  let counted = 0;
  let nth: LogCursor | undefined;
  await walkNewestFirst(rows, table, view, n, async (window) => {
    const where = `${view.where} AND ${window}`;
    const [held] = await rows<{ n: number }>(`SELECT count() AS n FROM ${table} WHERE ${where}`);
    const inWindow = held?.n ?? 0;
    if (counted + inWindow >= n)
      [nth] = await rows<LogCursor>(
        `SELECT at, id FROM ${table} WHERE ${where} ${NEWEST_FIRST} LIMIT 1 OFFSET ${sqlInteger(Math.max(1, n - counted) - 1)}`,
      );
    counted += inWindow;
    return inWindow;
  });
  return nth;
}

/** ` AND at >= …`: the time of the view's `count`th newest log, which every one of its newest `count` has reached;
 * '' when the view holds fewer. */
export async function newestEdge(rows: Rows, table: string, view: WindowedView, count: number) {
  const edge = await nthNewest(rows, table, view, Math.max(1, count));
  return edge ? ` AND at >= ${sqlFloat(edge.at)}` : '';
}
