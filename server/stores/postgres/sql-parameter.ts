// How PostgreSQL's search compilers (search-sql.ts, parsed-field-sql.ts) put a value into a statement: as a parameter.

/** Adds a parameter and gives its placeholder ($1, $2, …). */
export type AddParameter = (value: unknown) => string;
