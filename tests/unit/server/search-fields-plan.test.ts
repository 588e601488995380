// A query's cost follows its most selective part (docs/explorer.md#search): `level:fatal`, `tag:` and `session:` in the
// search box plan as the same filters given as `&level=`, `&tag=`, `&session=` do, on both stores. Checked by the query
// plan of the statement each store runs for the stream's page, not by time. The tag list seeks the tag index the same way.
import type Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { createPgExplorerQueries } from '../../../server/stores/postgres/explorer-queries.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { ExplorerQueries } from '../../../server/stores/explorer-queries.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore, STORE_KINDS, type StoreKind } from './test-databases.ts';

const APP = 'fields-plan-app';

/** The page's statements the queries prepare or run, as [sql, parameters]. */
type Captured = [string, unknown[]][];

/** The explorer's queries over a connection that notes each statement they run. */
function capturing(
  kind: StoreKind,
  store: Store,
  db: string,
): { queries: ExplorerQueries; captured: Captured; close(): Promise<void> } {
  const captured: Captured = [];
  if (kind === 'sqlite') {
    const sqlite = sqliteOf(store);
    const noting = new Proxy(sqlite, {
      get(target, name, receiver) {
        if (name !== 'prepare') return Reflect.get(target, name, receiver) as unknown;
        return (text: string) => {
          const statement = target.prepare(text);
          return new Proxy(statement, {
            get(inner, method) {
              const value = Reflect.get(inner, method, inner) as unknown;
              if (typeof value !== 'function') return value;
              return (...params: unknown[]) => {
                if (method === 'all' || method === 'get') captured.push([text, params]);
                return (value as (...args: unknown[]) => unknown).apply(inner, params);
              };
            },
          });
        };
      },
    }) as Database.Database;
    return { queries: createExplorerQueries(noting), captured, close: async () => undefined };
  }
  const pool = new pg.Pool({ connectionString: db, max: 1 });
  const noting = new Proxy(pool, {
    get(target, name, receiver) {
      if (name !== 'query') return Reflect.get(target, name, receiver) as unknown;
      return (text: string, values: unknown[] = []) => {
        captured.push([text, values]);
        return target.query(text, values);
      };
    },
  });
  return { queries: createPgExplorerQueries(noting), captured, close: () => pool.end() };
}

describe.each(STORE_KINDS)('on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  let db: string;

  beforeAll(async () => {
    let database;
    ({ store, close, database } = await openTestStore(kind));
    db = database.db;
    await store.putApp(APP, true);
    const session = await store.putSession(APP, sessionPayload('s-1', APP));
    const at = Date.now();
    // A thousand logs, 5 of them fatal and 5 tagged net: rare enough that an index on either is the plan for them. With
    // 50 logs, a tenth fatal, PostgreSQL took the time index once its statistics had seen them (the store analyses as
    // it opens, and a busy run's analysis came after the logs), and the plans below depended on that race.
    for (const from of [0, 500])
      await store.addLogs(
        APP,
        session,
        Array.from({ length: 500 }, (_, k) => {
          const i = from + k;
          return {
            x: new Date(at + i).toISOString(),
            at: at + i,
            t: `line ${i}`,
            ll: i % 200 === 0 ? 5 : 4,
            tg: i % 200 === 100 ? 'net' : 'ui',
            f: 'src/router.ts',
          };
        }),
      );
    await store.settled();
    // The statistics the plans are read with: the logs', whenever the store's own analysis ran.
    if (kind === 'postgres') await onPostgres((client) => client.query('ANALYZE logs'));
  });
  afterAll(() => close());

  /** Runs `work` on a connection of its own to the file's PostgreSQL database. */
  async function onPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client(db);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** PostgreSQL's plan for a statement the queries ran. A thousand logs read fastest in a row: the planner must show
   * which index it would take for many. */
  const postgresPlan = (text: string, params: unknown[]) =>
    onPostgres(async (client) => {
      await client.query('SET enable_seqscan = off');
      return (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });

  /** The plan of the stream's page statement for the query string, and the page's texts. */
  async function planOf(query: string): Promise<{ plan: string; texts: string[] }> {
    const { queries, captured, close: done } = capturing(kind, store, db);
    try {
      const page = await queries.logs(
        { appKey: APP, ...parseLogFilters(new URLSearchParams(query)) },
        { limit: 10, within: Infinity },
      );
      const [text, params] = captured.find(([sql]) => /ORDER BY l\.at DESC/.test(sql))!;
      let plan: string;
      if (kind === 'sqlite') {
        plan = (
          sqliteOf(store)
            .prepare(`EXPLAIN QUERY PLAN ${text}`)
            .all(...params) as { detail: string }[]
        )
          .map((row) => row.detail)
          .join('\n');
      } else plan = await postgresPlan(text, params);
      return { plan, texts: page.logs.map((log) => log.t!) };
    } finally {
      await done();
    }
  }

  test.each([
    // PostgreSQL names each day's partition's index after its columns.
    ['q=level:fatal', 'level=fatal', /logs_by_level|_ll_at_id_idx/],
    ['q=tag:net', 'tag=net', /logs_by_tag|_tg_at_id_idx/],
  ])('%s plans as %s does', async (asSearch, asFilter, index) => {
    const filtered = await planOf(asFilter);
    expect(filtered.plan).toMatch(index);
    const searched = await planOf(asSearch);
    expect(searched.texts).toEqual(filtered.texts);
    expect(searched.plan).toMatch(index);
  });

  test('level:fatal file:router reads the fatal logs only, as &level=fatal with the file does', async () => {
    const searched = await store.explorer.logs(
      { appKey: APP, ...parseLogFilters(new URLSearchParams('q=level:fatal file:router')) },
      { limit: 10 },
    );
    expect(searched.logs).toHaveLength(5);
    expect(searched.scan).toMatchObject({ scanned: 5, complete: true });
    const { plan } = await planOf('q=level:fatal file:router');
    expect(plan).toMatch(/logs_by_level|_ll_at_id_idx/);
  });

  test('status:502 reads the network lines only, by the tag index (docs/explorer-views.md#network-lines)', async () => {
    const { plan, texts } = await planOf('q=status:502');
    expect(texts).toEqual([]);
    expect(plan).toMatch(/logs_by_tag|_tg_at_id_idx/);
  });

  test.skipIf(kind === 'sqlite')(
    "the tag list seeks the tag index once a tag, not every log (PostgreSQL's loose index scan)",
    async () => {
      const { queries, captured, close: done } = capturing(kind, store, db);
      try {
        expect(await queries.tags(APP)).toEqual(['net', 'ui']);
        const [text, params] = captured.find(([sql]) => /WITH RECURSIVE tag/.test(sql))!;
        const plan = await postgresPlan(text, params);
        // Each min(tg) is the first row of an index seek (a subplan under a Limit). Written with COLLATE "C", it was an
        // Aggregate over every tagged log the index held. Only the walk over the tags (the CTE) is looked at: which
        // way the app's check of each tag is joined is the planner's to choose by the table's size (over these
        // thousand logs, one pass that hashes them).
        const walk = plan.slice(plan.indexOf('CTE tag')).split(/\n {2}-> /)[0]!;
        expect(walk).toMatch(/InitPlan[\s\S]*?Limit[\s\S]*?Index Only Scan using \S*(logs_by_tag|_tg_at_id_idx)/);
        expect(walk).not.toMatch(/Aggregate|Seq Scan/);
      } finally {
        await done();
      }
    },
  );
});
