// The log explorer's server half (docs/local-service.md#explorer): its JSON API behind a viewer's sign-in, and its
// page at /sidelog/.
import { Hono } from 'hono';
import { EXPLORER_API } from '../../explorer-contract/api.types.ts';
import type { AppStore, Store, ViewerStore } from '../stores/store.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { SPLIT_ROWS } from '../stores/split-budget.ts';
import { createExplorerApi, EXPLORER_LOGIN_LIMITS } from './api.ts';
import { createInsightRoutes, type InsightStore } from './insight.ts';
import { createExplorerStatic } from './static.ts';
import { createViewerAccounts } from './viewer-accounts.ts';

export function createExplorer(
  store: AppStore & ViewerStore & InsightStore & Pick<Store, 'explorer'>,
  options: { adminToken: string; distDir: string; scanRows?: number },
): Hono {
  const explorer = new Hono();
  const more = createInsightRoutes(store, store.explorer);
  explorer.route(
    EXPLORER_API,
    createExplorerApi(
      store,
      options.scanRows === undefined ? store.explorer : scanningAtMost(store.explorer, options.scanRows),
      createViewerAccounts(store, options.adminToken),
      EXPLORER_LOGIN_LIMITS,
      more,
    ),
  );
  // Its page answers /sidelog and the routes under /sidelog/ (EXPLORER_ROUTES), whole paths: its base is the root.
  explorer.route('/', createExplorerStatic(options.distDir));
  return explorer;
}

/** The queries, with a fragment's page, count, volume and facets reading at most `scanRows` logs rather than SCAN_ROWS,
 * and a split at most as many when fewer than SPLIT_ROWS (SIDELOG_SCAN_ROWS, docs/explorer.md#fragments): a smaller
 * budget for a small machine, or for a test that makes a scan stop at its budget without a million logs. */
function scanningAtMost(queries: ExplorerQueries, scanRows: number): ExplorerQueries {
  return {
    ...queries,
    logs: (filter, options) => queries.logs(filter, { ...options, scanRows: options.scanRows ?? scanRows }),
    scanCount: (filter, cap, rows = scanRows) => queries.scanCount(filter, cap, rows),
    scanVolume: (filter, bucketMs, rows = scanRows) => queries.scanVolume(filter, bucketMs, rows),
    facetSample: (filter, limit, within, rows = scanRows) => queries.facetSample(filter, limit, within, rows),
    splitVolume: (filter, bucketMs, by, rows = Math.min(scanRows, SPLIT_ROWS)) =>
      queries.splitVolume(filter, bucketMs, by, rows),
  };
}

/** SIDELOG_SCAN_ROWS as a number of logs, or undefined for the default (SCAN_ROWS); refuses anything else with a
 * clear message. */
export function scanRowsSetting(setting: string | undefined): number | undefined {
  if (setting === undefined || setting.trim() === '') return undefined;
  const rows = Number(setting);
  if (!Number.isSafeInteger(rows) || rows < 1)
    throw new Error(`SIDELOG_SCAN_ROWS must be a whole number of logs, at least 1, not '${setting}'`);
  return rows;
}
