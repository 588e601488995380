// SQLite's reads stop past their budget, as PostgreSQL's statements stop at their statement_timeout
// (docs/local-service.md#the-reader-threads): a histogram of a search over every log, read with a budget already spent,
// fails with READ_BUDGET_SPENT; with time left it answers; and the explorer's API answers such a failure 422, not 500.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { READ_BUDGET_SPENT } from '../../../server/stores/explorer-queries.ts';
import type { LogFilter } from '../../../server/stores/explorer-queries.types.ts';
import { explorerQueriesSync } from '../../../server/stores/sqlite/explorer-queries.ts';
import { withReadDeadline } from '../../../server/stores/sqlite/read-deadline.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { openTestStore, type TestDatabase } from './test-databases.ts';

const APP = 'deadline-app';
const LOGS = 5_000;

describe('a read on SQLite past its budget', () => {
  let store: Store;
  let database: TestDatabase;
  let close: () => Promise<void>;
  let db: Database.Database;
  beforeAll(async () => {
    ({ store, database, close } = await openTestStore('sqlite'));
    await store.putApp(APP, true);
    await seedLogs(store, { appKey: APP, logs: LOGS, sessions: 2 });
    await store.settled?.();
    db = new Database(database.db, { readonly: true });
  });
  afterAll(async () => {
    db?.close();
    await close();
  });

  const filter: LogFilter = { appKey: APP, q: 'payment OR order', search: parseSearchQuery('payment OR order') };

  test('stops, failing with the code the API answers 422', () => {
    const queries = explorerQueriesSync(db);
    let thrown: unknown;
    try {
      withReadDeadline(-1, () => queries.volume(filter, 60_000));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: READ_BUDGET_SPENT });
  });

  test('answers whole with time left, and outside a deadline as before', () => {
    const queries = explorerQueriesSync(db);
    const within = withReadDeadline(60_000, () => queries.volume(filter, 60_000));
    const without = queries.volume(filter, 60_000);
    expect(within).toEqual(without);
    expect(within.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(1_024);
  });
});
