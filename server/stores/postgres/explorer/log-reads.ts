// What PostgreSQL's explorer queries read logs with, made once a pool: its statements, a filter's clause
// (log-filter.ts), and a scan for a fragment (server/stores/fragment-scan.ts). Each view's queries (the other files of
// this folder) take it.
import type pg from 'pg';
import { listLogColumns, LOG_COLUMNS, LOG_FROM, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerLog, LogFilter } from '../../explorer-queries.types.ts';
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import { NOTHING_READ, runScanAsync, type ScanPlan } from '../../fragment-scan.ts';
import { stepWithin } from './word-step.ts';
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
  const { one, all } = statements;
  const where = logWhere(statements);

  /** A plan's scan of the filter's logs for the search's scanned groups (docs/explorer.md#fragments). */
  async function scan<R>(filter: LogFilter, search: SearchQuery, plan: ScanPlan<R>): Promise<R> {
    const { narrowing, scanned } = splitScanned(search);
    const p = parameters();
    const clause = await where({ ...filter, search: narrowing }, p);
    if (clause === 'none') return plan.result(NOTHING_READ);
    const test = searchSql(scanned, filter.appKey, p.add);
    return runScanAsync(stepWithin(plan, narrowing), {
      async step(last, take) {
        const q = parameters();
        q.values.push(...p.values);
        const after = last ? ` AND (l.at, l.id) < (${q.add(last.at)}, ${q.add(last.id)})` : '';
        // The step's logs down the time index, each tested as it is read (its row is read once); back come how many
        // it read, the oldest of them ((at, id) as an array: arrays compare element by element) and the matches'
        // ids, in one row rather than a row a log read.
        const step = await one<{ n: number; oldest: [number, number] | null; hits: string[] | null }>(
          `SELECT count(*)::int AS n, min(ARRAY[at, id::float8]) AS oldest, array_agg(id) FILTER (WHERE hit) AS hits
           FROM (
             SELECT l.id, l.at, (${test}) IS TRUE AS hit FROM logs l WHERE ${clause}${after}
             ORDER BY l.at DESC, l.id DESC LIMIT ${q.add(take)}
           ) AS step`,
          ...q.values,
        );
        return {
          read: step?.n ?? 0,
          last: step?.oldest ? { at: step.oldest[0], id: step.oldest[1] } : undefined,
          hits: (step?.hits ?? []).map(Number),
        };
      },
      matching(ids) {
        return all<ExplorerLog>(
          `SELECT ${plan.columns} FROM ${LOG_FROM} WHERE l.id = ANY ($1::bigint[]) ORDER BY l.at DESC, l.id DESC`,
          ids,
        );
      },
    });
  }

  return { ...statements, pool, where, scan };
}

export type LogReads = ReturnType<typeof logReads>;
