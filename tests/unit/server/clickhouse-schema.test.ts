// The log store's schema in ClickHouse (server/stores/clickhouse/schema.ts, migrate.ts) on both engines: the database
// and tables made, migrations recorded once, and the extras (word index, TTL) only where version() has them.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { migrateLogs } from '../../../server/stores/clickhouse/migrate.ts';
import { COLUMN_NAMES } from '../../../server/stores/log-columns.ts';
import { featuresOf, serverFeatures } from '../../../server/stores/clickhouse/server-features.ts';
import { CLICKHOUSE_ENGINES, createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

describe('featuresOf', () => {
  test.each([
    ['18.16.1', { lowCardinality: false, ttl: false, wordIndex: undefined, skipIndexes: false }],
    ['19.6.2.11', { lowCardinality: true, ttl: true, wordIndex: undefined, skipIndexes: false }],
    ['20.1.2.4', { lowCardinality: true, ttl: true, wordIndex: 'tokenbf', skipIndexes: true }],
    ['25.8.1.1', { lowCardinality: true, ttl: true, wordIndex: 'tokenbf', skipIndexes: true }],
    ['26.2.1.803', { lowCardinality: true, ttl: true, wordIndex: 'text', skipIndexes: true }],
    ['26.7.2.1', { lowCardinality: true, ttl: true, wordIndex: 'text', skipIndexes: true }],
  ])('%s', (version, expected) => expect(featuresOf(version)).toEqual({ version, ...expected }));
});

describe.each(CLICKHOUSE_ENGINES)('the logs schema on ClickHouse (%s)', (engine) => {
  let ch: TestClickHouse;
  beforeEach(async () => {
    ch = await createTestClickHouse(engine);
  });
  afterEach(() => ch.drop());

  const rows = <T>(query: string) => rowsOf<T>(ch.client, query);

  test('creates the database and its tables, and records each migration once however often it starts', async () => {
    const features = await serverFeatures(ch.client);
    await migrateLogs(ch.client, ch.database, features, { retentionDays: 30 });
    await migrateLogs(ch.client, ch.database, features, { retentionDays: 30 });
    const tables = await rows<{ name: string }>(
      `SELECT name FROM system.tables WHERE database = '${ch.database}' ORDER BY name`,
    );
    expect(tables.map((table) => table.name)).toEqual(['logs', 'owed_counts', 'sidelog_migrations']);
    expect(await rows(`SELECT version, name FROM ${ch.database}.sidelog_migrations ORDER BY version`)).toEqual([
      { version: 1, name: 'logs' },
      { version: 2, name: 'arrival' },
      { version: 3, name: 'owed counts' },
      { version: 4, name: 'batch' },
    ]);
    // DESCRIBE, in the table's order: 18.16's system.columns has no position.
    const columns = await rows<{ name: string }>(`DESCRIBE TABLE ${ch.database}.logs`);
    // The log's own columns as described once (server/stores/log-columns.ts), between ClickHouse's own.
    expect(columns.map((column) => column.name)).toEqual([
      'app',
      'session_id',
      'id',
      'received',
      ...COLUMN_NAMES,
      'content_hash',
      'arrival',
      'batch',
    ]);
  });

  test('a table made before a column was described gains it on the next start, once however many start', async () => {
    const features = await serverFeatures(ch.client);
    await migrateLogs(ch.client, ch.database, features);
    await ch.client.command({ query: `ALTER TABLE ${ch.database}.logs DROP COLUMN lc` });
    await Promise.all([migrateLogs(ch.client, ch.database, features), migrateLogs(ch.client, ch.database, features)]);
    const columns = await rows<{ name: string; type: string }>(`DESCRIBE TABLE ${ch.database}.logs`);
    expect(columns.filter((column) => column.name === 'lc')).toEqual([
      expect.objectContaining({ name: 'lc', type: 'Nullable(Int64)' }),
    ]);
  });

  test('adds the word index, the arrival index and the TTL only where the server has them, once', async () => {
    const features = await serverFeatures(ch.client);
    expect(features.version.split('.')[0]).toBe(engine === 'server' ? '18' : '26');
    await migrateLogs(ch.client, ch.database, features, { retentionDays: 30 });
    await migrateLogs(ch.client, ch.database, features, { retentionDays: 7 });
    const [shown] = await rows<{ statement: string }>(`SHOW CREATE TABLE ${ch.database}.logs`);
    if (engine === 'server') {
      expect(shown!.statement).not.toMatch(/INDEX|TTL/);
    } else {
      expect(shown!.statement).toMatch(/INDEX logs_words lower\(ifNull\(t, ''\)\) TYPE text/);
      expect(shown!.statement.match(/INDEX logs_arrival arrival TYPE minmax GRANULARITY 1/g)).toHaveLength(1);
      expect(shown!.statement).toMatch(/TTL received \+ toIntervalDay\(8\)/);
    }
  });
  // As after an upgrade from a server without skip indexes: the table has none, and the next start adds it.
  test.runIf(engine === 'chdb')(
    'a table made without the arrival index gains it on the next start, however many start at once',
    async () => {
      const features = await serverFeatures(ch.client);
      await migrateLogs(ch.client, ch.database, { ...features, skipIndexes: false });
      const shown = async () =>
        (await rows<{ statement: string }>(`SHOW CREATE TABLE ${ch.database}.logs`))[0]!.statement;
      expect(await shown()).not.toMatch(/logs_arrival/);
      // Three processes starting at once: each looks, finds no index and adds it; those that come second find it added.
      await Promise.all(Array.from({ length: 3 }, () => migrateLogs(ch.client, ch.database, features)));
      expect((await shown()).match(/INDEX logs_arrival arrival TYPE minmax GRANULARITY 1/g)).toHaveLength(1);
    },
  );
});
