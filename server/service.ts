// The local service (docs/local-service.md): one process serving the portal, the partner API, the logging collector, its
// viewer and admin API. `startService` is what the CLI (server/main.ts) and the tests start.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ADMIN_BASE, createAdminApi } from './admin/admin-api.ts';
import { createAdmission, type AdmissionLimits } from './collector/admission.ts';
import { allowedHosts, hostAllowList } from './http/allowed-hosts.ts';
import { identifyClients, type ProxySettings } from './http/client-address.ts';
import { COLLECTOR_BASE, createCollector } from './collector/collector.ts';
import { openStore } from './stores/open-store.ts';
import type { Store } from './stores/store.types.ts';
import { createExplorer } from './explorer/explorer.ts';
import { seedDemo } from './partner/demo.ts';
import type { LoginLimits } from './http/login-throttle.ts';
import { createPartnerApi } from './partner/partner-api.ts';
import { serviceErrors } from './http/errors.ts';
import { createOtlpLogsEndpoint } from './collector/otlp/logs-endpoint.ts';
import { startForwarder, type ForwarderOptions, type ForwardSettings } from './collector/otlp/forwarder.ts';
import { StartupError } from './startup-checks.ts';
import { createPortalStatic } from './partner/portal-static.ts';
import { DEFAULT_RETENTION_DAYS, startRetention } from './stores/retention.ts';
import { readPortalCsp, securityHeaders } from './http/security-headers.ts';
import { startNotifier } from './webhooks/notifier.ts';
import { startAlertChecks } from './alerts/alert-checks.ts';
import type { PrimaryChannel } from './stores/clickhouse/remote-log-writer.ts';

export interface ServiceOptions {
  /** The database: a SQLite file's path (created with its directory when missing) or a postgres:// URL. */
  db?: string;
  /** SIDELOG_LOGS: a ClickHouse HTTP URL for the logs, the rest staying in `db` (docs/clickhouse.md). */
  logs?: string;
  /** A worker's channel to its primary (server/processes.ts), which inserts the host's logs into ClickHouse
   * (docs/clickhouse.md#one-inserter-per-host). */
  logsThroughPrimary?: PrimaryChannel;
  /** The SQLite file, as `db` (kept for callers that name it so). */
  dbPath?: string;
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** Generated when not given. */
  adminToken?: string;
  /** The built portal; default `dist`. */
  distDir?: string;
  /** Sign-in throttling; DEFAULT_LOGIN_LIMITS when not given. */
  loginLimits?: LoginLimits;
  /** Host names served (server/http/allowed-hosts.ts); default: `host` and the loopback names. */
  allowedHosts?: string[];
  /** The reverse proxies in front, and the session cookie's Secure flag (server/http/client-address.ts). */
  proxies?: ProxySettings;
  /** Days logs (and the other collected rows) are kept; 0 keeps them for ever. Default DEFAULT_RETENTION_DAYS. */
  retentionDays?: number;
  /** A cap on the database's size in bytes: past it writes answer 507 until retention deletes rows. */
  maxDbBytes?: number;
  /** The collector's back-pressure (server/collector/admission.ts); DEFAULT_ADMISSION_LIMITS when not given. */
  collectorLimits?: AdmissionLimits;
  /** The largest collector body once inflated (SIDELOG_MAX_INFLATED_MB); default DEFAULT_MAX_INFLATED_BYTES. */
  maxInflatedBytes?: number;
  /** Forwarding stored logs over OTLP (SIDELOG_FORWARD_OTLP…), and the forwarder's pacing. */
  forward?: ForwarderOptions;
  /** The most logs a page of a search holding a fragment reads (SIDELOG_SCAN_ROWS); default SCAN_ROWS
   * (docs/explorer.md#fragments). */
  scanRows?: number;
  /** How often the saved views' alerts are checked, in ms; default ALERT_CHECK_MS, a minute (docs/explorer.md#alerts). */
  alertCheckMs?: number;
  /** Mounts middleware or routes of the caller's ahead of the service's own routes (after the security headers and
   * the host check), with the store: how the tests add machinery of theirs, such as fault injection, that the
   * product does not carry. */
  beforeRoutes?: BeforeRoutes;
}

type BeforeRoutes = (app: Hono, store: Store) => void;

export interface RunningService {
  /** http://HOST:PORT */
  url: string;
  adminToken: string;
  close(): Promise<void>;
}

