// What SQLite's explorer queries read logs with, made once a connection: a filter's clause (log-filter.ts), a page of
// a clause's logs newest first, a scan for a fragment (server/stores/fragment-scan.ts), and a search for common words
// read window by window (common-words.ts). Each view's queries (the other files of this folder) take it.
import type Database from 'better-sqlite3';
import { listLogColumns, LOG_COLUMNS, LOG_FROM, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerLog, LogCursor, LogFilter } from '../../explorer-queries.types.ts';
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import { narrowedByWord, NOTHING_READ, runScan, stepOf, type ScanPlan } from '../../fragment-scan.ts';
import { searchSql } from '../search-sql.ts';
import { commonWords, COMMON_MATCHES, type CommonWords } from './common-words.ts';
import type { SqlClause } from '../sql-clause.ts';
import { logWhere, type Where } from './log-filter.ts';
import { wordWindowSteps } from './word-window-steps.ts';

/** LOG_COLUMNS for a list (docs/explorer-views.md#long-lines). */
export const LIST_LOG_COLUMNS = listLogColumns(
  LOG_COLUMNS,
  (text, chars) => `substr(${text}, 1, ${chars})`,
  (text) => `length(${text})`,
);

export interface LogReads {
  db: Database.Database;
  where: Where;
  /** A page of a clause's logs, newest first, older than `before` when given. */
  page(clause: SqlClause, before: LogCursor | undefined, limit: number, columns?: string): ExplorerLog[];
  /** A plan's scan of the filter's logs for the search's scanned groups (docs/explorer.md#fragments). */
  scan<R>(filter: LogFilter, search: SearchQuery, plan: ScanPlan<R>): R;
  /** Whether a search is better read window by window, and its page read so (common-words.ts). */
  common: CommonWords['common'];
  commonWordsPage: CommonWords['commonWordsPage'];
}

/** `tuning` lets tests reach the common-words path with few logs. */
export function logReads(db: Database.Database, tuning = { commonMatches: COMMON_MATCHES }): LogReads {
  const where = logWhere(db);

  function page(clause: SqlClause, before: LogCursor | undefined, limit: number, columns = LOG_COLUMNS) {
    let sql = clause.sql;
    const params = [...clause.params];
    if (before) {
      sql += ` AND l.at <= ? AND (l.at < ? OR l.id < ?)`;
      params.push(before.at, before.at, before.id);
    }
    return db
      .prepare(`SELECT ${columns} FROM ${LOG_FROM} WHERE ${sql} ORDER BY l.at DESC, l.id DESC LIMIT ?`)
      .all(...params, limit) as ExplorerLog[];
  }

  const words = commonWords(db, where, page, tuning.commonMatches);

  function scan<R>(filter: LogFilter, search: SearchQuery, plan: ScanPlan<R>): R {
    const { narrowing, scanned } = splitScanned(search);
    const clause = where({ ...filter, search: narrowing });
    if (clause === 'none') return plan.result(NOTHING_READ);
    const test = searchSql(scanned, filter.appKey);
    // Each step's logs read and tested in one statement; only the matches are read whole. The test is of the step's
    // logs once chosen, each found again by its rowid (OFFSET 0 keeps SQLite from folding the subquery into the outer
    // query): where a common word narrows, the word's matches are sorted by time first, and a test in the same SELECT
    // ran on every one of them (a parsed field over 166,000 logs a step, past the read's 5 s), while sorting them
    // whole rather than by (id, at) read a word and a fragment's 1,500 logs a second where this reads 3,500 to 7,500.
    const step = (before: string) =>
      db.prepare(
        `SELECT l.id, l.at, (${test.sql}) IS TRUE AS hit FROM (
           SELECT l.id, l.at FROM logs l WHERE ${clause.sql}${before} ORDER BY l.at DESC, l.id DESC LIMIT ? OFFSET 0
         ) AS step JOIN logs l ON l.id = step.id ORDER BY step.at DESC, step.id DESC`,
      );
    const first = step('');
    const next = step(' AND l.at <= ? AND (l.at < ? OR l.id < ?)');
    const matching = db.prepare(
      `SELECT ${plan.columns} FROM ${LOG_FROM} WHERE l.id IN (SELECT value FROM json_each(?)) ORDER BY l.at DESC, l.id DESC`,
    );
    type StepRow = { id: number; at: number; hit: number };
    const matchingRows = (ids: number[]) => matching.all(JSON.stringify(ids)) as ExplorerLog[];
    // Where a common word narrows, the statement above sorts every match of the word older than the step's start
    // whatever the step's size: its steps walk the word's matches window by window instead (word-window-steps.ts).
    if (narrowedByWord(narrowing) && words.common(narrowing)) {
      const others = where({ ...filter, search: narrowing }, { commonWords: true });
      if (others === 'none') return plan.result(NOTHING_READ);
      const step = wordWindowSteps(db, {
        clause: others,
        narrowing,
        test,
        appKey: filter.appKey,
        deadline: plan.deadline,
      });
      return runScan(plan, { step, matching: matchingRows });
    }
    return runScan(plan, {
      step: (after, take) =>
        stepOf(
          (after
            ? next.all(...test.params, ...clause.params, after.at, after.at, after.id, take)
            : first.all(...test.params, ...clause.params, take)) as StepRow[],
        ),
      matching: matchingRows,
    });
  }

  return { db, where, page, scan, ...words };
}
