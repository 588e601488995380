// Cross-site request forgery: a page of another site, or of another port on the same host, can make a browser send
// forms and simple fetches here, with the cookies the browser holds for the service. So the routes that change
// state take only JSON (which no form can send, and no page elsewhere can send without a CORS preflight), and refuse
// what the browser says came from elsewhere (docs/local-service.md#cross-site-requests).
import type { Context, MiddlewareHandler } from 'hono';
import { hostAllowed } from './allowed-hosts.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whose pages may send state-changing requests: only the service's own origin (routes a cookie signs in), or any
 * page on an allowed host, whatever its port (routes a bearer token signs in, which no browser adds by itself). */
type WritersRule = { from: 'same-origin' } | { from: 'allowed-hosts'; allowed: readonly string[] };

/** Why the browser's own headers say the request came from a page it may not, or undefined. `Sec-Fetch-Site` is
 * read first where the browser sends it; else `Origin`. A request with neither is not a browser's (curl, a script). */
function crossSiteReason(c: Context, rule: WritersRule): string | undefined {
  const fetchSite = c.req.header('sec-fetch-site');
  if (rule.from === 'same-origin' && fetchSite !== undefined) {
    return fetchSite === 'same-origin' ? undefined : `a ${fetchSite} request (Sec-Fetch-Site)`;
  }
  const origin = c.req.header('origin');
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return `a request from origin '${origin}'`;
  }
  // The Host is on the allow-list (server/http/allowed-hosts.ts) and names the port: the same host and port, behind a TLS
  // proxy too, where the proxy passes the Host on and the scheme differs.
  const allowed =
    rule.from === 'same-origin' ? from.host === new URL(c.req.url).host : hostAllowed(from.hostname, rule.allowed);
  return allowed ? undefined : `a request from ${from.origin}`;
}

/** Is the body declared JSON (`application/json`, with or without parameters)? */
const isJson = (c: Context) =>
  (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** Refuses, on every method but GET, HEAD and OPTIONS, a request from a page the rule does not allow (403) and a
 * body that is not declared JSON (415). */
export function jsonWritesFrom(rule: WritersRule): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const reason = crossSiteReason(c, rule);
    if (reason)
      return c.json(
        {
          error: `refused: ${reason}; ${rule.from === 'same-origin' ? "only the service's own pages" : 'only pages on SIDELOG_ALLOWED_HOSTS'} may send it`,
        },
        403,
      );
    if (!isJson(c)) return c.json({ error: `the body must be JSON, sent as 'Content-Type: application/json'` }, 415);
    return next();
  };
}
