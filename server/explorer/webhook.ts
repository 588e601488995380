// `GET|POST /apps/{appID}/webhook`: the app's webhook, seen and set by the admin only (docs/explorer.md#the-webhook).
// The links in its notifications start at the explorer's origin, as the admin's browser names it.
import { Hono } from 'hono';
import { readJsonObject } from '../http/body-limits.ts';
import type { WebhookStore } from '../stores/store.types.ts';
import { webhookUrlProblem } from '../webhooks/webhook-url.ts';
import type { ExplorerEnv } from './api-params.ts';
import { ADMIN_VIEWER } from './viewer-accounts.ts';

export function createWebhookRoutes(store: WebhookStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.use('/apps/:appId/webhook', async (c, next) => {
    if (c.get('viewer') !== ADMIN_VIEWER) return c.json({ error: 'only the admin sees and sets webhooks' }, 403);
    await next();
  });
  routes.get('/apps/:appId/webhook', async (c) => c.json(await store.webhook(c.get('app').key)));
  routes.post('/apps/:appId/webhook', async (c) => {
    const body = await readJsonObject(c);
    const url = body?.url;
    if (url !== null) {
      const problem = webhookUrlProblem(url);
      if (problem) return c.json({ error: problem }, 400);
    }
    const origin = c.req.header('Origin') ?? new URL(c.req.url).origin;
    await store.setWebhook(c.get('app').key, url === null ? null : { url: url as string, origin }, new Date());
    return c.json(await store.webhook(c.get('app').key));
  });
  return routes;
}
