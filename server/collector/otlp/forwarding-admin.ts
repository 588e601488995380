// Forwarding in the admin API (docs/local-service.md#admin-api): GET …/forwarding, each forwarded app's endpoint,
// cursor, lag and last error, read from the database so that any process answers alike; POST …/forwarding sets or
// removes an app's own endpoint.
import { Hono, type Context } from 'hono';
import { readJsonObject } from '../../http/body-limits.ts';
import type { AppStore, ForwardStore } from '../../stores/store.types.ts';
import { targetProblem } from '../../outbound/target-policy.ts';
import { withoutCredentials } from '../../outbound/without-credentials.ts';
import { forwardEndpoints, type ForwardSettings } from './forwarder.ts';

/** The lag is counted up to this many logs; past it the status says "at least". */
const LAG_COUNT_CAP = 100_000;

interface ForwardedAppStatus {
  app: string;
  /** The endpoint, without any user name or password it holds. */
  url: string;
  /** Whether it is the app's own endpoint rather than SIDELOG_FORWARD_OTLP. */
  own: boolean;
  lastForwardedId: number;
  /** Logs of the app stored after the last forwarded one: at least LAG_COUNT_CAP when `lagCapped`. */
  lag: number;
  lagCapped: boolean;
  forwarded: number;
  refused: number;
  lastForwardedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface ForwardingStatus {
  /** SIDELOG_FORWARD_OTLP, as `url` above, or null. */
  url: string | null;
  encoding: 'json' | 'protobuf';
  /** The process forwarding now (host:pid:id), and until when its lease runs unless renewed. */
  holder: string | null;
  leaseExpiresAt: string | null;
  apps: ForwardedAppStatus[];
}

/** An endpoint as the status and the start-up line show it: without a user name or password. */
export { withoutCredentials } from '../../outbound/without-credentials.ts';

async function forwardingStatus(store: ForwardStore & AppStore, settings: ForwardSettings): Promise<ForwardingStatus> {
  const [endpoints, cursors, holder] = await Promise.all([
    forwardEndpoints(store, settings),
    store.forwardCursors(),
    store.forwardingHolder(),
  ]);
  const byApp = new Map(cursors.map((cursor) => [cursor.appKey, cursor]));
  const apps: ForwardedAppStatus[] = [];
  for (const { app, endpoint, own } of endpoints) {
    const cursor = byApp.get(app.key);
    const lastForwardedId = cursor?.lastId ?? 0;
    const lag = await store.forwardLag(app.key, lastForwardedId, LAG_COUNT_CAP);
    apps.push({
      app: app.key,
      url: withoutCredentials(endpoint.url),
      own,
      lastForwardedId,
      lag,
      lagCapped: lag >= LAG_COUNT_CAP,
      forwarded: cursor?.forwarded ?? 0,
      refused: cursor?.refused ?? 0,
      lastForwardedAt: cursor?.lastForwardedAt ?? null,
      lastError: cursor?.lastError ?? null,
      lastErrorAt: cursor?.lastErrorAt ?? null,
    });
  }
  return {
    url: settings.url ? withoutCredentials(settings.url) : null,
    encoding: settings.encoding ?? 'json',
    holder: holder?.holder ?? null,
    leaseExpiresAt: holder?.expiresAt ?? null,
    apps,
  };
}

const isHeaders = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.entries(value).every(
    ([name, item]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && typeof item === 'string' && !/[\r\n\0]/.test(item),
  );

export function isEndpointUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The two routes, which the admin API mounts behind its token. */
export function createForwardingAdmin(store: ForwardStore & AppStore, settings: ForwardSettings): Hono {
  const admin = new Hono();
  admin.get('/forwarding', async (c) => c.json(await forwardingStatus(store, settings)));
  admin.post('/forwarding', async (c: Context) => {
    const body = await readJsonObject(c);
    if (typeof body?.app !== 'string' || !(await store.app(body.app)))
      return c.json({ error: `'app' must be the key of an app` }, 400);
    if (body.url !== null && !isEndpointUrl(body.url))
      return c.json({ error: `'url' must be an http or https URL, or null to follow SIDELOG_FORWARD_OTLP` }, 400);
    if (body.url !== null) {
      const url = new URL(body.url);
      // Credentials go in `headers`: in the URL they would show wherever the URL does.
      if (url.username || url.password) return c.json({ error: `'url' must not hold a user name or password` }, 400);
      const refused = targetProblem(url);
      if (refused) return c.json({ error: `'url': ${refused}` }, 400);
    }
    if (body.headers !== undefined && !isHeaders(body.headers))
      return c.json({ error: `'headers' must map header names to strings` }, 400);
    await store.setForwardTarget(
      body.app,
      body.url === null ? null : { url: body.url, headers: (body.headers as Record<string, string> | undefined) ?? {} },
    );
    return c.json(await forwardingStatus(store, settings));
  });
  return admin;
}
