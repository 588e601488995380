// The routes of the explorer's viewer accounts (docs/local-service.md#viewer-accounts): `GET viewers` lists them,
// `POST viewers { name, password }` makes one or sets a new password, `POST viewers/{name}/apps { apps }` limits one to
// some apps (docs/local-service.md#per-app-access), `DELETE viewers/{name}` removes one. The same routes in the admin
// API, behind its token, and in the explorer's, for the admin signed in (its Settings page).
import { Hono, type Env } from 'hono';
import { readJsonObject } from '../http/body-limits.ts';
import type { AppStore } from '../stores/store.types.ts';
import { accountProblem, type ViewerAccounts } from './viewer-accounts.ts';

export function viewerAccountRoutes<E extends Env>(store: Pick<AppStore, 'app'>, accounts: ViewerAccounts): Hono<E> {
  const routes = new Hono<E>();

  routes.get('/viewers', async (c) => c.json({ viewers: await accounts.list() }));

  // Its sign-ins end with it: its next request is refused as signed out.
  routes.delete('/viewers/:name', async (c) => {
    const name = c.req.param('name');
    if (!(await accounts.remove(name))) return c.json({ error: 'no such viewer' }, 404);
    return c.json({ name });
  });

  // A new password for an existing name replaces the old one and ends its sign-ins.
  routes.post('/viewers', async (c) => {
    const body = await readJsonObject(c);
    const problem = accountProblem(body?.name, body?.password);
    if (problem) return c.json({ error: problem }, 400);
    const result = await accounts.put(body!.name as string, body!.password as string);
    return c.json({ name: result.name }, result.created ? 201 : 200);
  });

  // `{ apps: null }` is every app again. Each key must name an app.
  routes.post('/viewers/:name/apps', async (c) => {
    const body = await readJsonObject(c);
    const keys = body?.apps;
    if (keys !== null && !(Array.isArray(keys) && keys.every((key) => typeof key === 'string' && key !== ''))) {
      return c.json({ error: `'apps' must be a list of app keys, or null for every app` }, 400);
    }
    const unknown = [];
    for (const key of keys ?? []) if (!(await store.app(key as string))) unknown.push(key as string);
    if (unknown.length > 0) return c.json({ error: `no such app: ${unknown.join(', ')}` }, 400);
    const name = c.req.param('name');
    const apps = keys === null ? null : [...new Set(keys as string[])];
    if (!(await accounts.limitApps(name, apps))) return c.json({ error: 'no such viewer' }, 404);
    return c.json({ name, apps });
  });
  return routes;
}
