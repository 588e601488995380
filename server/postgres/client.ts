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

/** Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
