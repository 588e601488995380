// The log explorer's server half (docs/local-service.md#explorer): its JSON API behind a viewer's sign-in, and its
// page at /sidelog/.
import { Hono } from 'hono';
import { EXPLORER_API } from '../../explorer-contract/api.types.ts';
import type { AppStore, Store, ViewerStore } from '../stores/store.types.ts';
import { createExplorerApi, EXPLORER_LOGIN_LIMITS } from './api.ts';
import { createInsightRoutes, type InsightStore } from './insight.ts';
import { createExplorerStatic } from './static.ts';
import { createViewerAccounts } from './viewer-accounts.ts';

export function createExplorer(
  store: AppStore & ViewerStore & InsightStore & Pick<Store, 'explorer'>,
  options: { adminToken: string; distDir: string },
): Hono {
  const explorer = new Hono();
  const more = createInsightRoutes(store, store.explorer);
  explorer.route(
    EXPLORER_API,
    createExplorerApi(
      store,
      store.explorer,
      createViewerAccounts(store, options.adminToken),
      EXPLORER_LOGIN_LIMITS,
      more,
    ),
  );
  // Its page answers /sidelog and the routes under /sidelog/ (EXPLORER_ROUTES), whole paths: its base is the root.
  explorer.route('/', createExplorerStatic(options.distDir));
  return explorer;
}
