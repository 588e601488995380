// Who a request came from, for per-client limits, and whether it came over TLS, for the session cookie's Secure flag
// (docs/local-service.md#behind-a-tls-proxy). Directly, that is the socket's address and the URL's scheme. Behind a
// reverse proxy every request comes from the proxy, over its own plain HTTP: the service then believes the proxy's
// X-Forwarded-For and X-Forwarded-Proto, but only from the addresses SIDELOG_TRUSTED_PROXIES names, since anyone
// else could send them. Requests answered in-process (`app.request()` in tests) have no socket; they share one address.
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

export interface ProxySettings {
  /** Addresses (`10.0.0.5`, `::1`) or networks (`10.0.0.0/8`) of the proxies whose X-Forwarded-* headers count. */
  trustedProxies?: readonly string[];
  /** Session cookies Secure always (true), never (false), or when the request came over TLS (undefined). */
  secureCookies?: boolean;
}

/** What the service believes of a request's client, once worked out for it. */
interface RequestClient {
  address: string;
  secureCookies: boolean;
}

declare module 'hono' {
  interface ContextVariableMap {
    requestClient: RequestClient;
  }
}

/** SIDELOG_TRUSTED_PROXIES: comma-separated addresses or networks; throws naming an entry that is neither. */
export function trustedProxies(setting: string | undefined): string[] {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address!);
    const bits = family === 4 ? 32 : 128;
    if (!family || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(`SIDELOG_TRUSTED_PROXIES must list IP addresses or networks (10.0.0.0/8), not '${entry}'`);
    }
  }
  return entries;
}

/** SIDELOG_SECURE_COOKIES: `true`, `false`, or unset (Secure when the request came over TLS). */
export function secureCookiesSetting(setting: string | undefined): boolean | undefined {
  if (setting === undefined || setting === '') return undefined;
  if (setting === 'true' || setting === 'false') return setting === 'true';
  throw new Error(`SIDELOG_SECURE_COOKIES must be true or false, not '${setting}'`);
}

/** An IPv4 client of a dual-stack socket is `::ffff:a.b.c.d`: the IPv4 address, as settings name it. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function socketAddress(c: Context): string {
  try {
    return plain(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'in-process';
  }
}

/** Works out each request's client (address, and whether its cookies must be Secure) before any route reads it. */
export function identifyClients(settings: ProxySettings = {}): MiddlewareHandler {
  const trusted = new BlockList();
  for (const entry of settings.trustedProxies ?? []) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address!, type);
    else trusted.addSubnet(address!, Number(prefix), type);
  }
  const isTrusted = (address: string) =>
    isIP(address) !== 0 && trusted.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return async (c, next) => {
    let address = socketAddress(c);
    let tls = new URL(c.req.url).protocol === 'https:';
    if (isTrusted(address)) {
      // The nearest address the trusted proxies did not add: each proxy appends the one it received from.
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => plain(entry.trim()))
        .filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) {
        address = hops[i]!;
        if (!isTrusted(address)) break;
      }
      const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
      if (proto) tls = proto === 'https';
    }
    c.set('requestClient', { address, secureCookies: settings.secureCookies ?? tls });
    return next();
  };
}

/** The client's address: behind a trusted proxy, the address the proxy received the request from. */
export function clientAddress(c: Context): string {
  return c.get('requestClient')?.address ?? socketAddress(c);
}

/** Whether a cookie set in answer to this request must be Secure. */
export function secureCookies(c: Context): boolean {
  return c.get('requestClient')?.secureCookies ?? new URL(c.req.url).protocol === 'https:';
}
