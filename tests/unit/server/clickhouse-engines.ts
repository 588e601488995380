// The two ClickHouse engines the log store's tests run on (describe.each(CLICKHOUSE_ENGINES)), through the one client
// interface the store uses: Debian's server, 18.16 over the real HTTP protocol (the run's one, tests/unit/
// clickhouse-setup.ts), and chdb, ClickHouse 26.7 in this process through @clickhouse/client's pluggable connection
// (current SQL). Each test gets a database of its own, dropped by `drop`.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { inject } from 'vitest';
import { QUERY_SETTINGS } from '../../../server/stores/clickhouse/client.ts';

type ClickHouseEngine = 'server' | 'chdb';
export const CLICKHOUSE_ENGINES: readonly ClickHouseEngine[] = ['server', 'chdb'];

export interface TestClickHouse {
  client: ClickHouseClient;
  /** A database name of the test's own, not yet created: the store creates it. */
  database: string;
  drop(): Promise<void>;
}

// chdb runs one engine per process, bound to one data directory: the worker's tests share it (kept on globalThis,
// since the unit project runs files without isolation), each in its own database, and it lives as long as the worker.
const CHDB = Symbol.for('sidelog.tests.chdb-client');
const shared = globalThis as { [CHDB]?: ClickHouseClient };
function chdbClient(): ClickHouseClient {
  return (shared[CHDB] ??= createClient({
    // chdb's Connection is @clickhouse/client-common's, re-exported; the two packages' copies of the type differ only
    // in their declared stream type.
    connection: createChdbConnection({ path: ':memory:' }) as never,
    clickhouse_settings: QUERY_SETTINGS,
  }));
}

export async function createTestClickHouse(engine: ClickHouseEngine): Promise<TestClickHouse> {
  const database = `sidelog_test_${crypto.randomUUID().replaceAll('-', '')}`;
  const client =
    engine === 'chdb'
      ? chdbClient()
      : createClient({ url: inject('clickhouseUrl'), clickhouse_settings: QUERY_SETTINGS });
  return {
    client,
    database,
    async drop() {
      await client.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      if (engine === 'server') await client.close();
    },
  };
}
