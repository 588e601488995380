// How many logs a view of the stream holds, as the explorer shows it (docs/volume-and-counts.md#counts): exactly from
// the rollup when nothing but levels and time narrow it, among the logs a fragment's scan read when the search holds
// one, else by the store's count, up to COUNT_CAP. The count route and the alerts' checks (server/alerts/) count so.
import { COUNT_CAP, type LogCount } from '../../explorer-contract/api.types.ts';
import { splitScanned } from '../stores/explorer-queries.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { rolledUpCount, rollupFits } from './volume-rollup.ts';

export async function viewCount(queries: ExplorerQueries, filter: LogFilter): Promise<LogCount> {
  // The rollup counts exactly whatever the total (docs/volume-and-counts.md#counts).
  if (rollupFits(filter)) return { count: await rolledUpCount(queries, filter), capped: false };
  // A fragment's view is counted among the logs its scan reads: exact when that read them all, else at least.
  if (filter.search && splitScanned(filter.search).scanned.groups.length > 0) {
    const { count, scan } = await queries.scanCount(filter, COUNT_CAP);
    return { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP || !scan.complete, scan };
  }
  const count = await queries.count(filter, COUNT_CAP);
  return { count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP };
}
