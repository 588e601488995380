// The local service: serves the built portal. (The partner API and the logging collector join it later.)
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const port = Number(process.env.PORT ?? 8080);
const hostname = process.env.HOST ?? '127.0.0.1';

const app = new Hono();
app.use('/assets/*', serveStatic({ root: './dist' }));
app.use('*', serveStatic({ root: './dist' }));
// History-mode routing: every other GET is the portal's index.
app.get('*', serveStatic({ path: './dist/index.html' }));

serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`Кабинет партнера: http://${info.address}:${info.port}`);
});
