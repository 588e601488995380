// What a client sees when something fails inside the service: a short JSON error and a status that says what to do
// about it, never a stack trace. The full error goes to the service's own stderr.
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';

/** The codes (SQLite's, PostgreSQL's SQLSTATE, Node's for a socket) of faults of the disk or the database rather than
 * of the request. */
export function storageFault(error: unknown): { status: 503 | 507; error: string } | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  // PostgreSQL: disk full (53100), out of memory or connections (53xxx), shutting down (57P0x), connection lost
  // (08xxx), a deadlock or serialization failure (40xxx); the transaction was rolled back whole.
  if (code === '53100') return { status: 507, error: 'the disk is full: nothing was stored; retry later' };
  if (/^(53|57P|08|40)/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET') {
    return { status: 503, error: 'the database is unavailable or busy; retry later' };
  }
  // The write was rolled back whole; once space is freed the same request succeeds, with no restart.
  if (code === 'SQLITE_FULL') return { status: 507, error: 'the disk is full: nothing was stored; retry later' };
  if (code.startsWith('SQLITE_READONLY'))
    return { status: 503, error: 'the database is read-only: nothing was stored' };
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return { status: 503, error: 'the database is busy; retry later' };
  if (code.startsWith('SQLITE_IOERR')) return { status: 503, error: 'the database could not be written; retry later' };
  return undefined;
}

const onServiceError: ErrorHandler = (error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  const fault = storageFault(error);
  console.error(`${c.req.method} ${c.req.path}:`, fault ? `${fault.status} ${(error as Error).message}` : error);
  if (fault) {
    if (fault.status === 503) c.header('Retry-After', '5');
    return c.json({ error: fault.error }, fault.status);
  }
  return c.json({ error: 'internal error' }, 500);
};

/** PostgreSQL's SQLSTATE foreign_key_violation; a store with no foreign key of its own (ClickHouse) refuses a write
 * whose session is gone with it too. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** A write refused because a row it names is gone: SQLite's and PostgreSQL's foreign-key violation. The collector's
 * writes name only a session (server/collector/collector.ts). */
export function sessionGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === FOREIGN_KEY_VIOLATION;
}

/** Did the request meet a damaged page (SQLite's SQLITE_CORRUPT or SQLITE_NOTADB, PostgreSQL's data_corrupted or
 * index_corrupted)? Nothing was read or stored, and only the operator can mend it. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code === 'XX001' || code === 'XX002')
  );
}

/** The service's error handler: onServiceError's, but a request that met a damaged page answers 503, and the log
 * says which database and what to do (docs/local-service.md#a-damaged-database). */
export function serviceErrors(database: string): ErrorHandler {
  return (error, c) => {
    if (!isDamage(error)) return onServiceError(error, c);
    console.error(
      `${c.req.method} ${c.req.path}: 503 the database ${database} is damaged (${(error as Error).message}): stop the service, then restore it from a backup or recover it (docs/local-service.md#a-damaged-database)`,
    );
    // Damage does not clear by itself: clients come back later, not at once.
    c.header('Retry-After', '60');
    return c.json({ error: 'the database is damaged: nothing was read or stored; retry later' }, 503);
  };
}
