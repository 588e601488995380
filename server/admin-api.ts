// The admin JSON API behind `Authorization: Bearer <adminToken>`: configures apps and injected faults, and reads
// back what the collector stored. The browser tests use it (tests/browser/sidelog/collector.ts).
import { Hono, type Context } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { cors } from 'hono/cors';
import { WIRE_PATHS, type WireOperation } from '../protocol/wire.ts';
import { sqliteOf, type FaultMode, type Store } from './db.ts';
import { putViewerAccount } from './explorer-api.ts';
import { createIntentLookup } from './intent-lookup.ts';
import { createViewerAccounts } from './viewer-accounts.ts';

export const ADMIN_BASE = '/sidelog/admin/api';
const FAULT_MODES: readonly FaultMode[] = ['none', 'error-500', 'error-400', 'error-413', 'hang', 'non-json'];
const OPERATIONS = Object.keys(WIRE_PATHS) as WireOperation[];

export interface AdminOptions {
  token: string;
  faults: boolean;
}

async function jsonBody(c: Context): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await c.req.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function createAdminApi(store: Store, options: AdminOptions): Hono {
  const admin = new Hono();
  const lookup = createIntentLookup(store);
  // Tests call it from pages on another origin; the bearer token, not cookies, is what guards it.
  admin.use(`${ADMIN_BASE}/*`, cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization'], allowMethods: ['GET', 'POST', 'OPTIONS'] }));
  // 401 for every refusal, a malformed Authorization header included (bearerAuth's default there is 400).
  const unauthorized = { message: (c: Context) => c.json({ error: 'admin token required' }, 401) };
  admin.use(
    `${ADMIN_BASE}/*`,
    bearerAuth({ token: options.token, noAuthenticationHeader: unauthorized, invalidAuthenticationHeader: unauthorized, invalidToken: unauthorized }),
  );

  admin.get(`${ADMIN_BASE}/apps`, (c) => c.json(store.apps()));
  admin.post(`${ADMIN_BASE}/apps`, async (c) => {
    const body = await jsonBody(c);
    if (typeof body?.key !== 'string' || body.key === '') return c.json({ error: `'key' must be a non-empty string` }, 400);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean') return c.json({ error: `'enabled' must be a boolean` }, 400);
    return c.json(store.putApp(body.key, body.enabled ?? true));
  });

  // Accounts that may sign in to the explorer (server/viewer-accounts.ts).
  const viewers = createViewerAccounts(sqliteOf(store), options.token);
  admin.post(`${ADMIN_BASE}/viewers`, (c) => putViewerAccount(c, viewers));

  admin.post(`${ADMIN_BASE}/faults`, async (c) => {
    if (!options.faults) return c.json({ error: 'fault injection is off (start the service with faults: true)' }, 404);
    const body = await jsonBody(c);
    if (typeof body?.app !== 'string' || body.app === '') return c.json({ error: `'app' must be a non-empty string` }, 400);
    if (!FAULT_MODES.includes(body.mode as FaultMode)) return c.json({ error: `'mode' must be one of ${FAULT_MODES.join(', ')}` }, 400);
    const ops = body.ops ?? undefined;
    if (ops !== undefined && (!Array.isArray(ops) || !ops.every((op) => OPERATIONS.includes(op)))) {
      return c.json({ error: `'ops' must list operations among ${OPERATIONS.join(', ')}` }, 400);
    }
    store.setFault(body.app, body.mode as FaultMode, ops as WireOperation[] | undefined);
    return c.json({ app: body.app, mode: body.mode, ops: ops ?? null });
  });

  /** The list endpoints: `?app=KEY`, answered in arrival order. */
  const lists: Record<string, (appKey: string) => unknown> = {
    logs: (app) => store.logs(app),
    batches: (app) => store.batches(app),
    sessions: (app) => store.sessions(app),
    issues: (app) => store.issues(app),
    'device-keys': (app) => store.deviceKeyChanges(app),
    requests: (app) => store.requests(app),
  };
  for (const [name, read] of Object.entries(lists)) {
    admin.get(`${ADMIN_BASE}/${name}`, (c) => {
      const app = c.req.query('app');
      if (!app) return c.json({ error: `'app' query parameter is required` }, 400);
      return c.json(read(app));
    });
  }

  // The viewer's data as JSON, at the viewer's own paths under the admin base.
  const found = (c: Context, value: unknown) => (value ? c.json(value) : c.json({ error: 'not found' }, 404));
  admin.get(`${ADMIN_BASE}/intent/:appId/issue/:uuid`, (c) => found(c, lookup.issue(c.req.param('appId'), c.req.param('uuid'))));
  admin.get(`${ADMIN_BASE}/intent/:appId/session/:uuid`, (c) => found(c, lookup.session(c.req.param('appId'), c.req.param('uuid'))));
  admin.get(`${ADMIN_BASE}/intent/:appId/device/:udid`, (c) => found(c, lookup.device(c.req.param('appId'), c.req.param('udid'))));
  return admin;
}
