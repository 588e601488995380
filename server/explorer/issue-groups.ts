// Issue groups in the explorer (docs/explorer.md#issue-groups): the list (searched by title, by type and status), a
// group, its occurrences, its story, the group of one issue, and the status a viewer sets (open, resolved, muted).
import { Hono, type Context } from 'hono';
import { ISSUE_TYPES } from '../../explorer-contract/api.types.ts';
import { ISSUE_GROUP_STATUSES, type IssueGroup, type IssueGroupStatus } from '../../explorer-contract/insight.types.ts';
import { FilterError } from '../../explorer-contract/log-filters.ts';
import { issueStory, STORY_LINES } from '../analysis/issue-story.ts';
import { readJsonObject } from '../http/body-limits.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { IssueGroupStore } from '../stores/store.types.ts';
import { intParam, type ExplorerEnv } from './api-params.ts';
import { groupAnalytics } from './group-analytics.ts';
import { compareVersions } from '../analysis/version-order.ts';

/** The refusal of a `version` that is not one a group can be resolved in. */
export const VERSION_REFUSED = `'version' goes with status resolved, and is an app version of at most 100 characters that starts with a number, as in 2.4.1`;
const isFixVersion = (version: unknown): version is string =>
  typeof version === 'string' && version.trim().length <= 100 && compareVersions(version, version) !== undefined;
import { whoKey, withWho } from './who.ts';

const PAGE = 100;
const MAX_PAGE = 500;

/** Values of a comma-separated parameter, each one of `allowed`. */
function listParam<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const values = (params.get(name) ?? '').split(',').filter(Boolean);
  if (!values.every((value) => (allowed as readonly string[]).includes(value)))
    throw new FilterError(`'${name}' must list values among ${allowed.join(', ')}`);
  return values as T[];
}

export function createIssueGroupRoutes(store: IssueGroupStore, queries: ExplorerQueries): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  const params = (c: Context) => new URL(c.req.url).searchParams;
  /** The group the route names, in the route's app. */
  const groupOf = (c: Context<ExplorerEnv>) => {
    const id = c.req.param('id') ?? '';
    return /^\d{1,15}$/.test(id) ? store.issueGroup(c.get('app').key, Number(id)) : Promise.resolve(undefined);
  };
  const noGroup = (c: Context) => c.json({ error: 'no such issue group' }, 404);
  /** The groups with their first and last occurrence by the logs' own time (docs/explorer.md#event-time-first), null
   * where none of their lines is kept. */
  const withEventTime = async (appKey: string, groups: IssueGroup[]): Promise<IssueGroup[]> => {
    const times = await store.groupEventTimes(
      appKey,
      groups.map((group) => group.id),
    );
    return groups.map((group) => ({
      ...group,
      first_at: times.get(group.id)?.first_at ?? null,
      last_at: times.get(group.id)?.last_at ?? null,
    }));
  };

  routes.get('/apps/:appId/issue-groups', async (c) => {
    const query = params(c);
    const found = await store.issueGroups({
      appKey: c.get('app').key,
      q: query.get('q')?.trim() || undefined,
      types: listParam(query, 'type', ISSUE_TYPES),
      statuses: listParam(query, 'status', ISSUE_GROUP_STATUSES),
      offset: intParam(query, 'offset', 0, Number.MAX_SAFE_INTEGER),
      limit: intParam(query, 'limit', PAGE, MAX_PAGE),
    });
    return c.json({ ...found, groups: await withEventTime(c.get('app').key, found.groups) });
  });

  routes.get('/apps/:appId/issue-groups/:id', async (c) => {
    const group = await groupOf(c);
    return group ? c.json((await withEventTime(c.get('app').key, [group]))[0]) : noGroup(c);
  });

  routes.get('/apps/:appId/issue-groups/:id/occurrences', async (c) => {
    const group = await groupOf(c);
    if (!group) return noGroup(c);
    const query = params(c);
    const before = query.get('before');
    const { issues, next } = await store.groupOccurrences(c.get('app').key, group.id, {
      before: before ? intParam(query, 'before', 0, Number.MAX_SAFE_INTEGER) : undefined,
      limit: intParam(query, 'limit', PAGE, MAX_PAGE),
    });
    const shown = issues.map(({ session_id: _session, ...issue }) => issue);
    return c.json({ issues: await withWho(queries, c.get('app').key, whoKey(query, c.get('app')), shown), next });
  });

  routes.get('/apps/:appId/issue-groups/:id/story', async (c) => {
    const group = await groupOf(c);
    if (!group) return noGroup(c);
    const query = params(c);
    const app = c.get('app');
    const story = await issueStory(
      queries,
      store,
      app.key,
      group,
      intParam(query, 'lines', STORY_LINES, 100) || STORY_LINES,
    );
    // Each occurrence's device said as every view says it: by the app's identity key where it has one.
    const issues = await withWho(
      queries,
      app.key,
      whoKey(query, app),
      story.occurrences.map(({ issue }) => issue),
    );
    return c.json({
      ...story,
      occurrences: story.occurrences.map((occurrence, i) => ({ ...occurrence, issue: issues[i]! })),
    });
  });

  routes.get('/apps/:appId/issue-groups/:id/analytics', async (c) => {
    const group = await groupOf(c);
    return group ? c.json(await groupAnalytics(store, c.get('app').key, group.id)) : noGroup(c);
  });

  routes.post('/apps/:appId/issue-groups/:id/status', async (c) => {
    const body = await readJsonObject(c);
    const status = body?.status;
    if (!ISSUE_GROUP_STATUSES.includes(status as IssueGroupStatus))
      return c.json({ error: `'status' must be one of ${ISSUE_GROUP_STATUSES.join(', ')}` }, 400);
    // "Resolved in <version>" (docs/explorer.md#resolved-in-a-version).
    const version = body?.version;
    if (version !== undefined && version !== null && (status !== 'resolved' || !isFixVersion(version)))
      return c.json({ error: VERSION_REFUSED }, 400);
    const group = await groupOf(c);
    if (!group) return noGroup(c);
    return c.json(
      await store.setIssueGroupStatus(
        c.get('app').key,
        group.id,
        status as IssueGroupStatus,
        c.get('viewer'),
        new Date(),
        typeof version === 'string' ? version.trim() : undefined,
      ),
    );
  });

  routes.get('/apps/:appId/issues/:uid/group', async (c) => {
    const group = await store.groupOfIssue(c.get('app').key, c.req.param('uid'));
    return group ? c.json((await withEventTime(c.get('app').key, [group]))[0]) : noGroup(c);
  });
  return routes;
}
