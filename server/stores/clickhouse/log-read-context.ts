// What the ClickHouse explorer's reads of logs share (explorer-logs.ts, scan-reads.ts, split-volume.ts): the table,
// a query's rows, a filter's WHERE clause, the rows as the API's logs, and the SQL of a log's columns and of the
// keyset (at, id).
import { LIST_TEXT_CHARS } from '../../../explorer-contract/api.types.ts';
import type { ExplorerLog, ExplorerQueries, LogCursor, LogFilter } from '../explorer-queries.types.ts';
import { COLUMN_NAMES } from '../log-columns.ts';
import type { FilterContext } from './search-sql.ts';
import { sqlFloat, sqlInteger } from './sql-literal.ts';

export type Row = Omit<ExplorerLog, 'session_uid' | 'udid' | 'device_name'> & {
  session_id: number;
  t_cut?: string | null;
  t_chars?: number;
};

export interface LogReadContext {
  /** `database.logs`. */
  table: string;
  rows<T>(query: string): Promise<T[]>;
  where(filter: LogFilter): Promise<string>;
  filters: FilterContext;
  /** The rows as the API's logs: the cut text back in `t`, and who each is from. */
  explorerLogs(appKey: string, found: Row[]): Promise<ExplorerLog[]>;
  /** SIDELOG_DB's facts of sessions and devices, which the logs name by session id. */
  facts: Pick<ExplorerQueries, 'sessionFacts' | 'deviceKeys'>;
}

/** A log's columns; with `cut`, the text's first LIST_TEXT_CHARS characters and its length (docs/explorer-views.md#long-lines),
 * under names of their own: an alias named as a column would stand for it in the WHERE clause too. */
export const columns = (cut: boolean | undefined) =>
  ['id', 'session_id', ...COLUMN_NAMES.filter((name) => !cut || name !== 't')].join(', ') +
  (cut ? `, substringUTF8(t, 1, ${LIST_TEXT_CHARS}) AS t_cut, lengthUTF8(ifNull(t, '')) AS t_chars` : '');

/** (at, id) before / at-or-after a cursor, spelled out: 18.16 compares no tuples. */
export const olderThan = (cursor: LogCursor) =>
  `(at < ${sqlFloat(cursor.at)} OR (at = ${sqlFloat(cursor.at)} AND id < ${sqlInteger(cursor.id)}))`;
export const notOlderThan = (cursor: LogCursor) =>
  `(at > ${sqlFloat(cursor.at)} OR (at = ${sqlFloat(cursor.at)} AND id >= ${sqlInteger(cursor.id)}))`;
export const NEWEST_FIRST = 'ORDER BY at DESC, id DESC';
