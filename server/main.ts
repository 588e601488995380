// The local service's command line (`npm start` runs it after building the portal). Configured by environment:
// PORT (8080), HOST (127.0.0.1), SIDELOG_DB (data/sidelog.db, or a postgres:// URL), SIDELOG_LOGS (none; a ClickHouse
// HTTP URL puts the logs there, docs/clickhouse.md), SIDELOG_ADMIN_TOKEN (generated
// when unset), SIDELOG_ALLOWED_HOSTS (HOST and the loopback names), SIDELOG_RETENTION_DAYS (30), SIDELOG_MAX_DB_MB
// (no cap), SIDELOG_TRUSTED_PROXIES (none), SIDELOG_SECURE_COOKIES (when the request came over TLS), SIDELOG_PROCESSES
// (1; more runs that many workers on the port, server/processes.ts), SIDELOG_MAX_INFLATED_MB (128), SIDELOG_FORWARD_OTLP
// with SIDELOG_FORWARD_OTLP_HEADERS and SIDELOG_FORWARD_OTLP_PROTOCOL (none: no forwarding), SIDELOG_SCAN_ROWS (200,000:
// the most logs a page of a search holding a fragment reads, docs/explorer.md#fragments).
import { allowedHosts } from './http/allowed-hosts.ts';
import { appIdOf } from './stores/app-id.ts';
import { secureCookiesSetting, trustedProxies } from './http/client-address.ts';
import { DEMO_APP_KEY, DEMO_PARTNER } from './partner/demo.ts';
import { forwardSettings } from './collector/otlp/forward-settings.ts';
import { withoutCredentials } from './collector/otlp/forwarding-admin.ts';
import { scanRowsSetting } from './explorer/explorer.ts';
import { isFirstWorker, isWorker, processCount, runPrimary, type WorkerRequests } from './processes.ts';
import { maxInflatedBytes } from './http/request-body.ts';
import { retentionDays } from './stores/retention.ts';
import { generateAdminToken, startService } from './service.ts';
import { databaseLabel, StartupError } from './startup-checks.ts';

/** Fails as a start-up failure does: one line an operator can act on, no stack. */
function cannotStart(error: unknown): never {
  const cause = error instanceof StartupError ? error.message : `${(error as Error).message ?? error}`;
  console.error(`Sidelog cannot start: ${cause}`);
  process.exit(1);
}

let processes = 1;
try {
  processes = processCount(process.env.SIDELOG_PROCESSES);
} catch (error) {
  cannotStart(error);
}
if (processes > 1 && !isWorker()) {
  // Every worker must accept the same admin token: one is made here when none is set.
  process.env.SIDELOG_ADMIN_TOKEN ||= generateAdminToken();
  runPrimary(processes, await hostInserter(process.env.SIDELOG_LOGS));
} else await serve();

/** With the logs in ClickHouse, the primary inserts its workers' batches (docs/clickhouse.md#one-inserter-per-host). */
async function hostInserter(logs: string | undefined): Promise<WorkerRequests | undefined> {
  if (!logs) return undefined;
  // Loaded only when asked for, as the store's ClickHouse client is.
  const { createHostInserter } = await import('./stores/clickhouse/host-inserter.ts');
  const { openHostWriter } = await import('./stores/clickhouse/logs-store.ts');
  const answer = createHostInserter(() => openHostWriter(logs));
  return (message, reply) => void answer(message, reply);
}

async function serve(): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1';
  const db = process.env.SIDELOG_DB || 'data/sidelog.db';
  const maxDbMB = Number(process.env.SIDELOG_MAX_DB_MB ?? 0);
  const service = await Promise.resolve()
    .then(() => {
      if (!(maxDbMB >= 0))
        throw new Error(`SIDELOG_MAX_DB_MB must be a number of megabytes, not '${process.env.SIDELOG_MAX_DB_MB}'`);
      return startService({
        port: Number(process.env.PORT ?? 8080),
        host,
        allowedHosts: allowedHosts(process.env.SIDELOG_ALLOWED_HOSTS, host),
        db,
        logs: process.env.SIDELOG_LOGS || undefined,
        // A worker's batches go to its primary, the host's one inserter, when the logs are in ClickHouse.
        logsThroughPrimary: isWorker() && process.env.SIDELOG_LOGS ? process : undefined,
        adminToken: process.env.SIDELOG_ADMIN_TOKEN || undefined,
        retentionDays: retentionDays(process.env.SIDELOG_RETENTION_DAYS),
        maxDbBytes: maxDbMB ? maxDbMB * 1024 * 1024 : undefined,
        maxInflatedBytes: maxInflatedBytes(process.env.SIDELOG_MAX_INFLATED_MB),
        forward: forwardSettings(process.env),
        scanRows: scanRowsSetting(process.env.SIDELOG_SCAN_ROWS),
        proxies: {
          trustedProxies: trustedProxies(process.env.SIDELOG_TRUSTED_PROXIES),
          secureCookies: secureCookiesSetting(process.env.SIDELOG_SECURE_COOKIES),
        },
      });
    })
    // One line an operator can act on (the database and what is wrong with it, or the port taken), no stack.
    .catch(cannotStart);

  // With several processes, the first worker prints for all.
  if (!isWorker() || isFirstWorker()) {
    console.log(`Кабинет партнера: ${service.url}/`);
    console.log(`  demo partner:   ${DEMO_PARTNER.email} / ${DEMO_PARTNER.password}`);
    console.log(`  demo app key:   ${DEMO_APP_KEY} (appID ${appIdOf(DEMO_APP_KEY)})`);
    console.log(`Sidelog explorer: ${service.url}/sidelog/ (sign in as admin with the admin token)`);
    console.log(`  admin API:      ${service.url}/sidelog/admin/api/ with Authorization: Bearer ${service.adminToken}`);
    console.log(`  database:       ${databaseLabel(db)}${processes > 1 ? ` (${processes} processes)` : ''}`);
    if (process.env.SIDELOG_FORWARD_OTLP)
      console.log(
        `  forwarding to:  ${withoutCredentials(process.env.SIDELOG_FORWARD_OTLP)} (status: ${service.url}/sidelog/admin/api/forwarding)`,
      );
  }

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: closing the service and its database…`);
      service.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
