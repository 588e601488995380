// `GET|POST /apps/{appID}/identity`: the app's identity key, the device key that says who a user is
// (docs/explorer.md#identity). Anyone who reads the app sees it; only the admin sets it, as the admin API does.
import { Hono } from 'hono';
import { identityKeyProblem } from '../../explorer-contract/identity.ts';
import { readJsonObject } from '../http/body-limits.ts';
import type { AppStore } from '../stores/store.types.ts';
import { adminOnly, type ExplorerEnv } from './api-params.ts';

export function createIdentityRoutes(store: Pick<AppStore, 'setIdentityKey'>): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/identity', (c) => c.json({ key: c.get('app').identityKey ?? null }));
  routes.post('/apps/:appId/identity', adminOnly('only the admin sets who a user is'), async (c) => {
    const body = await readJsonObject(c);
    const problem = body === undefined ? `the body must be a JSON object` : identityKeyProblem(body.key);
    if (problem) return c.json({ error: problem }, 400);
    const key = body!.key === null ? null : (body!.key as string).trim();
    const app = await store.setIdentityKey(c.get('app').key, key);
    return c.json({ key: app?.identityKey ?? null });
  });
  return routes;
}
