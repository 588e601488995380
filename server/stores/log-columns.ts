// A log's stored columns, described once (docs/local-service.md#a-logs-columns): each store's schema, inserts, partitions and
// forward pages, the collector's coercion, redaction and dedupe hash, the export and the OTLP mappings take their lists
// from here, so that a new stored field is one entry (and its type in LogRecord), not twenty files. What differs
// between the databases is each column's SQL type, a map keyed by dialect; how each database writes (SQLite's writer
// thread, PostgreSQL's one-statement batch, its partitions) stays in its own folder. Grafana's sqlstore migrator is the
// model: tables declared once, a dialect for what differs.
import { FIELD_ATTRIBUTES } from '../../protocol/otlp-names.ts';
import type { LogRecord } from '../../protocol/records.types.ts';

/** The stores' SQL dialects. A third store adds its name here; the compiler then asks each column for its type. */
export type Dialect = 'sqlite' | 'postgres';

/** A field of a log as the collector stores it. */
export type LogField = keyof LogRecord;

export interface LogColumn {
  name: LogField;
  /** How the collector reads it from a client: `text` as its text (objects as JSON), `integer` rounded (dropped past
   * 2^53), the others by their own rules (server/collector/wire-validation.ts). */
  kind: 'time' | 'epoch' | 'level' | 'text' | 'integer';
  /** Its SQL type in each store. */
  sql: Record<Dialect, string>;
  /** NOT NULL. Only the columns the first migrations made: a column added later is nullable, since the logs already
   * stored have no value for it. */
  required?: true;
  /** Part of the dedupe hash (server/stores/log-hash.ts). */
  hashed: boolean;
  /** Text a person logged: redacted at ingest by the app's rules, and read by a search's fragments. */
  text: boolean;
  /** Its column in a CSV export, placed by `order` (the session and the device follow the log's own columns). */
  csv?: { header: string; order: number };
  /** Its OTLP attribute names (protocol/otlp-names.ts), the first the one written, for the forwarder and `/v1/logs`. */
  otlp?: readonly string[];
}

/** In the order the explorer's answers (and so an NDJSON export's lines) hold them. */
export const LOG_COLUMNS = [
  {
    name: 'x',
    kind: 'time',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    required: true,
    hashed: true,
    text: false,
    csv: { header: 'time', order: 10 },
  },
  {
    name: 'at',
    kind: 'epoch',
    sql: { sqlite: 'REAL', postgres: 'double precision' },
    required: true,
    hashed: false,
    text: false,
  },
  {
    name: 't',
    kind: 'text',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    hashed: true,
    text: true,
    csv: { header: 'text', order: 40 },
  },
  {
    name: 'm',
    kind: 'text',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    hashed: true,
    text: true,
    csv: { header: 'method', order: 70 },
    otlp: FIELD_ATTRIBUTES.m,
  },
  {
    name: 'tg',
    kind: 'text',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    hashed: true,
    text: true,
    csv: { header: 'tag', order: 30 },
    otlp: FIELD_ATTRIBUTES.tg,
  },
  {
    name: 'f',
    kind: 'text',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    hashed: true,
    text: true,
    csv: { header: 'file', order: 50 },
    otlp: FIELD_ATTRIBUTES.f,
  },
  {
    name: 'l',
    kind: 'integer',
    sql: { sqlite: 'INTEGER', postgres: 'bigint' },
    hashed: true,
    text: false,
    csv: { header: 'line', order: 60 },
    otlp: FIELD_ATTRIBUTES.l,
  },
  {
    name: 'll',
    kind: 'level',
    sql: { sqlite: 'INTEGER', postgres: 'integer' },
    hashed: true,
    text: false,
    csv: { header: 'level', order: 20 },
  },
  {
    name: 'u',
    kind: 'text',
    sql: { sqlite: 'TEXT', postgres: 'text' },
    hashed: true,
    text: true,
    csv: { header: 'url', order: 80 },
    otlp: FIELD_ATTRIBUTES.u,
  },
  {
    // The call site's column: with the file and line, the position a source map resolves in a minified bundle
    // (docs/source-maps.md#a-logs-call-site).
    name: 'lc',
    kind: 'integer',
    sql: { sqlite: 'INTEGER', postgres: 'bigint' },
    hashed: true,
    text: false,
    csv: { header: 'column', order: 65 },
    otlp: FIELD_ATTRIBUTES.lc,
  },
] as const satisfies readonly LogColumn[];

// Every field of LogRecord is described: a field added to it and not here fails to compile.
type Described = (typeof LOG_COLUMNS)[number]['name'];
const everyFieldDescribed: Record<Exclude<LogField, Described>, never> = {};
void everyFieldDescribed;

/** The columns as a plain list, for code that reads any of them. */
export const COLUMNS: readonly LogColumn[] = LOG_COLUMNS;
export const COLUMN_NAMES: readonly LogField[] = COLUMNS.map((column) => column.name);
/** Text columns a person logged: redacted at ingest, read by a search's fragments. */
export const TEXT_COLUMNS: readonly LogField[] = COLUMNS.filter((column) => column.text).map((column) => column.name);
/** Columns the collector coerces by their kind alone. */
export const columnsOfKind = (kind: LogColumn['kind']): readonly LogField[] =>
  COLUMNS.filter((column) => column.kind === kind).map((column) => column.name);
/** The columns a CSV export writes, in its order. */
export const CSV_COLUMNS = COLUMNS.filter((column) => column.csv).sort((a, b) => a.csv!.order - b.csv!.order);
/** The columns OTLP names, with their attribute names. */
export const OTLP_COLUMNS = COLUMNS.filter((column) => column.otlp) as (LogColumn & { otlp: readonly string[] })[];

/** `prefix.name, …` for a SELECT or an INSERT's column list. */
export const columnList = (prefix = '') => COLUMN_NAMES.map((name) => `${prefix}${name}`).join(', ');

/**
 * The statements that bring a store's `logs` up to the description: an ALTER for each described column the live
 * table lacks (`present`, read from the database). The numbered migrations made the first columns; a column added to
 * the description is added here, on both stores, the next time the service starts: no migration to write per store.
 */
export function missingColumns(dialect: Dialect, present: ReadonlySet<string>): string[] {
  return COLUMNS.filter((column) => !present.has(column.name)).map((column) => {
    if (column.required) throw new Error(`logs.${column.name} is missing: the numbered migrations make it`);
    return `ALTER TABLE logs ADD COLUMN ${column.name} ${column.sql[dialect]}`;
  });
}
