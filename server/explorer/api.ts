// The explorer's JSON API, mounted at EXPLORER_API (/sidelog/explorer/api) by server/explorer/explorer.ts: sign-in and sign-out, then (only for a signed-in viewer,
// 401 otherwise) apps, the log stream with its filters and keyset pages, its volume, count and facets, the live tail,
// the lines around a log, sessions, issues, devices, exports, and the resolution of the Bugfender-shaped intent URLs;
// each app only for a viewer allowed to read it.
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ACCOUNT_BODY_BYTES, limitBody, readJsonObject, REPLY_BODY_BYTES } from '../http/body-limits.ts';
import type { App, AppStore } from '../stores/store.types.ts';
import { streamExport } from './export.ts';
import {
  AROUND_MAX,
  COUNT_CAP,
  ISSUE_TYPES,
  SESSION_SORTS,
  type LogCount,
  type SessionSort,
} from '../../explorer-contract/api.types.ts';
import { FilterError, parseLogFilters } from '../../explorer-contract/log-filters.ts';
import { decodeCursor, READ_BUDGET_SPENT, splitScanned } from '../stores/explorer-queries.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { secureCookies } from '../http/client-address.ts';
import { jsonWritesFrom } from '../http/cross-site.ts';
import { createLoginThrottle, type LoginEnv, type LoginLimits } from '../http/login-throttle.ts';
import { VIEWER_SESSION_MS, type ViewerAccounts } from './viewer-accounts.ts';
import { wellFormed } from '../collector/wire-validation.ts';
import { logFacets } from './facets.ts';
import { parsedFieldFacets } from './parsed-fields.ts';
import { fieldCounts } from './field-counts.ts';
import { parseSplitBy, SPLIT_REFUSED } from '../../explorer-contract/field-counts.ts';
import { logVolume } from './volume.ts';
import { rolledUpCount, rollupFits } from './volume-rollup.ts';
import { whoKey, whoOf, withWho } from './who.ts';
import { whoLabel } from '../../explorer-contract/identity.ts';

const VIEWER_COOKIE = 'sidelog_viewer';

const PAGE = 100;
const MAX_PAGE = 500;
/** How long a page of the log stream may read (docs/local-service.md#search-bounds): past it, the page ends with what it
 * found; one that found nothing answers 422. */
export const PAGE_BUDGET_MS = 1_000;
export const TOO_COSTLY =
  'This search reads too much for one page: narrow it with a time range, a level, a tag or a session, or use longer words.';
/** PostgreSQL's code for a statement stopped by its statement_timeout (server/stores/postgres/store.ts); SQLite's reads stop
 * with READ_BUDGET_SPENT (server/stores/sqlite/read-deadline.ts). */
const STATEMENT_TIMEOUT = '57014';

export type ExplorerEnv = {
  Variables: LoginEnv['Variables'] & {
    viewer: string;
    allowedApps: ReadonlySet<string> | undefined;
    app: App;
    password: string;
  };
};
type Env = ExplorerEnv;

/** Whether the signed-in viewer may read the app (docs/local-service.md#per-app-access): an app it may not read is
 * answered as one that does not exist. */
const mayRead = (c: Context<Env>, app: App | undefined): app is App =>
  app !== undefined && (c.get('allowedApps')?.has(app.key) ?? true);

/** Failed sign-ins a client address, and an account (a name, the admin's included), may make per window: enough for
 * a person who mistypes, not for a guesser. The counts live in this process's memory (server/http/login-throttle.ts). */
export const EXPLORER_LOGIN_LIMITS: LoginLimits = { perAddress: 20, perAccount: 10, windowMs: 15 * 60 * 1000 };
const THROTTLED = 'Too many sign-in attempts. Try again later.';

/** A positive integer parameter, within bounds, or its default. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new FilterError(`'${name}' must be a whole number`);
  return Math.min(Number(value), max);
}

/** The log filters of the query, on the app of the route. */
export const logFilter = (c: Context<Env>, query: URLSearchParams): LogFilter => ({
  appKey: c.get('app').key,
  ...parseLogFilters(query),
});

