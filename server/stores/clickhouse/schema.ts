// The log store's tables in ClickHouse (docs/clickhouse.md#schema), as numbered migrations run once each, in order
// (migrate.ts), and the extras a newer server has, checked on each start (so a server upgraded under an old table gains
// them). Only the logs live here; everything else stays in SIDELOG_DB. Append migrations; never edit one that shipped.
// Several processes may start at once and ClickHouse has no transactions, so every statement is idempotent.
import { COLUMNS } from '../log-columns.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlIdentifier, sqlInteger } from './sql-literal.ts';

export const LOGS_TABLE = 'logs';
export const MIGRATIONS_TABLE = 'sidelog_migrations';

/** `logs`: one row per stored log, with the columns the other stores keep (server/stores/postgres/schema.ts) and what
 * ClickHouse needs beside them.
 * - `app`, the app's key: the first key column, so that one app's logs are read together;
 * - `at` exactly as sent (a Float64: a log's time may be fractional, or before 1970), the second key column;
 * - `session_id`, the session's id in SIDELOG_DB, and `content_hash` (server/stores/log-hash.ts): with `at`, the dedupe key
 *   (server/stores/store.types.ts, addLogs), which ends the sort key so that ReplacingMergeTree folds copies of one log that
 *   two processes inserted at once (docs/clickhouse.md#a-resend-counted-once);
 * - `id`: 53 bits of a hash of the dedupe key (log-rows.ts), for the explorer's (at, id) cursor;
 * - `received`: when the batch was stored, by whole seconds. Partitions are days of it: retention deletes what
 *   arrived before a cutoff (server/stores/retention.ts) by dropping whole days, and a batch of logs from any times (a
 *   hostile or long-offline device) lands in one partition, never in more than one insert may make. */
const createLogs = (db: string, features: ServerFeatures) => {
  const name = features.lowCardinality ? 'LowCardinality(String)' : 'String';
  // The log's own columns as described once (server/stores/log-columns.ts), each with its ClickHouse type.
  const described = COLUMNS.map((column) => `${column.name} ${column.sql.clickhouse}`).join(',\n    ');
  return `CREATE TABLE IF NOT EXISTS ${db}.${LOGS_TABLE} (
    app ${name},
    session_id UInt32,
    id UInt64,
    received DateTime,
    ${described},
    content_hash String
  ) ENGINE = ReplacingMergeTree()
  PARTITION BY toYYYYMMDD(received)
  ORDER BY (app, at, session_id, content_hash)`;
};

interface LogsMigration {
  name: string;
  statements(database: string, features: ServerFeatures): string[];
}

export const LOGS_MIGRATIONS: readonly LogsMigration[] = [
  { name: 'logs', statements: (database, features) => [createLogs(sqlIdentifier(database), features)] },
  // A log's place in arrival order (arrival.ts), for the forwarder and the live tail. Rows stored before it take the
  // first number of their second of arrival.
  {
    name: 'arrival',
    statements: (database) => [
      `ALTER TABLE ${sqlIdentifier(database)}.${LOGS_TABLE} ADD COLUMN arrival UInt64 DEFAULT toUInt64(received) * 1000000`,
    ],
  },
];

/** The word index's name and its definition for the server, when it has one. */
export const WORD_INDEX = 'logs_words';
export function wordIndexStatement(database: string, features: ServerFeatures): string | undefined {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  // The lowered text, as the search's words are (docs/explorer.md#search).
  if (features.wordIndex === 'text')
    return `ALTER TABLE ${table} ADD INDEX ${WORD_INDEX} lower(ifNull(t, '')) TYPE text(tokenizer = 'splitByNonAlpha')`;
  // The OpenTelemetry exporter's older index, for 20.1 to 26.1 (docs/clickhouse.md#version-aware-extras).
  if (features.wordIndex === 'tokenbf')
    return `ALTER TABLE ${table} ADD INDEX ${WORD_INDEX} lower(ifNull(t, '')) TYPE tokenbf_v1(32768, 3, 0) GRANULARITY 8`;
  return undefined;
}

/** The table's TTL for a retention of `days` (0: none), where the server has TTL: a day longer, so that retention's
 * DROP PARTITION, which takes a day's logs out of their sessions' counts (docs/clickhouse.md#retention), comes first,
 * and the TTL drops what retention, not running, left. */
export function ttlStatement(database: string, features: ServerFeatures, days: number): string | undefined {
  if (!features.ttl || days <= 0 || !Number.isSafeInteger(days)) return undefined;
  return `ALTER TABLE ${sqlIdentifier(database)}.${LOGS_TABLE} MODIFY TTL received + toIntervalDay(${sqlInteger(days + 1)})`;
}
