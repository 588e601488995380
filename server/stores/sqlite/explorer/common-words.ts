// A search for common words on SQLite: a word every other log holds matches too many logs to look up as one set and
// sort, so the other filters' logs are read in windows of time, and each window's matches come from the word index by
// the window's id range (ids follow time closely, so the range is tight). Windows grow as they come back with few
// matches (docs/explorer.md#search).
import type Database from 'better-sqlite3';
import { encodeCursor, pageOf } from '../../explorer-queries.ts';
import type { ExplorerLog, LogCursor, LogFilter, LogPage } from '../../explorer-queries.types.ts';
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import { MAX_STEP, pageStep } from '../../fragment-scan.ts';
import { indexMatch, searchSql } from '../search-sql.ts';
import type { SqlClause } from '../sql-clause.ts';
import type { Where } from './log-filter.ts';

/** A search matching this many logs or more is run window by window rather than as one set. */
export const COMMON_MATCHES = 5_000;

type Page = (clause: SqlClause, before: LogCursor | undefined, limit: number, columns?: string) => ExplorerLog[];

export type CommonWords = ReturnType<typeof commonWords>;

export function commonWords(db: Database.Database, where: Where, page: Page, commonMatches: number) {
  const indexCount = {
    logs_fts: db
      .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM logs_fts WHERE logs_fts MATCH ? LIMIT ${commonMatches})`)
      .pluck(),
  };

  /** Whether a search is better run window by window: it looks terms up in an index, and none of the terms every
   * log must match is rare (one rare term makes the set of candidates small). */
  function common(search: SearchQuery): boolean {
    const lookups = search.groups.flat().filter((clause) => indexMatch(clause.term) !== undefined);
    if (lookups.length === 0) return false;
    return !search.groups.some((group) => {
      const index = group.length === 1 && !group[0]!.negated ? indexMatch(group[0]!.term) : undefined;
      return index !== undefined && (indexCount[index.table].get(index.match) as number) < commonMatches;
    });
  }

  /** A page of the search's logs, newest first. Past `deadline`, the page ends with what it found, its `next` at the
   * last log read, so that no page reads for longer than its caller allows. */
  function commonWordsPage(
    filter: LogFilter,
    search: SearchQuery,
    before: LogCursor | undefined,
    limit: number,
    deadline: number,
    columns: string,
  ): LogPage {
    const clause = where(filter, { commonWords: true });
    if (clause === 'none') return { logs: [], next: null };
    const found: ExplorerLog[] = [];
    let window = pageStep(limit);
    let cursor = before;
    while (found.length <= limit) {
      const candidates = page(clause, cursor, window, columns);
      if (candidates.length === 0) break;
      let low = Infinity;
      let high = -Infinity;
      for (const log of candidates) {
        low = Math.min(low, log.id);
        high = Math.max(high, log.id);
      }
      const inWindow = searchSql(search, filter.appKey, { low, high });
      const matched = new Set(
        db
          .prepare(`SELECT l.id FROM logs l WHERE l.id BETWEEN ? AND ? AND ${inWindow.sql}`)
          .pluck()
          .all(low, high, ...inWindow.params) as number[],
      );
      for (const log of candidates) if (matched.has(log.id) && found.length <= limit) found.push(log);
      if (candidates.length < window) break;
      cursor = candidates.at(-1)!;
      if (performance.now() > deadline) return { logs: found, next: encodeCursor(cursor) };
      window = Math.min(window * 2, MAX_STEP);
    }
    return pageOf(found, limit);
  }

  return { common, commonWordsPage };
}
