// The newest logs of a view, found before they are read (docs/clickhouse.md#reads): ClickHouse before 19.x cannot read
// a table in its sort order for `ORDER BY at DESC LIMIT n`, so it reads every column named, of every log the view
// holds, and then keeps the newest n: over 10,000,000 logs a first page read gigabytes. Here the view's newest are
// found first by reading only what the view's conditions need and `at` (and `id`); their columns are then read where
// the primary key (app, at) finds them.
import type { ClickHouseClient } from '@clickhouse/client';
import type { LogCursor } from '../explorer-queries.types.ts';
import { sqlFloat, sqlInteger } from './sql-literal.ts';

/** The most logs read by their ids: 2,000 ids are about 32 KB of a query that must stay under max_query_size (256 KiB). */
export const MAX_CURSORS = 2_000;

const cursorsOf = async (client: ClickHouseClient, query: string) =>
  (await (await client.query({ query, format: 'JSONEachRow' })).json()) as LogCursor[];

/** The (at, id) of the view's newest `count` logs, newest first. */
export const newestCursors = (client: ClickHouseClient, table: string, where: string, count: number) =>
  cursorsOf(client, `SELECT at, id FROM ${table} WHERE ${where} ORDER BY at DESC, id DESC LIMIT ${sqlInteger(count)}`);

/** A condition holding those logs, for the read of their columns: their range of `at`, which the primary key narrows
 * to a few granules, and their ids. */
export function cursorsCondition(cursors: LogCursor[]): string {
  const ats = cursors.map((cursor) => cursor.at);
  const ids = [...new Set(cursors.map((cursor) => sqlInteger(cursor.id)))];
  return `at >= ${sqlFloat(Math.min(...ats))} AND at <= ${sqlFloat(Math.max(...ats))} AND id IN (${ids.join(', ')})`;
}

/** ` AND at >= …`: the time of the view's `count`th newest log, which every one of its newest `count` has reached;
 * '' when the view holds fewer. */
export async function newestEdge(client: ClickHouseClient, table: string, where: string, count: number) {
  const [edge] = await cursorsOf(
    client,
    `SELECT at FROM ${table} WHERE ${where} ORDER BY at DESC LIMIT 1 OFFSET ${sqlInteger(Math.max(1, count) - 1)}`,
  );
  return edge ? ` AND at >= ${sqlFloat(edge.at)}` : '';
}
