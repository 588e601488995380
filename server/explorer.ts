// The log explorer (docs/local-service.md#explorer): its JSON API behind a viewer's sign-in, and its page at /sidelog/.
import { Hono } from 'hono';
import type { Store } from './db.ts';
import { createExplorerApi } from './explorer-api.ts';
import { createExplorerStatic } from './explorer-static.ts';
import { createViewerAccounts } from './viewer-accounts.ts';

export function createExplorer(store: Store, options: { adminToken: string; distDir: string }): Hono {
  const explorer = new Hono();
  explorer.route('/', createExplorerApi(store, store.explorer, createViewerAccounts(store, options.adminToken)));
  explorer.route('/', createExplorerStatic(options.distDir));
  return explorer;
}
