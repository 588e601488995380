// A saved view's alert and the app's alerts list (docs/explorer.md#alerts): `POST /apps/{appID}/views/{id}/alert
// { alert }` sets it (null removes it), for the view's owner or the admin; `GET /apps/{appID}/alerts` lists the
// firings of the views the viewer sees, newest first. Only a view of the stream can carry one: its query is the
// stream's filters, counted as the explorer counts them.
import { Hono } from 'hono';
import { FilterError, parseLogFilters } from '../../explorer-contract/log-filters.ts';
import { ALERT_PATH, parseViewAlert } from '../../explorer-contract/view-alert.ts';
import { readJsonObject } from '../http/body-limits.ts';
import type { AlertStore, SavedViewStore } from '../stores/store.types.ts';
import type { ExplorerEnv } from './api-params.ts';
import { ADMIN_VIEWER } from './viewer-accounts.ts';

/** The firings an alerts list shows. */
const LISTED = 100;

export function createAlertRoutes(store: AlertStore & SavedViewStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/alerts', async (c) =>
    c.json(await store.alertFirings(c.get('app').key, c.get('viewer'), LISTED)),
  );
  routes.post('/apps/:appId/views/:id/alert', async (c) => {
    const alert = parseViewAlert((await readJsonObject(c))?.alert);
    if (typeof alert === 'string') return c.json({ error: alert }, 400);
    const appKey = c.get('app').key;
    const viewer = c.get('viewer');
    const id = c.req.param('id');
    const view = (await store.savedViews(appKey, viewer)).find((one) => one.id === id);
    const anyOwner = viewer === ADMIN_VIEWER;
    if (!view || (view.owner !== viewer && !anyOwner)) return c.json({ error: 'no such view of yours' }, 404);
    if (alert !== null) {
      if (view.path !== ALERT_PATH)
        return c.json({ error: `only a view of the log stream (${ALERT_PATH}) can carry an alert` }, 400);
      try {
        parseLogFilters(new URLSearchParams(view.query));
      } catch (error) {
        if (!(error instanceof FilterError)) throw error;
        return c.json({ error: `the view's filters cannot be counted: ${error.message}` }, 400);
      }
    }
    if (!(await store.setViewAlert(appKey, id, { viewer, anyOwner }, alert, Date.now())))
      return c.json({ error: 'no such view of yours' }, 404);
    return c.json({ ...view, alert });
  });
  return routes;
}