/** `more`: routes of the explorer's other views (server/explorer/insight.ts), behind the same sign-in and app. */
export function createExplorerApi(
  apps: AppStore,
  queries: ExplorerQueries,
  accounts: ViewerAccounts,
  limits = EXPLORER_LOGIN_LIMITS,
  more?: Hono<Env>,
  pageBudgetMs = PAGE_BUDGET_MS,
): Hono<Env> {
  const api = new Hono<Env>();

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

  const throttle = createLoginThrottle(limits, (c) => c.json({ error: THROTTLED }, 429));
  api.post(
    '/sign-in',
    throttle.perAddress,
    async (c, next) => {
      const body = await readJsonObject(c);
      if (typeof body?.name !== 'string' || typeof body.password !== 'string')
        return c.json({ error: `'name' and 'password' must be strings` }, 400);
      c.set('loginAccount', body.name.trim());
      c.set('password', body.password);
      return next();
    },
    throttle.perAccount,
    async (c) => {
      const name = c.get('loginAccount');
      const token = await accounts.signIn(name, c.get('password'));
      if (!token) return c.json({ error: 'Wrong name or password.' }, 401);
      c.set('signedIn', true);
      setCookie(c, VIEWER_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/sidelog',
        secure: secureCookies(c),
        maxAge: VIEWER_SESSION_MS / 1000,
      });
      return c.json({ name });
    },
  );

  // Ends on the server the sign-in the request carries, in its cookie or as `{ token }` in its body, and only then
  // clears the cookie: a cleared cookie never leaves its token valid.
  api.post('/sign-out', async (c) => {
    const body = await readJsonObject(c);
    const tokens = [getCookie(c, VIEWER_COOKIE), body?.token].filter(
      (token): token is string => typeof token === 'string' && token !== '',
    );
    for (const token of tokens) await accounts.signOut(token);
    deleteCookie(c, VIEWER_COOKIE, { path: '/sidelog' });
    return c.json({ signedOut: true });
  });

  // Who is signed in, if anyone: the page asks it before it knows, so that no one is an answer, not a 401 (which the
  // browser's console reports as an error on every sign-in page). A signed-in viewer's requests are answered below.
  api.get('/viewer', async (c) => {
    const token = getCookie(c, VIEWER_COOKIE);
    c.header('Cache-Control', 'no-store');
    return c.json({ name: (token && (await accounts.viewerOf(token))) || null });
  });

  // Everything below needs a signed-in viewer.
  api.use('*', async (c, next) => {
    const token = getCookie(c, VIEWER_COOKIE);
    const viewer = token && (await accounts.viewerOf(token));
    if (!viewer) return c.json({ error: 'sign-in required' }, 401);
    c.set('viewer', viewer);
    c.set('allowedApps', await accounts.appsOf(viewer));
    c.header('Cache-Control', 'no-store');
    await next();
  });

  api.get('/me', (c) => c.json({ name: c.get('viewer') }));

  api.get('/apps', async (c) => {
    // With each app's identity key (docs/explorer.md#identity), which every view shows who by.
    const identities = new Map((await apps.apps()).map((app) => [app.key, app.identityKey ?? null]));
    return c.json(
      (await queries.apps())
        .filter((app) => c.get('allowedApps')?.has(app.key) ?? true)
        .map((app) => ({ ...app, identityKey: identities.get(app.key) ?? null })),
    );
  });

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

  const query = (c: Context) => new URL(c.req.url).searchParams;

  api.get('/apps/:appId/logs', async (c) => {
    const params = query(c);
    const filter = logFilter(c, params);
    const before = params.get('before');
    const cursor = before ? decodeCursor(before) : undefined;
    if (before && !cursor) throw new FilterError(`'before' is not a cursor this API gave`);
    // Oldest first, from the view's oldest log or after a cursor: a session read top to bottom
    // (docs/explorer.md#a-session-read-top-to-bottom).
    const after = params.get('after');
    const afterCursor = after ? decodeCursor(after) : undefined;
    if (after && !afterCursor) throw new FilterError(`'after' is not a cursor (<ms>_<id>)`);
    const order = params.get('order') ?? (after ? 'oldest' : 'newest');
    if (order !== 'oldest' && order !== 'newest') throw new FilterError(`'order' must be oldest or newest`);
    if ((order === 'oldest' && before) || (order === 'newest' && after))
      throw new FilterError(`'before' pages newest first, 'after' oldest first`);
    const oldestFirst = order === 'oldest';
    const limit = intParam(params, 'limit', PAGE, MAX_PAGE);
    // Read first: every log past it arrived after the page, so a tail started from it shows them.
    const tail = cursor || oldestFirst ? undefined : await queries.lastLogId();
    const page = await queries.logs(filter, {
      before: cursor,
      after: afterCursor,
      oldestFirst,
      limit,
      within: pageBudgetMs,
      cut: true,
    });
    // Ended by its budget before it found anything: the search, not the page, has to change; unless it is a scan for a
    // fragment, whose page says how far it read and can go on from there (docs/explorer.md#fragments).
    if (page.logs.length === 0 && page.next !== null && !page.scan) return c.json({ error: TOO_COSTLY }, 422);
    const shown = { ...page, logs: await withWho(queries, filter.appKey, whoKey(params, c.get('app')), page.logs) };
    return c.json(tail === undefined ? shown : { ...shown, tail });
  });

  // Live tail: logs that arrived after `after` (a log id) up to the horizon, oldest first; without `after`, where to
  // start (docs/explorer-views.md#live-tail).
  api.get('/apps/:appId/logs/tail', async (c) => {
    const params = query(c);
    const filter = logFilter(c, params);
    const after = params.get('after');
    const horizon = await queries.lastLogId();
    if (after === null || after === '') return c.json({ logs: [], last: horizon });
    const afterId = intParam(params, 'after', 0, Number.MAX_SAFE_INTEGER);
    const logs = await queries.arrivedAfter(filter, afterId, horizon, MAX_PAGE);
    // With no match, the tail still moves on to the horizon, so the next poll does not read it all again.
    const last = logs.length === MAX_PAGE ? logs.at(-1)!.id : Math.max(afterId, horizon);
    return c.json({ logs: await withWho(queries, filter.appKey, whoKey(params, c.get('app')), logs), last });
  });

  api.get('/apps/:appId/logs/volume', async (c) => c.json(await logVolume(queries, logFilter(c, query(c)))));

  api.get('/apps/:appId/logs/facets', async (c) => {
    const params = query(c);
    const facets = await logFacets(queries, logFilter(c, params));
    // Each device as a person knows it: by the identity key, else its name and a short id (docs/explorer.md#identity).
    const who = whoKey(params, c.get('app'));
    const values = await whoOf(
      queries,
      c.get('app').key,
      who,
      facets.device.map((device) => device.value),
    );
    const device = facets.device.map((one) => ({
      ...one,
      label: whoLabel({ name: one.label ?? '', udid: one.value, who: values.get(one.value) }, who),
    }));
    return c.json({ ...facets, device });
  });

  api.get('/apps/:appId/logs/split', async (c) => {
    const params = query(c);
    const by = parseSplitBy(params.get('by') ?? 'level');
    if (!by) return c.json({ error: SPLIT_REFUSED }, 400);
    return c.json(await fieldCounts(queries, logFilter(c, params), by));
  });

  api.get('/apps/:appId/logs/fields', async (c) => c.json(await parsedFieldFacets(queries, logFilter(c, query(c)))));

  api.get('/apps/:appId/logs/count', async (c) => {
    const filter = logFilter(c, query(c));
    // The rollup counts exactly whatever the total (docs/volume-and-counts.md#counts).
    if (rollupFits(filter))
      return c.json({ count: await rolledUpCount(queries, filter), capped: false } satisfies LogCount);
    // A fragment's view is counted among the logs its scan reads: exact when that read them all, else at least.
    if (filter.search && splitScanned(filter.search).scanned.groups.length > 0) {
      const { count, scan } = await queries.scanCount(filter, COUNT_CAP);
      return c.json({
        count: Math.min(count, COUNT_CAP),
        capped: count > COUNT_CAP || !scan.complete,
        scan,
      } satisfies LogCount);
    }
    const count = await queries.count(filter, COUNT_CAP);
    return c.json({ count: Math.min(count, COUNT_CAP), capped: count > COUNT_CAP } satisfies LogCount);
  });

  api.get('/apps/:appId/logs/export', (c) => {
    const params = query(c);
    const format = params.get('format') ?? 'ndjson';
    if (format !== 'ndjson' && format !== 'csv') throw new FilterError(`'format' must be ndjson or csv`);
    const filter = logFilter(c, params);
    return streamExport(c, queries, filter, format, `sidelog-${c.get('app').appId}-logs`);
  });

  api.get('/apps/:appId/logs/:id/around', async (c) => {
    const id = Number(c.req.param('id'));
    const params = query(c);
    // `older` and `newer` grow as the view extends its context (docs/explorer-views.md#context); `count` sets both.
    const count = intParam(params, 'count', 25, AROUND_MAX);
    const older = intParam(params, 'older', count, AROUND_MAX);
    const newer = intParam(params, 'newer', count, AROUND_MAX);
    const found = Number.isSafeInteger(id) ? await queries.around(c.get('app').key, id, older, newer) : undefined;
    if (!found) return c.json({ error: 'no such log' }, 404);
    const [target, ...logs] = await withWho(queries, c.get('app').key, whoKey(params, c.get('app')), [
      found.target,
      ...found.logs,
    ]);
    return c.json({ ...found, target, logs });
  });

  // One log's whole text, which lists send cut (docs/explorer-views.md#long-lines): plain text, as it was logged.
  api.get('/apps/:appId/logs/:id/text', async (c) => {
    const id = Number(c.req.param('id'));
    const found = Number.isSafeInteger(id) ? await queries.logText(c.get('app').key, id) : undefined;
    if (!found) return c.json({ error: 'no such log' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.text(found.t ?? '');
  });

  api.get('/apps/:appId/tags', async (c) => c.json(await queries.tags(c.get('app').key)));
  api.get('/apps/:appId/facets', async (c) => c.json(await queries.sessions.facets(c.get('app').key)));

  api.get('/apps/:appId/sessions', async (c) => {
    const params = query(c);
    const sort = params.get('sort') ?? 'last';
    if (!SESSION_SORTS.includes(sort as SessionSort))
      throw new FilterError(`'sort' must be one of ${SESSION_SORTS.join(', ')}`);
    const withFilter = params.get('with') || undefined;
    if (withFilter !== undefined && withFilter !== 'issues' && withFilter !== 'errors')
      throw new FilterError(`'with' must be issues or errors`);
    const list = await queries.sessions.list({
      appKey: c.get('app').key,
      q: params.get('q') || undefined,
      device: params.get('device') || undefined,
      version: params.get('version') || undefined,
      language: params.get('language') || undefined,
      with: withFilter,
      sort: sort as SessionSort,
      offset: intParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER),
      limit: intParam(params, 'limit', PAGE, MAX_PAGE),
    });
    const who = whoKey(params, c.get('app'));
    return c.json({ ...list, sessions: await withWho(queries, c.get('app').key, who, list.sessions) });
  });
  api.get('/apps/:appId/sessions/:uid', async (c) => {
    const session = await queries.sessions.one(c.get('app').key, c.req.param('uid'));
    return session ? c.json(session) : c.json({ error: 'no such session' }, 404);
  });

  api.get('/apps/:appId/issues', async (c) => {
    const params = query(c);
    const types = (params.get('type') ?? '').split(',').filter(Boolean);
    if (!types.every((type) => (ISSUE_TYPES as readonly string[]).includes(type)))
      throw new FilterError(`'type' must list types among ${ISSUE_TYPES.join(', ')}`);
    const before = params.get('before');
    return c.json(
      await queries.issues.list({
        appKey: c.get('app').key,
        types,
        session: params.get('session') || undefined,
        q: params.get('q') || undefined,
        before: before ? intParam(params, 'before', 0, Number.MAX_SAFE_INTEGER) : undefined,
        limit: intParam(params, 'limit', PAGE, MAX_PAGE),
      }),
    );
  });
  // An issue, with its session's logs around the moment it was sent.
  api.get('/apps/:appId/issues/:uid', async (c) => {
    const app = c.get('app');
    const found = await queries.issues.one(app.key, c.req.param('uid'));
    if (!found) return c.json({ error: 'no such issue' }, 404);
    const { session_id, ...issue } = found;
    const logId = await queries.issueLogId(session_id, issue.uid, issue.received_at);
    const around =
      logId === undefined
        ? undefined
        : await queries.around(app.key, logId, intParam(query(c), 'count', 25, AROUND_MAX));
    return c.json({ issue, around: around ?? null });
  });

  api.get('/apps/:appId/devices', async (c) => {
    const params = query(c);
    const list = await queries.devices.list({
      appKey: c.get('app').key,
      q: params.get('q') || undefined,
      offset: intParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER),
      limit: intParam(params, 'limit', PAGE, MAX_PAGE),
    });
    const who = whoKey(params, c.get('app'));
    return c.json({ ...list, devices: await withWho(queries, c.get('app').key, who, list.devices) });
  });
  api.get('/apps/:appId/devices/:udid', async (c) => {
    const device = await queries.devices.one(c.get('app').key, c.req.param('udid'));
    return device ? c.json(device) : c.json({ error: 'no such device' }, 404);
  });

  if (more) api.route('/', more);
  api.all('*', (c) => c.json({ error: 'not found' }, 404));
  return api;
}
