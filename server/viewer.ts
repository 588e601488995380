// The viewer: readable pages at the URLs Sidelog returns (`{baseURL}/intent/{appID}/issue|session|device/{id}`),
// and an index of recent sessions and issues at /sidelog/.
import { Hono } from 'hono';
import type { Store } from './db.ts';
import { createIntentLookup } from './intent-lookup.ts';
import { devicePage, indexPage, issuePage, notFoundPage, sessionPage } from './viewer-pages.ts';

const RECENT = 20;

export function createViewer(store: Store): Hono {
  const viewer = new Hono();
  const lookup = createIntentLookup(store);

  viewer.get('/sidelog', (c) => c.redirect('/sidelog/'));
  viewer.get('/sidelog/', (c) => {
    const apps = store
      .apps()
      .map((app) => ({ app, sessions: store.sessions(app.key, RECENT).reverse(), issues: store.issues(app.key, RECENT).reverse() }))
      // Apps that have received nothing (tests create many) would only bury the ones that have.
      .filter(({ sessions, issues }) => sessions.length > 0 || issues.length > 0);
    return c.html(indexPage(apps));
  });
  viewer.get('/sidelog/intent/:appId/issue/:uuid', (c) => {
    const view = lookup.issue(c.req.param('appId'), c.req.param('uuid'));
    return view ? c.html(issuePage(view)) : c.html(notFoundPage('No such issue.'), 404);
  });
  viewer.get('/sidelog/intent/:appId/session/:uuid', (c) => {
    const view = lookup.session(c.req.param('appId'), c.req.param('uuid'));
    return view ? c.html(sessionPage(view)) : c.html(notFoundPage('No such session.'), 404);
  });
  viewer.get('/sidelog/intent/:appId/device/:udid', (c) => {
    const view = lookup.device(c.req.param('appId'), c.req.param('udid'));
    return view ? c.html(devicePage(view)) : c.html(notFoundPage('No such device.'), 404);
  });
  return viewer;
}
