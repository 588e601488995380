// The histogram's and the counts' reads on SQLite (docs/volume-and-counts.md): a view's first and last time, its logs
// per bucket and level, the rollup kept as logs are stored, a capped count, and a fragment's count and volume among
// the logs its scan reads.
import type { LogFilter, ScanCount } from '../../explorer-queries.types.ts';
import { SCAN_ROWS, splitScanned } from '../../explorer-queries.ts';
import type { SplitBy } from '../../../../explorer-contract/field-counts.ts';
import { scanCountPlan, scanVolumePlan, splitVolumePlan } from '../../fragment-scan.ts';
import { budgetedSplit, SPLIT_ROWS, type SplitRow } from '../../split-budget.ts';
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

  /** The counts by a field's value (ExplorerQueries.splitVolume): one GROUP BY over the view's newest `rows` logs, or
   * over what its scan reads of them (split-budget.ts). */
  function splitVolume(filter: LogFilter, bucketMs: number, by: SplitBy, rows = SPLIT_ROWS) {
    const value = splitValueSql(by);
    if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
      return scan(filter, filter.search, splitVolumePlan(bucketMs, value, rows));
    const clause = where(filter);
    if (clause === 'none') return { rows: [] };
    const counted = db
      .prepare(
        `SELECT CAST(floor(at * 1.0 / ?) AS INTEGER) AS bucket, value, count(*) AS n, min(at) AS oldest FROM (
           SELECT l.at, ${value} AS value FROM logs l WHERE ${clause.sql} ORDER BY l.at DESC, l.id DESC LIMIT ?
         ) GROUP BY bucket, value`,
      )
      .all(bucketMs, ...clause.params, rows) as SplitRow[];
    return budgetedSplit(counted, rows);
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
