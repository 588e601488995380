// The ClickHouse log store, opened (docs/clickhouse.md): SIDELOG_LOGS parsed, the server's features read, the schema
// migrated, and the insert path ready. Only logs live here; the rest of the service's data stays in SIDELOG_DB.
import type { ClickHouseClient } from '@clickhouse/client';
import { StartupError } from '../../startup-checks.ts';
import { CLUSTER_DDL_TIMEOUT_MS, openClickHouseClient, rowsOf } from './client.ts';
import type { ClusterLayout } from './cluster-layout.ts';
import { readClusterLayout } from './cluster.ts';
import { createLogWriter, type LogWriter, type LogWriterOptions } from './log-writer.ts';
import { createRemoteLogWriter, type PrimaryChannel } from './remote-log-writer.ts';
import { parseLogsUrl } from './logs-url.ts';
import { migrateLogs } from './migrate.ts';
import { serverFeatures, type ServerFeatures } from './server-features.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier } from './sql-literal.ts';
import { unavailableWhenDown } from './unavailable.ts';
import { ownRows, primaryRows, type HorizonSource } from './writer-board.ts';

export interface ClickHouseLogs extends LogWriter {
  features: ServerFeatures;
  client: ClickHouseClient;
  database: string;
  /** Where this process's horizon comes from, for the board of writers (writer-board.ts): its own arrival clock, or
   * its primary's when the primary numbers and inserts its rows (host-inserter.ts). */
  horizonSource: HorizonSource;
  /** The cluster `logs` is distributed over (SIDELOG_LOGS's `?cluster=`), if any. */
  cluster?: ClusterLayout;
  /** SIDELOG_LOGS without its password, for the start-up line and messages. */
  location: string;
  /** Writes what waits, then closes the client (unless the caller owns it). */
  close(): Promise<void>;
}

interface OpenLogsOptions {
  /** SIDELOG_RETENTION_DAYS: the table's TTL where the server has TTL. */
  retentionDays?: number;
  writer?: LogWriterOptions;
  /** The name of a cluster in the server's remote_servers (docs/clickhouse.md#the-cluster-form). */
  cluster?: string;
  /** This process is a worker whose primary inserts the host's logs (host-inserter.ts): its batches go there. */
  throughPrimary?: PrimaryChannel;
}

/** The highest arrival number stored, read from the newest day's partitions only (`received` is its second), so that a
 * process started after another numbers its rows after the other's, whatever the clocks did. */
async function lastArrival(client: ClickHouseClient, database: string): Promise<number> {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const [row] = await rowsOf<{ last: number }>(
    client,
    `SELECT max(arrival) AS last FROM ${table} WHERE received >= (SELECT max(received) FROM ${table}) - 86400`,
  );
  return row?.last ?? 0;
}

/** The writer of a process, or of a host's primary: numbering its rows after those already stored. */
async function openWriter(client: ClickHouseClient, database: string, options: LogWriterOptions): Promise<LogWriter> {
  const writer = createLogWriter(client, database, options);
  writer.arrivals.follow(await lastArrival(client, database));
  return writer;
}

/** On a client of the caller's (chdb's in the tests), which it closes itself. */
export async function openClickHouseLogsOn(
  client: ClickHouseClient,
  database: string,
  options: OpenLogsOptions & {
    location?: string;
    ownsClient?: boolean;
    /** For the migration's statements, when they take longer than a query may (CLUSTER_DDL_TIMEOUT_MS). */
    migrationClient?: ClickHouseClient;
  } = {},
): Promise<ClickHouseLogs> {
  // Every read and write fails as "down or busy" (503) when ClickHouse is, not as a fault of ours (500).
  client = unavailableWhenDown(client);
  const features = await serverFeatures(client);
  const cluster = options.cluster ? await readClusterLayout(client, database, options.cluster) : undefined;
  await migrateLogs(options.migrationClient ?? client, database, features, {
    retentionDays: options.retentionDays,
    cluster,
  });
  const writer = await openWriter(client, database, { ...options.writer, distributed: !!cluster });
  // A worker of a host whose primary inserts: the batches go there; the numbers and horizons stay this writer's.
  const remote = options.throughPrimary && createRemoteLogWriter(options.throughPrimary);
  const inserts = remote || writer;
  return {
    ...writer,
    addLogs: inserts.addLogs,
    store: inserts.store,
    submit: inserts.submit,
    drain: inserts.drain,
    features,
    client,
    database,
    horizonSource: remote ? primaryRows(remote.primaryHorizon, writer.arrivals) : ownRows(writer.arrivals),
    cluster,
    location: options.location ?? database,
    async close() {
      await inserts.drain();
      if (options.ownsClient) await client.close();
    },
  };
}

/** SIDELOG_LOGS's store: http(s)://user:password@host:8123/database. */
export async function openClickHouseLogs(url: string, options: OpenLogsOptions = {}): Promise<ClickHouseLogs> {
  const settings = parseLogsUrl(url);
  const client = openClickHouseClient(settings);
  // On a cluster each statement of the migration waits for every host.
  const migrationClient = settings.cluster
    ? openClickHouseClient(settings, { timeoutMs: CLUSTER_DDL_TIMEOUT_MS })
    : undefined;
  try {
    return await openClickHouseLogsOn(client, settings.database, {
      ...options,
      location: settings.location,
      cluster: settings.cluster,
      ownsClient: true,
      migrationClient,
    });
  } catch (error) {
    await client.close();
    // One line an operator can act on, naming the setting and never its password (server/startup-checks.ts).
    const message = (error as Error).message || String(error);
    throw new StartupError(`SIDELOG_LOGS ${settings.location}`, `cannot open ClickHouse's logs (${message})`);
  } finally {
    await migrationClient?.close();
  }
}

/** The host's inserter's writer (host-inserter.ts), in the primary process: the same writer a process of its own
 * uses, on a client of its own. The tables are there: a worker opened them before it sent the first batch. */
export async function openHostWriter(url: string): Promise<LogWriter> {
  const settings = parseLogsUrl(url);
  const client = unavailableWhenDown(openClickHouseClient(settings));
  try {
    const cluster = settings.cluster ? await readClusterLayout(client, settings.database, settings.cluster) : undefined;
    return await openWriter(client, settings.database, { distributed: !!cluster });
  } catch (error) {
    await client.close();
    throw error;
  }
}
