// What the explorer API's route groups share (server/explorer/api.ts mounts them): the request's environment (the
// signed-in viewer, the apps it may read, the app of the route), a page's size, the query's parameters read as the
// routes read them, and the gate of the admin's own routes.
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_VIEWER } from '../../explorer-contract/insight.types.ts';
import type { LoginEnv } from '../http/login-throttle.ts';
import type { App } from '../stores/store.types.ts';
import { FilterError, parseLogFilters } from '../../explorer-contract/log-filters.ts';
import type { LogFilter } from '../stores/explorer-queries.types.ts';

export type ExplorerEnv = {
  Variables: LoginEnv['Variables'] & {
    viewer: string;
    allowedApps: ReadonlySet<string> | undefined;
    app: App;
    password: string;
    /** An account's own new password, between the checks of `POST me/password` and its change. */
    newPassword: string;
  };
};

export const PAGE = 100;
export const MAX_PAGE = 500;

export const TOO_COSTLY =
  'This search reads too much for one page: narrow it with a time range, a level, a tag or a session, or use longer words.';

/** Whether the signed-in viewer may read the app (docs/local-service.md#per-app-access): an app it may not read is
 * answered as one that does not exist. */
export const mayRead = (c: Context<ExplorerEnv>, app: App | undefined): app is App =>
  app !== undefined && (c.get('allowedApps')?.has(app.key) ?? true);

/** The request's query parameters. */
export const query = (c: Context) => new URL(c.req.url).searchParams;

/** A positive integer parameter, within bounds, or its default. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new FilterError(`'${name}' must be a whole number`);
  return Math.min(Number(value), max);
}

/** The log filters of the query, on the app of the route. */
export const logFilter = (c: Context<ExplorerEnv>, query: URLSearchParams): LogFilter => ({
  appKey: c.get('app').key,
  ...parseLogFilters(query),
});

/** A route the admin alone may take (its Settings page, a device's erasure): any other viewer is answered 403 with
 * `error`, which says what is the admin's. */
export const adminOnly =
  (error: string): MiddlewareHandler<ExplorerEnv> =>
  async (c, next) => {
    if (c.get('viewer') !== ADMIN_VIEWER) return c.json({ error }, 403);
    await next();
  };
