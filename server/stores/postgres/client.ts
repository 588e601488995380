// The PostgreSQL connection pool and the small helpers every PostgreSQL store uses.
import pg from 'pg';

/** 64-bit integers (ids, counts) as numbers: ids stay far below 2^53, and the stores answer numbers as SQLite's do. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function createPool(url: string, max = 10, options: { statementTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    application_name: 'sidelog',
    statement_timeout: options.statementTimeoutMs,
  });
  // An idle client's error (the server restarted, say) must not end the process; the next query reconnects.
  pool.on('error', (error) => console.error('postgres:', error.message));
  // A connection lost under a statement, or while one was being opened, answers 503, not 500 (lostConnection).
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(lostConnection(error))) : result;
  }) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const result = connect(...args);
    return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(lostConnection(error))) : result;
  }) as typeof pool.connect;
  return pool;
}

/** PostgreSQL's text cannot hold U+0000, which SQLite stores; it becomes U+FFFD, as a lone surrogate does. */
export const withoutNul = (text: string) => (text.includes('\0') ? text.replaceAll('\0', '\uFFFD') : text);

function storable(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(storable);
  return value;
}

/** `value` as JSON text that PostgreSQL's json operators can read back: JSON writes U+0000 as an escape, which the
 * text column takes but `->>` refuses, so every U+0000 in its strings and keys becomes U+FFFD first. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'string') return withoutNul(item);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [withoutNul(key), inner]));
  });
}

export type Queryable = pg.Pool | pg.PoolClient;

export function sql(db: Queryable) {
  const query = <T extends pg.QueryResultRow>(text: string, params: unknown[]) =>
    db.query<T>(text, params.map(storable));
  return {
    query,
    one: async <T extends pg.QueryResultRow>(text: string, ...params: unknown[]) =>
      (await query<T>(text, params)).rows[0] as T | undefined,
    all: async <T extends pg.QueryResultRow>(text: string, ...params: unknown[]) => (await query<T>(text, params)).rows,
    run: async (text: string, ...params: unknown[]) => (await query(text, params)).rowCount ?? 0,
  };
}

/** SQLSTATE connection_failure: what a connection lost with no code of the server's is reported as, so that the
 * service's error handler answers it as the database unavailable (503 with Retry-After), not as a bug. */
const CONNECTION_FAILURE = '08006';

/** The driver's own errors for a connection that went away with no word from the server (a network that dropped, a
 * server killed outright), which carry no code: pg's messages since 8.0. */
const DRIVER_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;

/** `error` as the service reads it: the server's own when it sent one (57P01 for a restart or pg_terminate_backend),
 * a driver's error for a lost connection as one carrying CONNECTION_FAILURE, anything else as it is. */
function lostConnection(error: unknown, lost = false): unknown {
  if (!(error instanceof Error) || typeof (error as { code?: unknown }).code === 'string') return error;
  if (!lost && !DRIVER_LOST.test(error.message)) return error;
  return Object.assign(new Error(`the connection to PostgreSQL was lost: ${error.message}`, { cause: error }), {
    code: CONNECTION_FAILURE,
  });
}

/** Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client is no longer the pool's: the pool's 'error' listener covers idle clients only, and a client
  // that emits 'error' with no listener (the server restarted or ended the backend) ends the process.
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (!lost) await client.query('ROLLBACK').catch(() => undefined);
    // The server's error names the cause (57P01 when the statement was running); a statement sent after it only says
    // the client is not queryable, and the socket's end only that it ended.
    const coded = typeof (error as { code?: unknown } | null)?.code === 'string';
    throw lost && !coded ? lostConnection(lost, true) : lostConnection(error);
  } finally {
    client.off('error', onError);
    // A lost connection is not given back to be used again.
    client.release(lost);
  }
}
