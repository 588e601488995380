// The explorer API's lists of sessions, issues and devices, each paged and filtered, and one of each; an issue comes
// with its session's logs around the moment it was sent.
import type { Context, Hono } from 'hono';
import { AROUND_MAX, ISSUE_TYPES, SESSION_SORTS, type SessionSort } from '../../explorer-contract/api.types.ts';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { intParam, MAX_PAGE, PAGE, query, type ExplorerEnv } from './api-params.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { whoKey, withWho } from './who.ts';
import { withIssueTitles } from './issue-titles.ts';

/** A list's page as the query asks it: `offset` and `limit` (at most MAX_PAGE). */
const pageOf = (params: URLSearchParams) => ({
  offset: intParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER),
  limit: intParam(params, 'limit', PAGE, MAX_PAGE),
});

export function listRoutes(api: Hono<ExplorerEnv>, queries: ExplorerQueries): void {
  /** The rows with who each device's user is, by the app's identity key or the query's `who` (docs/explorer.md#identity). */
  const shownWho = <T extends { udid: string }>(c: Context<ExplorerEnv>, params: URLSearchParams, rows: T[]) =>
    withWho(queries, c.get('app').key, whoKey(params, c.get('app')), rows);

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
      ...pageOf(params),
    });
    return c.json({ ...list, sessions: await shownWho(c, params, list.sessions) });
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
    if (!around) return c.json({ issue, around: null });
    // A session of several issues: its other issues' lines are named by their titles too.
    const [target, ...logs] = await withIssueTitles(queries, app.key, [around.target, ...around.logs]);
    return c.json({ issue, around: { ...around, target, logs } });
  });

  api.get('/apps/:appId/devices', async (c) => {
    const params = query(c);
    const list = await queries.devices.list({
      appKey: c.get('app').key,
      q: params.get('q') || undefined,
      ...pageOf(params),
    });
    return c.json({ ...list, devices: await shownWho(c, params, list.devices) });
  });
  api.get('/apps/:appId/devices/:udid', async (c) => {
    const device = await queries.devices.one(c.get('app').key, c.req.param('udid'));
    return device ? c.json(device) : c.json({ error: 'no such device' }, 404);
  });
}
