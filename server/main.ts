// The local service's command line (`npm start` runs it after building the portal). Configured by environment:
// PORT (8080), HOST (127.0.0.1), SIDELOG_DB (data/sidelog.db), SIDELOG_ADMIN_TOKEN (generated when unset).
import { appIdOf } from './app-id.ts';
import { DEMO_APP_KEY, DEMO_PARTNER } from './demo.ts';
import { startService } from './service.ts';

const service = await startService({
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
  dbPath: process.env.SIDELOG_DB ?? 'data/sidelog.db',
  adminToken: process.env.SIDELOG_ADMIN_TOKEN || undefined,
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
