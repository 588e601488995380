// Refusing to start on a database the service could not use: an unwritable directory or file, a file that is
// not SQLite or is damaged (server/stores/sqlite/integrity.ts), or a schema newer than this code. Each is one StartupError whose message names the
// path and the cause; server/main.ts prints it as one line and exits 1, instead of a stack trace, or instead of
// starting as if healthy and then answering 500 to every write.
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export class StartupError extends Error {
  constructor(path: string, cause: string) {
    super(`${path}: ${cause}`);
    this.name = 'StartupError';
  }
}

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** Before opening: the directory exists (created if need be) and, with the file, is writable (WAL writes files beside it). */
export function checkDatabasePath(path: string): void {
  if (path === ':memory:') return;
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StartupError(
      path,
      `its directory ${dir} cannot be created (${codeOf(error) || (error as Error).message})`,
    );
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new StartupError(path, `its directory ${dir} is not writable (the database writes its journal beside it)`);
  }
  if (existsSync(path)) {
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      throw new StartupError(path, 'the database file is not writable');
    }
  }
}

/** An error from opening or migrating the database, as the cause a person can act on. */
export function openFailure(path: string, error: unknown): StartupError {
  const code = codeOf(error);
  const message = (error as Error).message;
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))
    return new StartupError(path, `not a SQLite database, or corrupt (${message})`);
  if (code.startsWith('SQLITE_READONLY')) return new StartupError(path, `the database is read-only (${message})`);
  if (code.startsWith('SQLITE_CANTOPEN')) return new StartupError(path, `the database cannot be opened (${message})`);
  if (code === 'SQLITE_FULL') return new StartupError(path, `the disk is full (${message})`);
  return new StartupError(path, message);
}

/** SIDELOG_DB as messages may show it: a file's path, or a PostgreSQL URL without its password. */
export function databaseLabel(db: string): string {
  if (!/^postgres(ql)?:\/\//i.test(db)) return db;
  try {
    const url = new URL(db);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the PostgreSQL URL in SIDELOG_DB (malformed)';
  }
}

/** A file quick_check found damaged (server/stores/sqlite/integrity.ts): its first problem, and what to do, on one line. */
export function damagedDatabase(path: string, problems: string[]): StartupError {
  const more = problems.length > 1 ? ` and ${problems.length - 1} more` : '';
  return new StartupError(
    path,
    `the database is damaged (quick_check: ${problems[0]}${more}): restore it from a backup, or recover it with the sqlite3 shell (docs/local-service.md#a-damaged-database)`,
  );
}

export function newerSchema(path: string, version: number, known: number): StartupError {
  return new StartupError(
    path,
    `its schema is version ${version}, newer than this code's ${known}: run the newer Sidelog, or restore an older copy`,
  );
}
