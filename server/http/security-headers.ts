// Headers on every response of the service: no MIME sniffing, no framing by other sites, no Referer leaving the
// service (viewer URLs carry app ids and session uuids), and the portal's own Content-Security-Policy on its pages.
// A route that set one of these itself (say, a page with its own CSP) keeps its value.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  // frame-ancestors is the modern form of X-Frame-Options; alone it restricts nothing else.
  'Content-Security-Policy': "frame-ancestors 'none'",
} as const;

/** The policy `vite build` wrote for this build's settings (scripts/portal-csp.ts). Pages built otherwise (the
 * bench's, which talk to a server of their own) have none to read, and keep the frame-ancestors-only policy. */
export function readPortalCsp(distDir: string): string {
  const file = join(distDir, 'csp.json');
  if (!existsSync(file)) return SECURITY_HEADERS['Content-Security-Policy'];
  const { policy } = JSON.parse(readFileSync(file, 'utf8')) as { policy?: unknown };
  return typeof policy === 'string' && policy !== '' ? policy : SECURITY_HEADERS['Content-Security-Policy'];
}

/** Paths that are not the portal: its policy goes on every other HTML answer (index.html for any route). */
const NOT_PORTAL = /^\/(sidelog|mobile)(\/|$)/;

export function securityHeaders(portalCsp: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const isPortalPage =
      !NOT_PORTAL.test(c.req.path) && (c.res.headers.get('Content-Type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (c.res.headers.has(name)) continue;
      c.res.headers.set(name, name === 'Content-Security-Policy' && isPortalPage ? portalCsp : value);
    }
  };
}
