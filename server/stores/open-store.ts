// The store SIDELOG_DB names: a postgres:// URL opens PostgreSQL (server/stores/postgres/store.ts), anything else is a
// SQLite file's path (server/stores/sqlite/store.ts). Both are the same contract (server/stores/store.types.ts), so the rest of
// the service never asks which it has.
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/store.ts';
import type { Store } from './store.types.ts';

type StoreOptions = SqliteStoreOptions;

/** Whether SIDELOG_DB (or startService's `db`) names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db);

export async function openStore(db: string, options: StoreOptions = {}): Promise<Store> {
  if (!isPostgresUrl(db)) return openSqliteStore(db, options);
  // Loaded only when asked for: the default (SQLite) never loads the PostgreSQL client.
  const { openPostgresStore } = await import('./postgres/store.ts');
  return openPostgresStore(db);
}
