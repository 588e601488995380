// The steps of a scan narrowed by a common word on SQLite (server/stores/fragment-scan.ts), read window by window as
// a page of common words is (common-words.ts): the other filters' next logs in time order, the word's FTS5 matches
// within that window's id range, and the scanned groups' test of those matches only. Asking for the narrowed view's
// next logs in one statement sorted every match of the word older than the step's start, whatever the step's size
// (166,000 for "payment": 1.1 s for a page of `payment @status>=500`); a window costs what it reads.
import type Database from 'better-sqlite3';
import type { SearchQuery } from '../../../../explorer-contract/search-query.ts';
import type { LogCursor } from '../../explorer-queries.types.ts';
import { PACED_FROM, pacedTake, type ScanStep } from '../../fragment-scan.ts';
import { searchSql } from '../search-sql.ts';
import type { SqlClause } from '../sql-clause.ts';

/** The fewest and the most of the other filters' logs a window reads. */
export const WINDOW_LOGS = { least: 500, most: 50_000 } as const;

/** The share of a window's logs the word is first guessed to hold: a common word's (COMMON_MATCHES) is seldom less
 * than 1 in 8 of an app's logs; the windows after the first size themselves by the share they found. */
const FIRST_SHARE = 1 / 8;

/** How much more than the share found so far says a window reads, so that the step's last window is seldom short. */
const MARGIN = 1.25;

export interface WordWindowScan {
  /** The filter's clause without the search (Where with `commonWords`). */
  clause: SqlClause;
  /** The search's groups the word index narrows by (splitScanned). */
  narrowing: SearchQuery;
  /** The scanned groups' test of a log. */
  test: SqlClause;
  appKey: string;
  /** When the scan's steps stop: a step past it ends after its window with what it found. */
  deadline: number;
}

/** A step reader for runScan: the narrowed view's next `take` logs older than `after`, each tested. A step that ends
 * at the deadline before it has `take` says `more`, its `last` the oldest log its windows read. */
export function wordWindowSteps(
  db: Database.Database,
  scan: WordWindowScan,
): (after: LogCursor | undefined, take: number) => ScanStep {
  const { clause, narrowing, test, appKey } = scan;
  const candidates = (before: string) =>
    db
      .prepare(`SELECT l.id, l.at FROM logs l WHERE ${clause.sql}${before} ORDER BY l.at DESC, l.id DESC LIMIT ?`)
      .raw();
  const first = candidates('');
  const next = candidates(' AND l.at <= ? AND (l.at < ? OR l.id < ?)');
  // The SQL is the same for every window; only the range in its parameters differs.
  const words = db
    .prepare(
      `SELECT l.id FROM logs l WHERE l.id BETWEEN ? AND ? AND ${searchSql(narrowing, appKey, { low: 0, high: 0 }).sql}`,
    )
    .pluck();
  const tested = db
    .prepare(`SELECT l.id FROM logs l WHERE l.id IN (SELECT value FROM json_each(?)) AND (${test.sql}) IS TRUE`)
    .pluck();
  // What the windows so far found of the word, for the next window's size.
  let seen = 0;
  let matched = 0;
  /** How many logs the last window of PACED_FROM logs or more read, in how many ms: the pace near the deadline (a
   * smaller window's time is mostly its statements' own, as a scan's steps are: pacedTake). */
  let pace: { read: number; ms: number } | undefined;

  function window(after: LogCursor | undefined, size: number): { read: [number, number][]; matches: Set<number> } {
    const read = (
      after ? next.all(...clause.params, after.at, after.at, after.id, size) : first.all(...clause.params, size)
    ) as [number, number][];
    if (read.length === 0) return { read, matches: new Set() };
    let low = Infinity;
    let high = -Infinity;
    for (const [id] of read) {
      low = Math.min(low, id);
      high = Math.max(high, id);
    }
    const range = searchSql(narrowing, appKey, { low, high });
    return { read, matches: new Set(words.all(low, high, ...range.params) as number[]) };
  }

  return (after, take) => {
    const ids: number[] = [];
    const ats: number[] = [];
    let cursor = after;
    let more = false;
    for (;;) {
      const share = seen === 0 ? FIRST_SHARE : Math.max(matched / seen, 1 / WINDOW_LOGS.most);
      const wanted = Math.round(
        Math.min(Math.max(((take - ids.length) / share) * MARGIN, WINDOW_LOGS.least), WINDOW_LOGS.most),
      );
      // Near the deadline a window reads only what the time left holds at the last window's pace (as a scan's steps
      // do: pacedTake), so that the step ends by the deadline, not a window of 50,000 logs after it.
      const now = performance.now();
      const time = pace && { read: pace.read, started: now - pace.ms, now, deadline: scan.deadline };
      const size = time ? Math.max(1, pacedTake(wanted, wanted, time)) : wanted;
      const { read, matches } = window(cursor, size);
      if (read.length >= PACED_FROM) pace = { read: read.length, ms: performance.now() - now };
      seen += read.length;
      matched += matches.size;
      for (const [id, at] of read) {
        if (!matches.has(id)) continue;
        ids.push(id);
        ats.push(at);
        // The step ends at its `take`-th match: the logs after it in this window are the next step's.
        if (ids.length === take) break;
      }
      if (ids.length === take || read.length < size) break;
      const [id, at] = read.at(-1)!;
      cursor = { at, id };
      if (performance.now() >= scan.deadline) {
        more = true;
        break;
      }
    }
    const hits = new Set(ids.length > 0 ? (tested.all(JSON.stringify(ids), ...test.params) as number[]) : []);
    const last: LogCursor | undefined = more
      ? cursor
      : ids.length > 0
        ? { at: ats.at(-1)!, id: ids.at(-1)! }
        : undefined;
    return { read: ids.length, last, hits: ids.filter((id) => hits.has(id)), ...(more ? { more } : {}) };
  };
}
