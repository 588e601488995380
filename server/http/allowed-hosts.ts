// The Host allow-list against DNS rebinding: a page on an attacker's domain that re-resolves to 127.0.0.1 sends
// its own domain as Host, and is refused before any route (the viewer, the admin API) answers it.
import type { MiddlewareHandler } from 'hono';

/** Loopback names: `localhost` and any `*.localhost` (browsers resolve them to loopback themselves). */
const LOOPBACK = ['localhost', '*.localhost', '127.0.0.1', '[::1]'];

/** SIDELOG_ALLOWED_HOSTS (comma-separated host names, `*.example.com` for subdomains, `*` for any), else the
 * bound host and the loopback names. Binding to every interface (0.0.0.0, ::) names no host: set the variable. */
export function allowedHosts(setting: string | undefined, boundHost: string): string[] {
  const configured = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (configured.length) return configured;
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost.toLowerCase();
  return [...new Set([bound, ...LOOPBACK])];
}

export function hostAllowed(hostname: string, allowed: readonly string[]): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some(
    (entry) => entry === '*' || entry === name || (entry.startsWith('*.') && name.endsWith(entry.slice(1))),
  );
}

/** 421 Misdirected Request for a Host not on the list. */
export function hostAllowList(allowed: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const hostname = new URL(c.req.url).hostname;
    if (!hostAllowed(hostname, allowed))
      return c.json({ error: `host '${hostname}' is not served here (SIDELOG_ALLOWED_HOSTS)` }, 421);
    return next();
  };
}
