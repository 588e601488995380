// The store SIDELOG_DB names: a postgres:// URL opens PostgreSQL (server/stores/postgres/store.ts), anything else is a
// SQLite file's path (server/stores/sqlite/store.ts). Both are the same contract (server/stores/store.types.ts), so the rest of
// the service never asks which it has. With SIDELOG_LOGS (a ClickHouse URL), the logs go to ClickHouse and the rest
// stays in SIDELOG_DB (server/stores/clickhouse/with-logs.ts, docs/clickhouse.md).
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/store.ts';
import type { Store } from './store.types.ts';
import type { PrimaryChannel } from './clickhouse/remote-log-writer.ts';

interface StoreOptions extends SqliteStoreOptions {
  /** SIDELOG_LOGS: ClickHouse's HTTP URL, for the logs. */
  logs?: string;
  /** SIDELOG_RETENTION_DAYS, for ClickHouse's TTL where the server has one. */
  retentionDays?: number;
  /** A worker's channel to its primary, when the primary inserts the host's logs (docs/clickhouse.md#one-inserter-per-host). */
  logsThroughPrimary?: PrimaryChannel;
}

/** Whether SIDELOG_DB (or startService's `db`) names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db);

async function openDb(db: string, options: StoreOptions): Promise<Store> {
  if (!isPostgresUrl(db)) return openSqliteStore(db, options);
  // Loaded only when asked for: the default (SQLite) never loads the PostgreSQL client.
  const { openPostgresStore } = await import('./postgres/store.ts');
  return openPostgresStore(db);
}

export async function openStore(db: string, options: StoreOptions = {}): Promise<Store> {
  const store = await openDb(db, options);
  if (!options.logs) return store;
  try {
    // Loaded only when asked for, as PostgreSQL's client is.
    const { openClickHouseLogs } = await import('./clickhouse/logs-store.ts');
    const { withClickHouseLogs } = await import('./clickhouse/with-logs.ts');
    const withLogs = withClickHouseLogs(
      store,
      await openClickHouseLogs(options.logs, {
        retentionDays: options.retentionDays,
        throughPrimary: options.logsThroughPrimary,
      }),
    );
    // The counts a killed process owed to SIDELOG_DB are paid before this one serves (docs/clickhouse.md#counts-owed-kept-and-paid).
    await withLogs.settled();
    return withLogs;
  } catch (error) {
    await store.close();
    throw error;
  }
}
