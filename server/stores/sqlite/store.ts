// Opening SQLite's store (SIDELOG_DB names a file, the default): checks that the file can be used, migrates it
// (server/stores/sqlite/migrate.ts), and composes the stores (server/stores/store.types.ts) over it, one module each in this
// folder, with the explorer's queries (server/stores/sqlite/explorer-queries.ts). server/stores/open-store.ts chooses it.
import Database from 'better-sqlite3';
import { bugfenderAppIdOf } from '../app-id.ts';
import { logContentHash } from '../log-hash.ts';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './schema.ts';
import { createCollectedReads } from './collected-reads.ts';
import { createExplorerQueries } from './explorer-queries.ts';
import { startWriter } from './writer.ts';
import { startReader } from './reader.ts';
import { afterRequestsLog, storeWrites } from './store-writes.ts';
import { groupStoredIssues } from './issue-groups.ts';
import { sqliteRoles } from './roles.ts';
import { checkDatabasePath, newerSchema, openFailure, StartupError } from '../../startup-checks.ts';
import { checkIntegrity } from './integrity.ts';
import type { Store } from '../store.types.ts';
import { addCaseFold } from './case-fold.ts';

/** Each store's read connection (read-only on a file), and where it opened, for sqliteOf and readConnectionOf. */
const HANDLES = new WeakMap<Store, { reads: Database.Database; path: string; raw?: Database.Database }>();
function handlesOf(store: Store) {
  const handles = HANDLES.get(store);
  if (!handles) throw new Error('the store is not one openSqliteStore() made');
  return handles;
}
/** A writable connection on the store's file, opened on first use and closed with the store. Only tests call it: for
 * raw statements, and to build the explorer's queries by hand with bounds of their own (createExplorerQueries); the
 * service and the explorer never do. The one connection of an in-memory database. */
export function sqliteOf(store: Store): Database.Database {
  const handles = handlesOf(store);
  if (handles.path === ':memory:') return handles.reads;
  if (!handles.raw?.open) {
    handles.raw = new Database(handles.path, { fileMustExist: true });
    handles.raw.pragma('busy_timeout = 5000');
    addCaseFold(handles.raw);
  }
  return handles.raw;
}
/** The connection the store's own reads run on, on the service's thread; tests read it to see that it refuses writes. */
export const readConnectionOf = (store: Store): Database.Database => handlesOf(store).reads;

export interface SqliteStoreOptions {
  /** A cap on the database file's size: past it writes fail as on a full disk (507) until rows are deleted */
  maxBytes?: number;
  /** Files up to this size are checked for damage before the store opens, larger ones while it serves
   * (server/stores/sqlite/integrity.ts); FULL_CHECK_BYTES when not given. */
  fullCheckBytes?: number;
}

/** The read-only connection that replaces `migrating` once the file is ready: opened before that one closes, so
 * that the file's WAL stays as it is. */
function openReads(path: string, migrating: Database.Database): Database.Database {
  try {
    const reads = new Database(path, { readonly: true, fileMustExist: true });
    reads.pragma('busy_timeout = 5000');
    // The issue groups' search reads here (server/stores/sqlite/case-fold.ts).
    addCaseFold(reads);
    return reads;
  } catch (error) {
    throw openFailure(path, error);
  } finally {
    migrating.close();
  }
}

/** Opens (creating and migrating as needed) the SQLite database at `path`, in WAL mode. Throws a StartupError
 * (server/startup-checks.ts) when the database cannot be used. */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  checkDatabasePath(path);
  let db: Database.Database | undefined;
  let maxPages: number | undefined;
  try {
    db = new Database(path);
    // SQL functions a migration needs to compute what the process computes on insert (server/stores/sqlite/schema.ts).
    db.function('sidelog_log_hash', { deterministic: true }, (x, t, m, tg, f, l, ll, u) =>
      logContentHash({ x, t, m, tg, f, l, ll, u } as Parameters<typeof logContentHash>[0]),
    );
    db.function('sidelog_bugfender_app_id', { deterministic: true }, (key) => bugfenderAppIdOf(String(key)));
    // An in-memory database's reads stay on this connection; a file's go to openReads' and the reader threads', which
    // register the fold too (server/stores/sqlite/case-fold.ts).
    addCaseFold(db);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Reads the schema, so a file whose header passes but whose schema does not fails here, not on first use.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) throw newerSchema(path, version, MIGRATIONS.length);
    // Before migrating: a damaged file is refused as it was found.
    void checkIntegrity(db, path, options.fullCheckBytes);
    migrate(db);
    groupStoredIssues(db);
    // A write that changes nothing: fails now on a file SQLite can only read.
    db.prepare('DELETE FROM apps WHERE 0').run();
    if (options.maxBytes)
      maxPages = Math.max(1, Math.floor(options.maxBytes / (db.pragma('page_size', { simple: true }) as number)));
  } catch (error) {
    db?.close();
    throw error instanceof StartupError ? error : openFailure(path, error);
  }
  // Reads on a read-only connection of the service's thread, so that a write in the wrong place fails loudly; every
  // write in the writer thread (docs/local-service.md#the-writer-thread), the explorer's queries in the reader threads
  // (#the-reader-threads). An in-memory database is one connection, which no other thread can open: its reads stay
  // here, on it.
  const memory = path === ':memory:';
  const opened = memory ? db : openReads(path, db);
  const writer = startWriter({ path, maxPages });
  const reader = memory ? undefined : startReader(path);
  const reads = createCollectedReads(opened);
  // The roles' writes are made here only to be named: the writer thread runs them, on its own connection (a file's
  // read-only connection here would refuse them).
  const roles = sqliteRoles(opened);
  const store: Store = {
    kind: 'sqlite',
    location: path,
    ...roles.reads,
    ...reads,
    ...storeWrites(writer, roles.writes),
    ...afterRequestsLog(writer, reads),
    explorer: reader?.queries ?? createExplorerQueries(opened),
    settled: () => writer.settled({ index: true }),
    // The writer's connection closes last: the last connection to close folds the write-ahead log back into the
    // file, which a read-only one cannot.
    close: async () => {
      await reader?.close();
      HANDLES.get(store)?.raw?.close();
      if (!memory) opened.close();
      await writer.close();
      if (memory) opened.close();
    },
  };
  HANDLES.set(store, { reads: opened, path });
  return store;
}
