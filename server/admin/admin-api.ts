// The admin JSON API behind `Authorization: Bearer <adminToken>`: configures apps and viewer accounts, and reads
// back what the collector stored. The browser tests use it (tests/browser/sidelog/collector.ts).
import { identityKeyProblem } from '../../explorer-contract/identity.ts';
import { Hono, type Context } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { cors } from 'hono/cors';
import { refuseBacktracking } from '../../protocol/redact/backtracking.ts';
import { resolveRedact, type RedactConfig } from '../../protocol/redact/redact-options.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './admin-pages.ts';
import { jsonWritesFrom } from '../http/cross-site.ts';
import { ADMIN_BODY_BYTES, limitBody, readJsonObject } from '../http/body-limits.ts';
import type {
  AdminList,
  AppStore,
  CollectedReads,
  DeviceErasureStore,
  DeviceHistoryStore,
  ErasureRecordStore,
  DownloadRecordStore,
  ForwardStore,
  IssueReplyStore,
  SourceMapStore,
  ViewerStore,
  WebhookStore,
} from '../stores/store.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import { createAdminWebhooks } from './webhooks.ts';
import { viewerAccountRoutes } from '../explorer/viewer-account-routes.ts';
import { createViewerAccounts } from '../explorer/viewer-accounts.ts';
import { createAdminSourceMaps, mapBodyLimit, SOURCE_MAPS_PATH } from '../sourcemaps/admin-source-maps.ts';
import { createIntentLookup } from './intent-lookup.ts';
import { adminDeviceCopyRoutes } from '../explorer/device-copy.ts';
import { adminDeviceErasureRoutes } from '../explorer/device-erasure.ts';
import { adminDownloadRoutes } from '../explorer/download-routes.ts';
import type { ForwardSettings } from '../collector/otlp/forwarder.ts';
import { createForwardingAdmin } from '../collector/otlp/forwarding-admin.ts';

/** Where server/service.ts mounts it; every route below is written from here. */
export const ADMIN_BASE = '/sidelog/admin/api';

interface AdminOptions {
  token: string;
  /** SIDELOG_FORWARD_OTLP and its companions, for the forwarding status. */
  forward?: ForwardSettings;
  /** The host names served (server/http/allowed-hosts.ts): a browser page elsewhere may not change anything. */
  allowedHosts: readonly string[];
}

/** `?cursor=` (the last row id of the previous page, or on ClickHouse its last arrival number: 16 digits; opaque to
 * callers) and `?limit=` (1 to MAX_PAGE_SIZE). */
function pageOf(c: Context): { after: number; limit: number } | string {
  const cursor = c.req.query('cursor') ?? '0';
  const limit = c.req.query('limit') ?? String(DEFAULT_PAGE_SIZE);
  if (!/^\d{1,16}$/.test(cursor) || !Number.isSafeInteger(Number(cursor)))
    return `'cursor' must be a cursor this API gave`;
  if (!/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE_SIZE)
    return `'limit' must be 1 to ${MAX_PAGE_SIZE}`;
  return { after: Number(cursor), limit: Number(limit) };
}

/** An app's `redact`: absent keeps the app's rule set, null removes it, else it is checked as the page checks its
 * option (docs/privacy.md#on-the-service); a string is the reason it was refused (docs/errors.md#admin-api). */
function redactOfBody(input: unknown): RedactConfig | null | undefined | string {
  if (input === undefined || input === null) return input;
  try {
    const config = resolveRedact(input);
    refuseBacktracking(config);
    return config;
  } catch (error) {
    return (error as Error).message;
  }
}

