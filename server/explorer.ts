// The log explorer (issue 15): its JSON API behind a viewer's sign-in, and its page at /sidelog/.
import { Hono } from 'hono';
import { sqliteOf, type Store } from './db.ts';
import { createExplorerApi } from './explorer-api.ts';
import { createExplorerQueries } from './explorer-queries.ts';
import { createExplorerStatic } from './explorer-static.ts';
import { createViewerAccounts } from './viewer-accounts.ts';

export function createExplorer(store: Store, options: { adminToken: string; distDir: string }): Hono {
  const db = sqliteOf(store);
  const explorer = new Hono();
  explorer.route('/', createExplorerApi(store, createExplorerQueries(db), createViewerAccounts(db, options.adminToken)));
  explorer.route('/', createExplorerStatic(options.distDir));
  return explorer;
}
