// The histogram's and the counts' reads on SQLite (docs/volume-and-counts.md): a view's first and last time, its logs
// per bucket and level, the rollup kept as logs are stored, a capped count, and a fragment's count and volume among
// the logs its scan reads.
import type { LogCursor, LogFilter, ScanCount } from '../../explorer-queries.types.ts';
import { SCAN_ROWS, splitScanned } from '../../explorer-queries.ts';
import type { SplitBy } from '../../../../explorer-contract/field-counts.ts';
import { scanCountPlan, scanVolumePlan, splitVolumePlan } from '../../fragment-scan.ts';
import { runSplit, SPLIT_ROWS, SPLIT_WITHIN_MS, type SplitCount } from '../../split-budget.ts';
import { splitValueSql } from '../split-value-sql.ts';
import type { LogReads } from './log-reads.ts';

export function volumeQueries({ db, where, scan }: LogReads) {
  /** The first and last time among the filter's logs: each an end of the time index, read as the stream's page is. */
  function timeSpan(filter: LogFilter): { first: number; last: number } | undefined {
    const clause = where(filter);
    if (clause === 'none') return undefined;
    const end = (order: 'ASC' | 'DESC') =>
      (
        db
          .prepare(`SELECT l.at FROM logs l WHERE ${clause.sql} ORDER BY l.at ${order} LIMIT 1`)
          .get(...clause.params) as { at: number } | undefined
      )?.at;
    const first = end('ASC');
    return first === undefined ? undefined : { first, last: end('DESC')! };
  }

  /** The histogram's counts: one GROUP BY over the filter's logs (floor, not integer division, for times before 1970). */
  function volume(filter: LogFilter, bucketMs: number): { bucket: number; level: number; n: number }[] {
    const clause = where(filter);
    if (clause === 'none') return [];
    return db
      .prepare(
        `SELECT CAST(floor(l.at * 1.0 / ?) AS INTEGER) AS bucket, ifnull(l.ll, 0) AS level, count(*) AS n FROM logs l WHERE ${clause.sql} GROUP BY bucket, level`,
      )
      .all(bucketMs, ...clause.params) as { bucket: number; level: number; n: number }[];
  }

  /** The rollup's counts (docs/volume-and-counts.md#the-rollup), read down its primary key. */
  function rollup(
    appKey: string,
    grain: number,
    from = Number.MIN_SAFE_INTEGER,
    to = Number.MAX_SAFE_INTEGER,
  ): { slot: number; level: number; n: number }[] {
    return db
      .prepare(
        `SELECT slot, level, n FROM log_volume WHERE app_key = ? AND grain = ? AND slot >= ? AND slot < ? AND n > 0`,
      )
      .all(appKey, grain, from, to) as { slot: number; level: number; n: number }[];
  }

  /** The counts by a field's value (ExplorerQueries.splitVolume): the view's newest `rows` logs at most, read in steps
   * each one GROUP BY, for SPLIT_WITHIN_MS at most; or what its scan reads of them (split-budget.ts). */
  function splitVolume(filter: LogFilter, bucketMs: number, by: SplitBy, rows = SPLIT_ROWS) {
    const value = splitValueSql(by);
    const deadline = performance.now() + SPLIT_WITHIN_MS;
    if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
      return scan(filter, filter.search, splitVolumePlan(bucketMs, value, rows, deadline));
    const clause = where(filter);
    if (clause === 'none') return { rows: [] };
    const older = ' AND l.at <= ? AND (l.at < ? OR l.id < ?)';
    const newest = (before: string) => `FROM logs l WHERE ${clause.sql}${before} ORDER BY l.at DESC, l.id DESC`;
    const counts = (before: string) =>
      db.prepare(
        `SELECT CAST(floor(at * 1.0 / ?) AS INTEGER) AS bucket, value, count(*) AS n FROM (
           SELECT l.at, ${value} AS value ${newest(before)} LIMIT ?
         ) GROUP BY bucket, value`,
      );
    // The step's oldest log, where the next goes on from: down the time index again, no value read.
    const edge = (before: string) => db.prepare(`SELECT l.at, l.id ${newest(before)} LIMIT 1 OFFSET ?`);
    const [first, next, firstEdge, nextEdge] = [counts(''), counts(older), edge(''), edge(older)];
    return runSplit(rows, deadline, (after, take) => {
      const at = after ? [after.at, after.at, after.id] : [];
      const counted = (after ? next : first).all(bucketMs, ...clause.params, ...at, take) as SplitCount[];
      const read = counted.reduce((sum, row) => sum + row.n, 0);
      const last = (after ? nextEdge : firstEdge).get(...clause.params, ...at, take - 1) as LogCursor | undefined;
      return { counts: counted, read, last };
    });
  }

  function count(filter: LogFilter, cap: number): number {
    const clause = where(filter);
    if (clause === 'none') return 0;
    return (
      db
        .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM logs l WHERE ${clause.sql} LIMIT ?)`)
        .get(...clause.params, cap + 1) as { n: number }
    ).n;
  }

  return {
    timeSpan,
    volume,
    rollup,
    count,
    scanCount: (filter: LogFilter, cap: number, scanRows = SCAN_ROWS): ScanCount =>
      scan(filter, filter.search!, scanCountPlan(cap, scanRows)),
    scanVolume: (filter: LogFilter, bucketMs: number, scanRows = SCAN_ROWS) =>
      scan(filter, filter.search!, scanVolumePlan(bucketMs, scanRows)),
    splitVolume,
  };
}
