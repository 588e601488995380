// The histogram's and the counts' reads on PostgreSQL (docs/volume-and-counts.md): a view's first and last time, its
// logs per bucket and level, the rollup kept as logs are stored, a capped count, and a fragment's count and volume
// among the logs its scan reads.
import { SCAN_ROWS, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerQueries } from '../../explorer-queries.types.ts';
import { scanCountPlan, scanVolumePlan, splitVolumePlan } from '../../fragment-scan.ts';
import { runSplitAsync, SPLIT_ROWS, SPLIT_WITHIN_MS } from '../../split-budget.ts';
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
      const deadline = performance.now() + SPLIT_WITHIN_MS;
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scan(filter, filter.search, splitVolumePlan(bucketMs, value, rows, deadline));
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { rows: [] };
      return runSplitAsync(rows, deadline, async (last, take) => {
        const q = parameters();
        q.values.push(...p.values);
        const after = last ? ` AND (l.at, l.id) < (${q.add(last.at)}, ${q.add(last.id)})` : '';
        // The step's logs down the time index, their values read only for those; each group's oldest (at, id) as an
        // array (arrays compare element by element), where the next step goes on from.
        const counted = await all<{ bucket: number; value: string | null; n: number; oldest: [number, number] }>(
          `SELECT floor(at / ${q.add(bucketMs)})::float8 AS bucket, value, count(*)::int AS n,
             min(ARRAY[at, id::float8]) AS oldest FROM (
             SELECT l.at, l.id, ${value} AS value FROM logs l WHERE ${clause}${after}
             ORDER BY l.at DESC, l.id DESC LIMIT ${q.add(take)}
           ) AS step GROUP BY 1, 2`,
          ...q.values,
        );
        const oldest = counted
          .map((row) => row.oldest)
          .reduce<[number, number] | undefined>(
            (a, b) => (!a || b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a),
            undefined,
          );
        return {
          counts: counted.map(({ bucket, value, n }) => ({ bucket, value, n })),
          read: counted.reduce((sum, row) => sum + row.n, 0),
          last: oldest && { at: oldest[0], id: oldest[1] },
        };
      });
    },
  };
}
