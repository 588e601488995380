// The explorer's first page over many logs on one store: seeds them through the Store (as the collector stores
// them; bench/explorer-seed.ts), starts the service on the database, signs in, and times GET …/logs for a filter
// and for searches, over HTTP as the page asks. The first round warms the caches and is not counted.
import pg from 'pg';
import { appIdOf } from '../../server/stores/app-id.ts';
import { isPostgresUrl, openStore } from '../../server/stores/open-store.ts';
import { startService } from '../../server/service.ts';
import { seedLogs } from '../explorer-seed.ts';
import { explorerCookie } from '../explorer-cookie.ts';

const APP = 'collector-bench';
const NEEDLE = 'quixotic zebrafish';

export const EXPLORER_CASES: [string, Record<string, string>][] = [
  ['filter: level error (about 5 %)', { level: 'error' }],
  ['filter: tag net (1 in 8)', { tag: 'net' }],
  ['search: a unique phrase', { q: NEEDLE }],
  ['search: a common word (1 in 6)', { q: 'payment' }],
];

export async function measureExplorer(
  db: string,
  options: { logs: number; rounds: number },
): Promise<{ seedSeconds: number; medians: number[] }> {
  const store = await openStore(db);
  const seeding = performance.now();
  // Logs of the last days, so that PostgreSQL's daily partitions hold them as they would in use.
  const start = Date.now() - options.logs;
  await store.putApp(APP, true);
  await seedLogs(store, {
    appKey: APP,
    logs: options.logs,
    start,
    special: new Map([[Math.floor(options.logs * 0.61803), { t: `the ${NEEDLE} swam` }]]),
  });
  await store.close();
  const seedSeconds = (performance.now() - seeding) / 1000;
  if (isPostgresUrl(db)) {
    // The planner's statistics, which autovacuum gathers within a minute or so of a partition filling; without
    // them, a freshly filled day is planned as if empty (a sort of every match instead of an index walk).
    const client = new pg.Client(db);
    await client.connect();
    await client.query('ANALYZE');
    await client.end();
  }

  const adminToken = 'collector-bench-token';
  const service = await startService({ db, adminToken, retentionDays: 0 });
  try {
    const cookie = await explorerCookie(service.url, adminToken);
    const medians: number[] = [];
    for (const [name, params] of EXPLORER_CASES) {
      const url = `${service.url}/sidelog/explorer/api/apps/${appIdOf(APP)}/logs?${new URLSearchParams({ ...params, limit: '100' })}`;
      const times: number[] = [];
      for (let round = 0; round <= options.rounds; round++) {
        const started = performance.now();
        const response = await fetch(url, { headers: { Cookie: cookie } });
        const page = (await response.json()) as { logs: unknown[] };
        if (!response.ok || page.logs.length === 0)
          throw new Error(`${name}: ${response.status} ${JSON.stringify(page).slice(0, 200)}`);
        if (round > 0) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      medians.push(times[Math.floor(times.length / 2)]!);
    }
    return { seedSeconds, medians };
  } finally {
    await service.close();
  }
}
