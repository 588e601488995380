// The address a request came from, for per-client limits. Requests answered in-process (`app.request()` in
// tests) have no socket; they share one address. Behind a reverse proxy every client has the proxy's address,
// so there the per-address login limit counts everyone together (the per-account limit still holds).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'in-process';
  }
}
