// Serves the built portal: hashed assets cached for good, index.html never cached, and history-mode routing
// (any other GET outside the APIs is the portal's index, so /sales opens the app on its sales route).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

/** Paths the portal never answers: the APIs and the viewer, whose misses must stay 404s. */
const NOT_PORTAL = /^\/(assets|sidelog|mobile)(\/|$)/;

/** Sets Cache-Control on what the handlers after it found (serveStatic's onFound runs too late to set headers). */
const cacheControl =
  (value: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', value);
  };

export function createPortalStatic(distDir: string): Hono {
  const root = resolve(distDir);
  const portal = new Hono();
  if (!existsSync(root)) {
    // Built after the service started? Restart it; until then say what is missing.
    portal.get('*', (c, next) =>
      NOT_PORTAL.test(c.req.path)
        ? next()
        : c.text('The portal is not built: run `npm run build` (or `npm start`).', 404),
    );
    return portal;
  }

  // The build's source maps hold the portal's code: they are for the service's symbolication, uploaded through the
  // admin API (docs/source-maps.md), never for a browser; the build writes no comment that names them either.
  portal.use('*', async (c, next) => {
    if (c.req.path.endsWith('.map')) return c.text('Not Found', 404);
    await next();
  });
  // Vite puts a content hash in every file name under assets/, so a file there never changes.
  portal.use('/assets/*', cacheControl('public, max-age=31536000, immutable'), serveStatic({ root }));
  const files = serveStatic({ root });
  const index = serveStatic({ path: join(root, 'index.html') });
  const unlessApi =
    (handler: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      NOT_PORTAL.test(c.req.path) ? next() : handler(c, next);
  portal.use('*', unlessApi(cacheControl('no-cache')), unlessApi(files));
  portal.get('*', unlessApi(index));
  return portal;
}
