// Saved views (docs/explorer.md#saved-views): a name and an explorer address (its path and query string, which hold
// the whole view), the viewer's own or shared with every viewer. Ids are nanoids: short, and not guessable.
import { Hono } from 'hono';
import { nanoid } from 'nanoid';
import type { SavedView } from '../../explorer-contract/insight.types.ts';
import { readJsonObject } from '../http/body-limits.ts';
import type { SavedViewStore } from '../stores/store.types.ts';
import type { ExplorerEnv } from './api-params.ts';
import { ADMIN_VIEWER } from './viewer-accounts.ts';

const MAX_VIEW_NAME = 100;
const MAX_VIEW_QUERY = 2_000;
/** A path of the explorer's own: `/logs`, `/patterns`, `/issue-groups/12` … */
const VIEW_PATH = /^(\/[\w.~%-]+){1,4}$/;

/** The view a body describes, or why it cannot be saved. */
function viewOf(
  body: Record<string, unknown> | undefined,
): Pick<SavedView, 'name' | 'path' | 'query' | 'shared'> | string {
  const name = typeof body?.name === 'string' ? body.name.trim() : '';
  if (name === '' || name.length > MAX_VIEW_NAME) return `'name' must be 1 to ${MAX_VIEW_NAME} characters`;
  if (typeof body!.path !== 'string' || body!.path.length > 200 || !VIEW_PATH.test(body!.path))
    return `'path' must be a path of the explorer, such as /logs`;
  if (typeof body!.query !== 'string' || body!.query.length > MAX_VIEW_QUERY)
    return `'query' must be a query string of at most ${MAX_VIEW_QUERY} characters`;
  if (body!.shared !== undefined && typeof body!.shared !== 'boolean') return `'shared' must be a boolean`;
  return { name, path: body!.path, query: body!.query.replace(/^\?/, ''), shared: body!.shared === true };
}

export function createSavedViewRoutes(store: SavedViewStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/views', async (c) => c.json(await store.savedViews(c.get('app').key, c.get('viewer'))));
  routes.post('/apps/:appId/views', async (c) => {
    const view = viewOf(await readJsonObject(c));
    if (typeof view === 'string') return c.json({ error: view }, 400);
    const saved: SavedView = {
      id: nanoid(),
      ...view,
      owner: c.get('viewer'),
      created_at: new Date().toISOString(),
      alert: null,
    };
    await store.addSavedView(c.get('app').key, saved);
    return c.json(saved, 201);
  });
  routes.delete('/apps/:appId/views/:id', async (c) => {
    const viewer = c.get('viewer');
    const deleted = await store.deleteSavedView(c.get('app').key, c.req.param('id'), viewer, viewer === ADMIN_VIEWER);
    return deleted ? c.json({ deleted: true }) : c.json({ error: 'no such view of yours' }, 404);
  });
  return routes;
}
