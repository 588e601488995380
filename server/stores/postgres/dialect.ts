// PostgreSQL's side of the role stores' dialect (server/stores/dialect.ts): `$n` placeholders on the pool, a
// transaction on one of its connections, advisory locks between processes.
import type pg from 'pg';
import { raw, sql, type Db, type Sql } from '../dialect.ts';
import { sql as queries, transaction, type Queryable } from './client.ts';

export const pgDb = (pool: pg.Pool): Db => on(pool, pool);

/** The statement's text with `$n` placeholders, and its values. */
export const numbered = (query: Sql) => query.render((n) => `$${n}`);

function on(pool: pg.Pool, client: Queryable): Db {
  const { one, all, run } = queries(client);
  const self: Db = {
    one<T>(query: Sql) {
      const { text, values } = numbered(query);
      return one<T & pg.QueryResultRow>(text, ...values);
    },
    all<T>(query: Sql) {
      const { text, values } = numbered(query);
      return all<T & pg.QueryResultRow>(text, ...values);
    },
    run(query) {
      const { text, values } = numbered(query);
      return run(text, ...values);
    },
    // Inside a transaction already, `work` joins it.
    transaction: (work) => (client === pool ? transaction(pool, (inner) => work(on(pool, inner))) : work(self)),
    async lock(key) {
      await self.run(
        typeof key === 'number'
          ? sql`SELECT pg_advisory_xact_lock(${key})`
          : sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`,
      );
    },
    byCodePoint: raw(' COLLATE "C"'),
    newestInsertedFirst: raw(''),
  };
  return self;
}
