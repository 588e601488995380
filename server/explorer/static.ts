// The explorer's page (dist/explorer.html, the build's second entry) at its routes under /sidelog/, history-mode:
// each route is the same page, which reads the address. Never cached, like the portal's index; the page itself
// holds no data, so it may be served before sign-in (it asks the API, which answers 401, and shows the sign-in).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';

/** The explorer loads only its own files and talks only to its own API; it has no plugin, no inline script or
 * style, and no other origin to reach, so its policy is stricter than the portal's (docs/local-service.md#explorer). */
export const EXPLORER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The addresses the explorer answers, each route of explorer/ExplorerApp.tsx (explorer-api.test.ts holds them
 * together); others under /sidelog/ stay 404s. */
export const EXPLORER_ROUTES =
  /^\/sidelog\/(?:|sign-in|logs|patterns|sessions|sequences|issues|devices|users|settings|account|(?:issues|devices)\/[^/]+|issue-groups\/\d+(?:\/story)?|intent\/[^/]+\/(?:issue|session|device)\/[^/]+)$/;

export function createExplorerStatic(distDir: string): Hono {
  const file = join(resolve(distDir), 'explorer.html');
  const pages = new Hono();
  pages.get('/sidelog', (c) => c.redirect('/sidelog/'));
  pages.get('/sidelog/*', (c, next) => {
    if (!EXPLORER_ROUTES.test(c.req.path)) return next();
    if (!existsSync(file)) return c.text('The explorer is not built: run `npm run build` (or `npm start`).', 503);
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', EXPLORER_CSP);
    return c.html(readFileSync(file, 'utf8'));
  });
  return pages;
}
