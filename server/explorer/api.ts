// The explorer's JSON API, mounted at EXPLORER_API (/sidelog/explorer/api) by server/explorer/explorer.ts: sign-in and sign-out, then (only for a signed-in viewer,
// 401 otherwise) apps, the log stream with its filters and keyset pages, its volume, count and facets, the live tail,
// the lines around a log, sessions, issues, devices, exports, and the resolution of the Bugfender-shaped intent URLs;
// each app only for a viewer allowed to read it.
import { Hono } from 'hono';
import { ACCOUNT_BODY_BYTES, limitBody, REPLY_BODY_BYTES } from '../http/body-limits.ts';
import type { AppStore, DownloadRecordStore } from '../stores/store.types.ts';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { READ_BUDGET_SPENT } from '../stores/explorer-queries.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { jsonWritesFrom } from '../http/cross-site.ts';
import type { LoginLimits } from '../http/login-throttle.ts';
import type { ViewerAccounts } from './viewer-accounts.ts';
import { viewerAccountRoutes } from './viewer-account-routes.ts';
import { wellFormed } from '../collector/wire-validation.ts';
import { adminOnly, mayRead, TOO_COSTLY, type ExplorerEnv } from './api-params.ts';
import { countRoutes } from './count-routes.ts';
import { identitySearchRoutes } from './identity-search.ts';
import { listRoutes } from './list-routes.ts';
import { logRoutes } from './log-routes.ts';
import { signedIn, signInRoutes } from './sign-in-routes.ts';

/** How long a page of the log stream may read (docs/local-service.md#search-bounds): past it, the page ends with what it
 * found; one that found nothing answers 422. A tenth of the second a page's answer is given is left for what follows
 * the reading (its matches' rows, the answer's JSON, the request's way in and out), so that a rare fragment's notice of
 * how far it read comes within the second. */
export const PAGE_BUDGET_MS = 900;
/** PostgreSQL's code for a statement stopped by its statement_timeout (server/stores/postgres/store.ts); SQLite's reads stop
 * with READ_BUDGET_SPENT (server/stores/sqlite/read-deadline.ts). */
const STATEMENT_TIMEOUT = '57014';

/** Failed sign-ins a client address, and an account (a name, the admin's included), may make per window: enough for
 * a person who mistypes, not for a guesser. The counts live in this process's memory (server/http/login-throttle.ts). */
export const EXPLORER_LOGIN_LIMITS: LoginLimits = { perAddress: 20, perAccount: 10, windowMs: 15 * 60 * 1000 };

/** `more`: routes of the explorer's other views (server/explorer/insight.ts), behind the same sign-in and app. `apps`
 * records each export too (docs/privacy.md#each-download-is-recorded). */
export function createExplorerApi(
  apps: AppStore & DownloadRecordStore,
  queries: ExplorerQueries,
  accounts: ViewerAccounts,
  limits = EXPLORER_LOGIN_LIMITS,
  more?: Hono<ExplorerEnv>,
  pageBudgetMs = PAGE_BUDGET_MS,
): Hono<ExplorerEnv> {
  const api = new Hono<ExplorerEnv>();

  api.onError((error, c) => {
    if (error instanceof FilterError) return c.json({ error: error.message }, 400);
    const code = (error as { code?: unknown }).code;
    if (code === STATEMENT_TIMEOUT || code === READ_BUDGET_SPENT) return c.json({ error: TOO_COSTLY }, 422);
    throw error;
  });

  // Its cookie signs a viewer in, so only its own pages may sign in or out (server/http/cross-site.ts).
  api.use('*', jsonWritesFrom({ from: 'same-origin' }));
  // No body the explorer takes is larger than a sign-in's but a reply's (docs/explorer.md#replies); the rest of its
  // API reads none.
  const accountBody = limitBody(ACCOUNT_BODY_BYTES);
  const replyBody = limitBody(REPLY_BODY_BYTES);
  api.use('*', (c, next) => (c.req.path.endsWith('/replies') ? replyBody : accountBody)(c, next));

  signInRoutes(api, accounts, limits);
  // Everything below needs a signed-in viewer.
  api.use('*', signedIn(accounts));

  api.get('/me', (c) => c.json({ name: c.get('viewer') }));

  // The accounts, the admin's alone to list and change (its Settings page), as the admin API does.
  const accountsGate = adminOnly('only the admin manages viewer accounts');
  api.use('/viewers', accountsGate);
  api.use('/viewers/*', accountsGate);
  api.route('/', viewerAccountRoutes<ExplorerEnv>(apps, accounts));

  api.get('/apps', async (c) => {
    // With each app's identity key (docs/explorer.md#identity), which every view shows who by.
    const identities = new Map((await apps.apps()).map((app) => [app.key, app.identityKey ?? null]));
    return c.json(
      (await queries.apps())
        .filter((app) => c.get('allowedApps')?.has(app.key) ?? true)
        .map((app) => ({ ...app, identityKey: identities.get(app.key) ?? null })),
    );
  });

  // One user across the apps the viewer may read (docs/explorer.md#finding-a-user-across-apps).
  identitySearchRoutes(api, apps, queries);

  /** A Sidelog or Bugfender appID, as intent URLs carry it, to the view it names, in Sidelog's form. Found with the
   * explorer's own queries, which read one row or two, never the session's logs. Ids are looked up well-formed, as
   * the collector stored them: a URL cannot carry a lone surrogate, which the collector stored as U+FFFD. */
  api.get('/intent/:appId/:kind/:id', async (c) => {
    const { appId, kind, id } = c.req.param();
    const named = await apps.appById(appId);
    const app = mayRead(c, named) ? named : undefined;
    const uid = wellFormed(id);
    const found = !app
      ? undefined
      : kind === 'issue'
        ? await queries.issues.one(app.key, uid)
        : kind === 'session'
          ? await queries.sessions.one(app.key, uid)
          : kind === 'device'
            ? await queries.devices.one(app.key, uid)
            : undefined;
    if (!app || !found) return c.json({ error: `no such ${kind}` }, 404);
    return c.json({ appId: app.appId, kind, id });
  });

  api.use('/apps/:appId/*', async (c, next) => {
    const app = await apps.appById(c.req.param('appId'));
    if (!mayRead(c, app)) return c.json({ error: 'no such app' }, 404);
    c.set('app', app);
    await next();
  });

  logRoutes(api, queries, apps, pageBudgetMs);
  countRoutes(api, queries);
  listRoutes(api, queries);

  if (more) api.route('/', more);
  api.all('*', (c) => c.json({ error: 'not found' }, 404));
  return api;
}
