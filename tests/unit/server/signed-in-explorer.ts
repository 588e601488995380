// The explorer's API over a store and the queries a test gives it (a small scan budget, say), mounted at its base as
// server/explorer/explorer.ts mounts it and signed in as the admin: a GET of a path under one app's routes.
import { Hono } from 'hono';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { createExplorerApi, EXPLORER_LOGIN_LIMITS } from '../../../server/explorer/api.ts';
import { createViewerAccounts } from '../../../server/explorer/viewer-accounts.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import type { ExplorerQueries } from '../../../server/stores/explorer-queries.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';

export async function signedInExplorer(
  store: Store,
  queries: ExplorerQueries,
  appKey: string,
): Promise<(path: string) => Promise<Response>> {
  const token = 'signed-in-explorer-token';
  const api = new Hono().route(
    EXPLORER_API,
    createExplorerApi(store, queries, createViewerAccounts(store, token), EXPLORER_LOGIN_LIMITS),
  );
  const signIn = await api.request(`${EXPLORER_API}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'admin', password: token }),
  });
  const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
  return async (path) => api.request(`${EXPLORER_API}/apps/${appIdOf(appKey)}${path}`, { headers: { Cookie: cookie } });
}
