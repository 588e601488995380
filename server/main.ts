// The local service's command line (`npm start` runs it after building the portal). Configured by environment:
// PORT (8080), HOST (127.0.0.1), SIDELOG_DB (data/sidelog.db), SIDELOG_ADMIN_TOKEN (generated when unset),
// SIDELOG_ALLOWED_HOSTS (HOST and the loopback names), SIDELOG_RETENTION_DAYS (30), SIDELOG_MAX_DB_MB (no cap).
import { allowedHosts } from './allowed-hosts.ts';
import { appIdOf } from './app-id.ts';
import { DEMO_APP_KEY, DEMO_PARTNER } from './demo.ts';
import { retentionDays } from './retention.ts';
import { startService } from './service.ts';
import { StartupError } from './startup-checks.ts';

const host = process.env.HOST ?? '127.0.0.1';
const dbPath = process.env.SIDELOG_DB ?? 'data/sidelog.db';
const maxDbMB = Number(process.env.SIDELOG_MAX_DB_MB ?? 0);
const service = await Promise.resolve()
  .then(() => {
    if (!(maxDbMB >= 0)) throw new Error(`SIDELOG_MAX_DB_MB must be a number of megabytes, not '${process.env.SIDELOG_MAX_DB_MB}'`);
    return startService({
      port: Number(process.env.PORT ?? 8080),
      host,
      allowedHosts: allowedHosts(process.env.SIDELOG_ALLOWED_HOSTS, host),
      dbPath,
      adminToken: process.env.SIDELOG_ADMIN_TOKEN || undefined,
      retentionDays: retentionDays(process.env.SIDELOG_RETENTION_DAYS),
      maxDbBytes: maxDbMB ? maxDbMB * 1024 * 1024 : undefined,
    });
  })
  .catch((error: unknown) => {
    // One line an operator can act on (the database's path and what is wrong with it, or the port taken), no stack.
    const cause = error instanceof StartupError ? error.message : `${(error as Error).message ?? error}`;
    console.error(`Sidelog cannot start: ${cause}`);
    process.exit(1);
  });

console.log(`Кабинет партнера: ${service.url}/`);
console.log(`  demo partner:   ${DEMO_PARTNER.email} / ${DEMO_PARTNER.password}`);
console.log(`  demo app key:   ${DEMO_APP_KEY} (appID ${appIdOf(DEMO_APP_KEY)})`);
console.log(`Sidelog explorer: ${service.url}/sidelog/ (sign in as admin with the admin token)`);
console.log(`  admin API:      ${service.url}/sidelog/admin/api/ with Authorization: Bearer ${service.adminToken}`);

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
