// What PostgreSQL's explorer queries read logs with, made once a pool: its statements, a filter's clause
// (log-filter.ts), and a scan for a fragment (server/stores/fragment-scan.ts). Each view's queries (the other files of
// this folder) take it.
import type pg from 'pg';
import { listLogColumns, LOG_COLUMNS, LOG_FROM, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerLog, LogFilter } from '../../explorer-queries.types.ts';
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import { NOTHING_READ, runScanAsync, type ScanPlan } from '../../fragment-scan.ts';
import { sql } from '../client.ts';
import { searchSql } from '../search-sql.ts';
import { logWhere, parameters } from './log-filter.ts';

/** LOG_COLUMNS for a list (docs/explorer-views.md#long-lines). */
export const LIST_LOG_COLUMNS = listLogColumns(
  LOG_COLUMNS,
  (text, chars) => `left(${text}, ${chars})`,
  (text) => `char_length(${text})`,
);

export function logReads(pool: pg.Pool) {
  const statements = sql(pool);
  const { all } = statements;
  const where = logWhere(statements);

  /** A plan's scan of the filter's logs for the search's scanned groups (docs/explorer.md#fragments). */
  async function scan<R>(filter: LogFilter, search: SearchQuery, plan: ScanPlan<R>): Promise<R> {
    const { narrowing, scanned } = splitScanned(search);
    const p = parameters();
    const clause = await where({ ...filter, search: narrowing }, p);
    if (clause === 'none') return plan.result(NOTHING_READ);
    return runScanAsync(plan, {
      async candidates(last, take) {
        const q = parameters();
        q.values.push(...p.values);
        const after = last ? ` AND (l.at, l.id) < (${q.add(last.at)}, ${q.add(last.id)})` : '';
        const rows = await all<{ id: number; at: number }>(
          `SELECT l.id, l.at FROM logs l WHERE ${clause}${after} ORDER BY l.at DESC, l.id DESC LIMIT ${q.add(take)}`,
          ...q.values,
        );
        return rows.map((row) => ({ at: row.at, id: Number(row.id) }));
      },
      matching(ids) {
        const t = parameters();
        const idList = t.add(ids);
        const test = searchSql(scanned, filter.appKey, t.add);
        return all<ExplorerLog>(
          `SELECT ${plan.columns} FROM ${LOG_FROM} WHERE l.id = ANY (${idList}::bigint[]) AND ${test} ORDER BY l.at DESC, l.id DESC`,
          ...t.values,
        );
      },
    });
  }

  return { ...statements, pool, where, scan };
}

export type LogReads = ReturnType<typeof logReads>;
