// `GET identity?value=`: one user found across every app the viewer may read (docs/explorer.md#finding-a-user-across-apps).
// Each readable app with an identity key is searched by its own key, a page of devices each, in parallel; an app
// without one is listed as not searched, so the viewer knows where the user was not looked for; an app the viewer
// may not read is never named, not even by a count (docs/local-service.md#per-app-access).
import type { Hono } from 'hono';
import {
  IDENTITY_PAGE,
  IDENTITY_SEARCH_PATH,
  identityValueProblem,
  MAX_IDENTITY_PAGE,
  type IdentityApp,
  type IdentitySearch,
} from '../../explorer-contract/identity-search.types.ts';
import { wellFormed } from '../collector/wire-validation.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { App, AppStore } from '../stores/store.types.ts';
import { intParam, mayRead, query, type ExplorerEnv } from './api-params.ts';

/** Matched apps first, then those searched without a match, then those not searched; each group by key. */
const rank = (app: IdentityApp) => (app.identityKey === null ? 2 : app.devices.length > 0 ? 0 : 1);

/** A key's value as typed, as the collector stored it (a lone surrogate became U+FFFD), or why it cannot be looked up:
 * the search's, and the admin API's look-up of one app's devices (device-erasure.ts). */
export function typedKeyValue(typed: string | null): { value: string } | { problem: string } {
  const problem = identityValueProblem(typed);
  return problem ? { problem } : { value: wellFormed(typed!.trim()) };
}

/** The user whose identity key holds `value` (as typed) in each app `readable` lets through (those the viewer may
 * read), a page of `limit` devices an app: the search's answer, or why the value cannot be looked up. Also a user's
 * copy (device-copy.ts). */
export async function findUser(
  apps: Pick<AppStore, 'apps'>,
  queries: Pick<ExplorerQueries, 'devices'>,
  typed: string | null,
  limit: number,
  readable: (app: App) => boolean,
): Promise<IdentitySearch | { problem: string }> {
  const parsed = typedKeyValue(typed);
  if ('problem' in parsed) return parsed;
  const { value } = parsed;
  const searched = (await apps.apps()).filter(readable);
  const found = await Promise.all(
    searched.map(async (app): Promise<IdentityApp> => {
      const named = { key: app.key, appId: app.appId };
      if (!app.identityKey) return { ...named, identityKey: null };
      const page = await queries.devices.withKey(app.key, app.identityKey, value, limit);
      return { ...named, identityKey: app.identityKey, ...page };
    }),
  );
  found.sort((a, b) => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { value, apps: found };
}

export function identitySearchRoutes(api: Hono<ExplorerEnv>, apps: AppStore, queries: ExplorerQueries): void {
  api.get(IDENTITY_SEARCH_PATH, async (c) => {
    const params = query(c);
    const limit = Math.max(1, intParam(params, 'limit', IDENTITY_PAGE, MAX_IDENTITY_PAGE));
    const found = await findUser(apps, queries, params.get('value'), limit, (app) => mayRead(c, app));
    return 'problem' in found ? c.json({ error: found.problem }, 400) : c.json(found satisfies IdentitySearch);
  });
}