export function createAdminApi(
  store: AppStore &
    CollectedReads &
    ViewerStore &
    ForwardStore &
    WebhookStore &
    SourceMapStore &
    DeviceHistoryStore &
    Pick<IssueReplyStore, 'repliesOnIssues'> &
    DeviceErasureStore &
    ErasureRecordStore &
    DownloadRecordStore & { explorer: Pick<ExplorerQueries, 'devices' | 'sessions' | 'issues' | 'logs'> },
  options: AdminOptions,
): Hono {
  const admin = new Hono();
  const lookup = createIntentLookup(store);
  // Tests call it from pages on another origin; the bearer token, not cookies, is what guards it.
  admin.use(
    `*`,
    cors({
      origin: '*',
      allowHeaders: ['Content-Type', 'Authorization'],
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Link'],
    }),
  );
  // A source map's body is bounded on its own (server/sourcemaps/limits.ts).
  const adminBody = limitBody(ADMIN_BODY_BYTES);
  admin.use(`*`, (c, next) => (c.req.path === `${ADMIN_BASE}${SOURCE_MAPS_PATH}` ? mapBodyLimit : adminBody)(c, next));
  // 401 for every refusal, a malformed Authorization header included (bearerAuth's default there is 400).
  const unauthorized = { message: (c: Context) => c.json({ error: 'admin token required' }, 401) };
  admin.use(
    `*`,
    bearerAuth({
      token: options.token,
      noAuthenticationHeader: unauthorized,
      invalidAuthenticationHeader: unauthorized,
      invalidToken: unauthorized,
    }),
  );
  // The token, which no browser adds by itself, is what guards it from other sites; pages on other ports of the
  // served hosts may call it (server/http/cross-site.ts).
  admin.use(`*`, jsonWritesFrom({ from: 'allowed-hosts', allowed: options.allowedHosts }));

  admin.get(`/apps`, async (c) => c.json(await store.apps()));
  admin.post(`/apps`, async (c) => {
    const body = await readJsonObject(c);
    if (typeof body?.key !== 'string' || body.key === '')
      return c.json({ error: `'key' must be a non-empty string` }, 400);
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      return c.json({ error: `'enabled' must be a boolean` }, 400);
    const redact = redactOfBody(body.redact);
    if (typeof redact === 'string') return c.json({ error: redact }, 400);
    return c.json(await store.putApp(body.key, body.enabled ?? true, redact));
  });

  // The device key that says who a user is, shown on every view of the explorer (docs/explorer.md#identity).
  admin.post(`/apps/:key/identity`, async (c) => {
    const body = await readJsonObject(c);
    const problem = body === undefined ? `the body must be a JSON object` : identityKeyProblem(body.key);
    if (problem) return c.json({ error: problem }, 400);
    const key = body!.key === null ? null : (body!.key as string).trim();
    const app = await store.setIdentityKey(c.req.param('key'), key);
    return app ? c.json(app) : c.json({ error: 'no such app' }, 404);
  });

  // Accounts that may sign in to the explorer (server/explorer/viewer-accounts.ts).
  admin.route('/', viewerAccountRoutes(store, createViewerAccounts(store, options.token)));

  // Everything stored of one device, copied or erased on request (docs/privacy.md#a-copy-of-a-device).
  admin.route('/', adminDeviceCopyRoutes(store));
  admin.route('/', adminDeviceErasureRoutes(store));
  admin.route('/', adminDownloadRoutes(store));

  // Each app's webhook for new and reopened issue groups (docs/explorer.md#the-webhook).
  admin.route('/', createAdminWebhooks(store));

  // Each app's source maps per release (docs/source-maps.md).
  admin.route('/', createAdminSourceMaps(store));

  /** The list endpoints: `?app=KEY`, answered in arrival order a page at a time (server/admin/admin-pages.ts). */
  const LISTS: readonly AdminList[] = ['logs', 'batches', 'sessions', 'issues', 'device-keys', 'requests'];
  for (const list of LISTS) {
    admin.get(`/${list}`, async (c) => {
      const app = c.req.query('app');
      if (!app) return c.json({ error: `'app' query parameter is required` }, 400);
      const page = pageOf(c);
      if (typeof page === 'string') return c.json({ error: page }, 400);
      const { rows, last } = await store.listPage(list, app, page.after, page.limit);
      // A full page links the next. On ClickHouse a full page may hold more than asked: its last arrival number's ties.
      if (rows.length >= page.limit && last !== undefined) {
        const next = new URLSearchParams({ app, limit: String(page.limit), cursor: String(last) });
        c.header('Link', `<${ADMIN_BASE}/${list}?${next}>; rel="next"`);
      }
      return c.json(rows);
    });
  }

  // Forwarding to OTLP endpoints: its status, and an app's own endpoint (server/collector/otlp/forwarding-admin.ts).
  admin.route('/', createForwardingAdmin(store, options.forward ?? {}));

  // Requests that named no known app, counted per key (the collector stores no row for each).
  admin.get(`/refused-keys`, async (c) => c.json(await store.refusedKeys(MAX_PAGE_SIZE)));

  // The viewer's data as JSON, at the viewer's own paths under the admin base.
  const found = (c: Context, value: unknown) => (value ? c.json(value) : c.json({ error: 'not found' }, 404));
  admin.get(`/intent/:appId/issue/:uuid`, async (c) =>
    found(c, await lookup.issue(c.req.param('appId'), c.req.param('uuid'))),
  );
  admin.get(`/intent/:appId/session/:uuid`, async (c) =>
    found(c, await lookup.session(c.req.param('appId'), c.req.param('uuid'))),
  );
  admin.get(`/intent/:appId/device/:udid`, async (c) =>
    found(c, await lookup.device(c.req.param('appId'), c.req.param('udid'))),
  );
  return admin;
}
