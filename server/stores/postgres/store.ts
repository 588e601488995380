// Opening the service's PostgreSQL database (SIDELOG_DB=postgres://…): connects, migrates (once, whichever process
// comes first), and composes the stores (server/stores/store.types.ts) over one connection pool, one module each under
// server/stores/postgres/. Nothing the service needs is kept in the process, so any number of processes can share it.
import { databaseLabel, StartupError } from '../../startup-checks.ts';
import type { Store } from '../store.types.ts';
import { appStore } from '../app-store.ts';
import { whole } from '../dialect.ts';
import { issueReplyStore } from '../issue-replies.ts';
import { logWriterBoard } from '../log-writers.ts';
import { partnerStore } from '../partner-store.ts';
import { savedViewStore } from '../saved-views.ts';
import { downloadRecordStore } from '../download-records.ts';
import { erasureRecordStore } from '../erasure-records.ts';
import { alertStore } from '../alerts.ts';
import { sourceMapStore } from '../source-maps.ts';
import { viewerStore } from '../viewers.ts';
import { webhookStore } from '../webhooks.ts';
import { createPool } from './client.ts';
import { createCollectedReads } from './collected-reads.ts';
import { createCollectorStore } from './collector-store.ts';
import { createDeviceErasure } from './device-erasure.ts';
import { createPgExplorerQueries } from './explorer-queries.ts';
import { createForwardStore } from './forward-store.ts';
import { migrate } from './migrate.ts';
import { createPartitions } from './partitions.ts';
import { keepStatistics } from './statistics.ts';
import { createRetentionStore } from './retention-store.ts';
import { createIssueGroupStore, groupStoredIssues } from './issue-groups.ts';
import { pgDb } from './dialect.ts';
import { createSessionLookup } from './session-lookup.ts';

/** The explorer's reads have a pool of their own, so that the collector's connections never wait behind them, and each
 * of their statements stops past EXPLORER_STATEMENT_MS (the explorer's API answers 422): no search holds the database
 * for long. docs/local-service.md#search-bounds */
const EXPLORER_POOL = 4;
const EXPLORER_STATEMENT_MS = 2_000;

export async function openPostgresStore(url: string, options: { poolSize?: number } = {}): Promise<Store> {
  const label = databaseLabel(url);
  const pool = createPool(url, options.poolSize);
  const reads = createPool(url, EXPLORER_POOL, { statementTimeoutMs: EXPLORER_STATEMENT_MS });
  try {
    await migrate(pool, label);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await reads.end().catch(() => undefined);
    if (error instanceof StartupError) throw error;
    throw new StartupError(label, `cannot open the PostgreSQL database (${(error as Error).message || String(error)})`);
  }
  const partitions = createPartitions(pool);
  const statistics = keepStatistics(pool);
  // Today's and tomorrow's partitions now, so that the first batches do not wait to make them.
  await partitions.ensure([Date.now(), Date.now() + 24 * 60 * 60 * 1000]);
  let closed: Promise<void> | undefined;
  const db = pgDb(pool);
  const store: Store = {
    kind: 'postgres',
    location: label,
    ...whole(partnerStore(db)),
    ...whole(appStore(db)),
    ...createCollectorStore(pool, partitions, statistics),
    ...createCollectedReads(pool),
    ...createRetentionStore(pool, partitions),
    ...createDeviceErasure(pool),
    ...whole(viewerStore(db)),
    ...createForwardStore(pool),
    ...createIssueGroupStore(pool),
    ...whole(issueReplyStore(db)),
    ...whole(webhookStore(db)),
    ...whole(savedViewStore(db)),
    ...whole(erasureRecordStore(db)),
    ...whole(downloadRecordStore(db)),
    ...whole(alertStore(db)),
    ...whole(sourceMapStore(db)),
    ...whole(logWriterBoard(db)),
    ...createSessionLookup(pool),
    explorer: createPgExplorerQueries(reads),
    // Each write is committed by the time its promise resolves, the tsvector with its row; the planner's statistics
    // follow the logs (server/stores/postgres/statistics.ts).
    settled: () => statistics.settled(),
    close: () =>
      (closed ??= (async () => {
        statistics.stop();
        await statistics.settled();
        await Promise.all([pool.end(), reads.end()]);
      })()),
  };
  // Issues stored before issue groups were kept.
  await groupStoredIssues(store);
  return store;
}