/** The whole service as one Hono app over a store, for tests that call `app.request()` without a socket. */
export function createServiceApp(
  store: Store,
  options: {
    adminToken: string;
    distDir?: string;
    loginLimits?: LoginLimits;
    collectorLimits?: AdmissionLimits;
    allowedHosts?: string[];
    proxies?: ProxySettings;
    beforeRoutes?: BeforeRoutes;
    maxInflatedBytes?: number;
    forward?: ForwardSettings;
    scanRows?: number;
  },
): Hono {
  const distDir = options.distDir ?? 'dist';
  const hosts = options.allowedHosts ?? allowedHosts(undefined, '127.0.0.1');
  const app = new Hono();
  app.onError(serviceErrors(store.location));
  // First, so that refusals of a foreign Host carry the headers too.
  app.use('*', securityHeaders(readPortalCsp(distDir)));
  app.use('*', hostAllowList(hosts));
  app.use('*', identifyClients(options.proxies));
  options.beforeRoutes?.(app, store);
  // One way of mounting: each room is a Hono app whose routes are written from its own base, and is mounted here with
  // app.route(base, room), the base named once. '/' is the base of rooms whose paths are named whole elsewhere: the
  // partner API's by the portal's contract (PARTNER_API), OTLP's /v1/logs by OpenTelemetry, the explorer (its API at
  // EXPLORER_API and its page at /sidelog, each mounted so in server/explorer/explorer.ts) and the portal's pages.
  app.route('/', createPartnerApi(store, { loginLimits: options.loginLimits }));
  // One bound on the work in flight, whichever protocol brings the logs.
  const admission = createAdmission(options.collectorLimits);
  app.route(COLLECTOR_BASE, createCollector(store, { maxInflatedBytes: options.maxInflatedBytes, admission }));
  app.route('/', createOtlpLogsEndpoint(store, { maxInflatedBytes: options.maxInflatedBytes, admission }));
  app.route(
    ADMIN_BASE,
    createAdminApi(store, { token: options.adminToken, allowedHosts: hosts, forward: options.forward }),
  );
  app.route('/', createExplorer(store, { adminToken: options.adminToken, distDir, scanRows: options.scanRows }));
  app.route('/', createPortalStatic(distDir));
  return app;
}

export function generateAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const db = options.db ?? options.dbPath;
  if (db === undefined) throw new Error('startService needs `db`: a SQLite file or a postgres:// URL');
  const store = await openStore(db, {
    maxBytes: options.maxDbBytes,
    logs: options.logs,
    logsThroughPrimary: options.logsThroughPrimary,
    retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
  });
  try {
    await seedDemo(store);
  } catch (error) {
    await store.close();
    // One line naming the database, as the opener's refusals do (server/startup-checks.ts).
    throw new StartupError(store.location, (error as Error).message);
  }
  const retention = startRetention(store, { days: options.retentionDays ?? DEFAULT_RETENTION_DAYS });
  const notifier = startNotifier(store);
  const alerts = startAlertChecks(store, store.explorer, { intervalMs: options.alertCheckMs });
  // Always running, so that an app's own endpoint set through the admin API is forwarded to without a restart.
  const forwarder = startForwarder(store, options.forward ?? {});
  const adminToken = options.adminToken ?? generateAdminToken();
  const host = options.host ?? '127.0.0.1';
  const app = createServiceApp(store, {
    adminToken,
    distDir: options.distDir,
    loginLimits: options.loginLimits,
    collectorLimits: options.collectorLimits,
    allowedHosts: options.allowedHosts ?? allowedHosts(undefined, host),
    proxies: options.proxies,
    beforeRoutes: options.beforeRoutes,
    maxInflatedBytes: options.maxInflatedBytes,
    forward: options.forward,
    scanRows: options.scanRows,
  });

  const { server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
    (resolve, reject) => {
      const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (address) =>
        resolve({ server, address }),
      );
      server.once('error', reject);
    },
  ).catch(async (error: unknown) => {
    // The port is taken, say: leave nothing open behind.
    await retention.stop();
    await notifier.stop();
    await alerts.stop();
    await forwarder.stop();
    await store.close();
    throw error;
  });
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    adminToken,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets (and requests still in flight, which see their signal abort) would hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      })
        .finally(() => retention.stop())
        .finally(() => notifier.stop())
        .finally(() => alerts.stop())
        .finally(() => forwarder.stop())
        .finally(() => store.close());
      return closing;
    },
  };
}
