// The admin API's routes for an app's webhook (docs/explorer.md#the-webhook): `GET webhooks?app=KEY` and
// `POST webhooks { app, url, origin? }` (url null removes it; origin, where the explorer's links in its notifications
// start, is the request's own when left out).
import { Hono } from 'hono';
import { readJsonObject } from '../http/body-limits.ts';
import type { AppStore, WebhookStore } from '../stores/store.types.ts';
import { webhookUrlProblem } from '../webhooks/webhook-url.ts';

export function createAdminWebhooks(store: AppStore & WebhookStore): Hono {
  const routes = new Hono();
  routes.get('/webhooks', async (c) => {
    const app = await store.app(c.req.query('app') ?? '');
    return app ? c.json(await store.webhook(app.key)) : c.json({ error: `'app' must be the key of an app` }, 400);
  });
  routes.post('/webhooks', async (c) => {
    const body = await readJsonObject(c);
    const app = typeof body?.app === 'string' ? await store.app(body.app) : undefined;
    if (!app) return c.json({ error: `'app' must be the key of an app` }, 400);
    if (body!.url !== null) {
      const problem = webhookUrlProblem(body!.url);
      if (problem) return c.json({ error: problem }, 400);
    }
    let origin = new URL(c.req.url).origin;
    if (body!.origin !== undefined) {
      const given = typeof body!.origin === 'string' && URL.canParse(body!.origin) ? new URL(body!.origin) : undefined;
      if (!given || !/^https?:$/.test(given.protocol))
        return c.json({ error: `'origin' must be an http or https origin, such as https://logs.example` }, 400);
      origin = given.origin;
    }
    await store.setWebhook(app.key, body!.url === null ? null : { url: body!.url as string, origin }, new Date());
    return c.json(await store.webhook(app.key));
  });
  return routes;
}
