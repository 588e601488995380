// What the small role stores (server/stores/<role>.ts) need of a database, so that each is written once for both:
// statements as `sql` templates whose values become parameters (`?` on SQLite, `$n` on PostgreSQL), every call a
// promise (SQLite's synchronous calls wrapped), a transaction, a lock between processes, and the few words the two
// spell differently. The model is Grafana's migrator Dialect: small, not an ORM. Each database's side is
// server/stores/sqlite/dialect.ts and server/stores/postgres/dialect.ts. docs/local-service.md#role-stores

/** A statement, or a piece of one: its text around the values, which each database numbers its own way. */
export class Sql {
  constructor(
    readonly parts: readonly string[],
    readonly values: readonly unknown[],
  ) {}

  /** The text with each value's placeholder written by `placeholder` (given the value's 1-based position). */
  render(placeholder: (n: number) => string): { text: string; values: unknown[] } {
    let text = this.parts[0]!;
    this.values.forEach((_, i) => {
      text += placeholder(i + 1) + this.parts[i + 1]!;
    });
    return { text, values: [...this.values] };
  }
}

/** `sql\`SELECT … WHERE key = ${key}\``: each value a parameter, each nested `Sql` (a `raw` piece, a `list`, an
 * optional clause) spliced in with its own values. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const parts = [strings[0]!];
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof Sql) {
      parts[parts.length - 1] += value.parts[0]!;
      params.push(...value.values);
      parts.push(...value.parts.slice(1));
      parts[parts.length - 1] += strings[i + 1]!;
    } else {
      params.push(value);
      parts.push(strings[i + 1]!);
    }
  });
  return new Sql(parts, params);
}

/** Text written into the statement as it is: column lists and other constants, never a value from outside. */
export const raw = (text: string): Sql => new Sql([text], []);

/** `a, b, c` as parameters, for `IN (${list(values)})`. */
export const list = (values: readonly unknown[]): Sql =>
  new Sql(values.length === 0 ? [''] : ['', ...values.slice(1).map(() => ', '), ''], values);

/** A clause only when `when` holds. */
export const when = (condition: boolean, clause: Sql): Sql => (condition ? clause : raw(''));

/** One database as the role stores see it. */
export interface Db {
  /** The first row, or undefined. */
  one<T>(statement: Sql): Promise<T | undefined>;
  all<T>(statement: Sql): Promise<T[]>;
  /** How many rows the statement changed. */
  run(statement: Sql): Promise<number>;
  /** `work` in one transaction: all of it or none. On SQLite every write already runs in a savepoint of its own in the
   * writer thread (docs/local-service.md#the-writer-thread), which is the transaction. */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Inside a transaction: waits until no other process holds `key`, and holds it until the transaction ends. A no-op
   * on SQLite, whose writes are one at a time already. */
  lock(key: string | number): Promise<void>;
  /** Orders text by code point, as SQLite's default does (PostgreSQL's follows the database's locale). */
  readonly byCodePoint: Sql;
  /** `, <the insertion order, newest first>` for an ORDER BY, where the database keeps one for every table (SQLite's
   * rowid); nothing on PostgreSQL. */
  readonly newestInsertedFirst: Sql;
}

/** A role store's methods, its reads apart from its writes (`W`), so that SQLite can run the writes in its writer
 * thread and the reads where they are asked for. */
export interface Split<T, W extends keyof T> {
  reads: Omit<T, W>;
  writes: Pick<T, W>;
}

/** The two halves as one store, where both run on the same connections (PostgreSQL). */
export const whole = <T, W extends keyof T>(split: Split<T, W>): T => ({ ...split.reads, ...split.writes }) as T;
