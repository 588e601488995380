// A piece of SQLite's WHERE with its parameters, as the search's compilers give it (search-sql.ts, parsed-field-sql.ts).
export interface SqlClause {
  sql: string;
  params: unknown[];
}
