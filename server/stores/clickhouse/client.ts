// The store's one client for ClickHouse's HTTP interface (@clickhouse/client), with the settings every query sends so
// that old and new servers answer alike (docs/clickhouse.md#two-engines). Tests hand the store a client of chdb's
// in-process engine instead (tests/unit/server/clickhouse-engines.ts): the store sees the same ClickHouseClient.
import { ClickHouseLogLevel, createClient, type ClickHouseClient, type ClickHouseSettings } from '@clickhouse/client';
import type { LogsSettings } from './logs-url.ts';

/** Sent with every query: both 18.16 and current servers know them. 18.16 quotes 64-bit integers in JSON and 26.7
 * does not by default; both then give numbers. */
export const QUERY_SETTINGS: ClickHouseSettings = { output_format_json_quote_64bit_integers: 0 };

/** How long a request may take before the collector is told ClickHouse is slow (and answers 503). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How long a migration's statement ON CLUSTER may take: the server waits for every host to run it, up to its own
 * `distributed_ddl_task_timeout` (180 s by default), and under load that passed REQUEST_TIMEOUT_MS while two replicas
 * and ZooKeeper started beside the tests' other work. */
export const CLUSTER_DDL_TIMEOUT_MS = 190_000;

export function openClickHouseClient(settings: LogsSettings, options: { timeoutMs?: number } = {}): ClickHouseClient {
  return createClient({
    url: settings.url,
    username: settings.username,
    password: settings.password,
    request_timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    clickhouse_settings: QUERY_SETTINGS,
    // Every statement names its database (sql-literal.ts, sqlIdentifier): the database may not exist yet when the
    // client is made, and chdb has no URL to name one in.
    application: 'sidelog',
    // The client would print each failed request itself; the store hands every error to its caller, which says it once
    // (server/http/errors.ts), as for the other stores.
    log: { level: ClickHouseLogLevel.OFF },
  });
}

/** A query's rows as JSONEachRow gives them (numbers as numbers, by QUERY_SETTINGS): how the store reads rows wherever
 * a query needs no settings of its own. */
export async function rowsOf<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  return (await (await client.query({ query, format: 'JSONEachRow' })).json()) as T[];
}
