// SQLite's side of the role stores' dialect (server/stores/dialect.ts): better-sqlite3's synchronous calls as promises,
// each statement prepared once per connection.
import type Database from 'better-sqlite3';
import { raw, type Db, type Sql } from '../dialect.ts';

/** Statements kept prepared on a connection, by text; past this many (texts that vary, as an `IN` list's length
 * does), the oldest goes. */
const PREPARED = 200;

export function sqliteDb(db: Database.Database): Db {
  const prepared = new Map<string, Database.Statement>();
  const statement = (query: Sql) => {
    const { text, values } = query.render(() => '?');
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare(text);
      prepared.set(text, found);
      if (prepared.size > PREPARED) prepared.delete(prepared.keys().next().value!);
    }
    return { found, values };
  };
  const self: Db = {
    async one<T>(query: Sql) {
      const { found, values } = statement(query);
      return found.get(...values) as T | undefined;
    },
    async all<T>(query: Sql) {
      const { found, values } = statement(query);
      return found.all(...values) as T[];
    },
    async run(query) {
      const { found, values } = statement(query);
      return found.run(...values).changes;
    },
    transaction: (work) => work(self),
    lock: async () => undefined,
    byCodePoint: raw(''),
    newestInsertedFirst: raw(', rowid DESC'),
  };
  return self;
}
