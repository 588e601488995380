// The histogram's and the counts' reads on PostgreSQL (docs/volume-and-counts.md): a view's first and last time, its
// logs per bucket and level, the rollup kept as logs are stored, a capped count, and a fragment's count and volume
// among the logs its scan reads.
import { SCAN_ROWS, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerQueries } from '../../explorer-queries.types.ts';
import { scanCountPlan, scanVolumePlan, splitVolumePlan } from '../../fragment-scan.ts';
import { budgetedSplit, SPLIT_ROWS, type SplitRow } from '../../split-budget.ts';
import { splitValueSql } from '../split-value-sql.ts';
import { READ_VOLUME } from '../log-volume.ts';
import { parameters } from './log-filter.ts';
import type { LogReads } from './log-reads.ts';

type VolumeQueries = Pick<
  ExplorerQueries,
  'timeSpan' | 'volume' | 'rollup' | 'count' | 'scanCount' | 'scanVolume' | 'splitVolume'
>;

export function volumeQueries({ one, all, where, scan }: LogReads): VolumeQueries {
  return {
    async timeSpan(filter) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return undefined;
      // Each end read down the time index, as the stream's first page is.
      const end = async (order: 'ASC' | 'DESC') =>
        (
          await one<{ at: number }>(
            `SELECT l.at FROM logs l WHERE ${clause} ORDER BY l.at ${order} LIMIT 1`,
            ...p.values,
          )
        )?.at;
      const first = await end('ASC');
      return first === undefined ? undefined : { first, last: (await end('DESC'))! };
    },
    async volume(filter, bucketMs) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return [];
      return all<{ bucket: number; level: number; n: number }>(
        `SELECT floor(l.at / ${p.add(bucketMs)})::float8 AS bucket, coalesce(l.ll, 0) AS level, count(*)::int AS n FROM logs l WHERE ${clause} GROUP BY 1, 2`,
        ...p.values,
      );
    },
    async rollup(appKey, grain, from = Number.MIN_SAFE_INTEGER, to = Number.MAX_SAFE_INTEGER) {
      return all<{ slot: number; level: number; n: number }>(READ_VOLUME, appKey, grain, from, to);
    },
    async count(filter, cap) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return 0;
      return (await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM logs l WHERE ${clause} LIMIT ${p.add(cap + 1)}) AS matched`,
        ...p.values,
      ))!.n;
    },
    scanCount: (filter, cap, scanRows = SCAN_ROWS) => scan(filter, filter.search!, scanCountPlan(cap, scanRows)),
    scanVolume: (filter, bucketMs, scanRows = SCAN_ROWS) =>
      scan(filter, filter.search!, scanVolumePlan(bucketMs, scanRows)),
    async splitVolume(filter, bucketMs, by, rows = SPLIT_ROWS) {
      const value = splitValueSql(by);
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scan(filter, filter.search, splitVolumePlan(bucketMs, value, rows));
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { rows: [] };
      // The view's newest `rows` logs down the time index, their values read only for those (split-budget.ts).
      const counted = await all<SplitRow>(
        `SELECT floor(at / ${p.add(bucketMs)})::float8 AS bucket, value, count(*)::int AS n, min(at) AS oldest FROM (
           SELECT l.at, ${value} AS value FROM logs l WHERE ${clause} ORDER BY l.at DESC, l.id DESC LIMIT ${p.add(rows)}
         ) AS newest GROUP BY 1, 2`,
        ...p.values,
      );
      return budgetedSplit(counted, rows);
    },
  };
}
