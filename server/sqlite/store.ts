// Opening the service's database: SIDELOG_DB names a SQLite file (the default) or a PostgreSQL URL
// (server/postgres/). For SQLite: checks that it can be used, migrates it, and composes the stores
// (server/store.types.ts) over it, one module each under server/sqlite/. The rest of the process holds no state of
// its own, so a server database is another set of these stores, not another service.
import Database from 'better-sqlite3';
import { bugfenderAppIdOf } from '../app-id.ts';
import { logContentHash } from '../log-hash.ts';
import { MIGRATIONS } from './schema.ts';
import { createAppStore } from './app-store.ts';
import { createCollectedReads } from './collected-reads.ts';
import { createCollectorStore } from './collector-store.ts';
import { createPartnerStore } from './partner-store.ts';
import { createRetentionStore } from './retention-store.ts';
import { createViewerStore } from './viewer-store.ts';
import { searchIndexOf } from './search-index.ts';
import { createExplorerQueries } from './explorer-queries.ts';
import { checkDatabasePath, newerSchema, openFailure, StartupError } from '../startup-checks.ts';
import type { Store } from '../store.types.ts';

export type * from '../store.types.ts';

/** The SQLite handle behind each store openStore made, for the explorer's own queries (server/sqlite/explorer-queries.ts). */
const HANDLES = new WeakMap<Store, Database.Database>();
export function sqliteOf(store: Store): Database.Database {
  const db = HANDLES.get(store);
  if (!db) throw new Error('the store is not one openStore() made');
  return db;
}

export interface StoreOptions {
  /** A cap on the database file's size: past it writes fail as on a full disk (507) until rows are deleted (SQLite only). */
  maxBytes?: number;
}

/** Whether SIDELOG_DB (or startService's `db`) names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//i.test(db);

/** The store SIDELOG_DB names: a postgres:// URL opens PostgreSQL, anything else is a SQLite file's path. */
export async function openDatabase(db: string, options: StoreOptions = {}): Promise<Store> {
  if (!isPostgresUrl(db)) return openStore(db, options);
  // Loaded only when asked for: the default (SQLite) never loads the PostgreSQL client.
  const { openPostgresStore } = await import('../postgres/store.ts');
  return openPostgresStore(db);
}

/** Opens (creating and migrating as needed) the SQLite database at `path`, in WAL mode. Throws a StartupError
 * (server/startup-checks.ts) when the database cannot be used. */
export function openStore(path: string, options: StoreOptions = {}): Store {
  checkDatabasePath(path);
  let db: Database.Database | undefined;
  try {
    db = new Database(path);
    // SQL functions a migration needs to compute what the process computes on insert (server/sqlite/schema.ts).
    db.function('sidelog_log_hash', { deterministic: true }, (x, t, m, tg, f, l, ll, u) =>
      logContentHash({ x, t, m, tg, f, l, ll, u } as Parameters<typeof logContentHash>[0]),
    );
    db.function('sidelog_bugfender_app_id', { deterministic: true }, (key) => bugfenderAppIdOf(String(key)));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Reads the schema, so a file whose header passes but whose schema does not fails here, not on first use.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) throw newerSchema(path, version, MIGRATIONS.length);
    migrate(db);
    // A write that changes nothing: fails now on a file SQLite can only read.
    db.prepare('DELETE FROM faults WHERE 0').run();
    if (options.maxBytes) db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxBytes / (db.pragma('page_size', { simple: true }) as number)))}`);
  } catch (error) {
    db?.close();
    throw error instanceof StartupError ? error : openFailure(path, error);
  }
  const opened = db;
  const store: Store = {
    kind: 'sqlite',
    ...createPartnerStore(opened),
    ...createAppStore(opened),
    ...createCollectorStore(opened),
    ...createCollectedReads(opened),
    ...createRetentionStore(opened),
    ...createViewerStore(opened),
    explorer: createExplorerQueries(opened),
    close: async () => void opened.close(),
  };
  HANDLES.set(store, opened);
  // Logs stored before a restart that the search index had not reached yet.
  searchIndexOf(opened).schedule();
  return store;
}

/** Brings the schema up to date: each migration runs once, in order, tracked by `user_version`. Each step takes
 * the write lock first (IMMEDIATE) and re-reads the version, so processes starting together migrate once. */
function migrate(db: Database.Database): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  while (version() < MIGRATIONS.length) {
    db.transaction(() => {
      const next = version();
      if (next >= MIGRATIONS.length) return;
      db.exec(MIGRATIONS[next]);
      db.pragma(`user_version = ${next + 1}`);
    }).immediate();
  }
}
