// Search over logs whose full-text index the writer thread keeps (server/stores/sqlite/search-index.ts,
// docs/local-service.md#the-writer-thread): a log is searchable once its batch is acknowledged, under load from many
// clients at once; a search never indexes anything itself; an index left behind (logs stored before a restart) catches
// up by itself; deleting logs it has not reached leaves it sound; and the sessions' counts count each stored log once.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { LogLevel } from '../../../protocol/levels.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { openSqliteStore, sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { createHarness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase, openTestStore, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const APP = 'search-app';
const START = Date.UTC(2026, 10, 1);

const logs = (
  from: number,
  count: number,
  text = (i: number) => `line ${i} of the batch`,
  level = (i: number) => i % 3,
): LogRecord[] =>
  Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return { x: new Date(START + i).toISOString(), at: START + i, t: text(i), ll: level(i) as LogLevel, tg: 'ui' };
  });

const progress = (db: Database.Database) => ({
  indexedTo: db.prepare(`SELECT indexed_to FROM search_progress`).pluck().get() as number,
  lastId: db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck().get() as number,
});
const integrity = (db: Database.Database) => {
  db.prepare(`INSERT INTO logs_fts (logs_fts, rank) VALUES ('integrity-check', 1)`).run();
};

describe('the search index on SQLite', () => {
  let database: TestDatabase;
  let store: Store;
  let sessionId: number;
  const search = async (q: string, on = store) =>
    (await on.explorer.logs({ appKey: APP, q, search: parseSearchQuery(q) }, { limit: 100 })).logs.map((log) => log.t);

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    store = openSqliteStore(database.db);
    await store.putApp(APP, true);
    sessionId = await store.putSession(APP, sessionPayload('search-session', APP));
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  test('a search never indexes: it finds what the index holds, and the index catches up by itself after a restart', async () => {
    await store.addLogs(
      APP,
      sessionId,
      logs(0, 10, (i) => `indexed haystack ${i}`),
    );
    await store.close();
    // Logs stored while the index stayed behind, as a process killed between the two would leave them.
    const raw = new Database(database.db);
    raw.prepare(`UPDATE search_progress SET indexed_to = (SELECT max(id) FROM logs)`).run();
    const insert = raw.prepare(`INSERT INTO logs (session_id, x, at, t, content_hash) VALUES (?, ?, ?, ?, ?)`);
    for (const [i, log] of logs(10, 5, (i) => `unindexed haystack ${i}`).entries())
      insert.run(sessionId, log.x, log.at, log.t, `hash-${i}`);
    const queries = createExplorerQueries(raw);
    const found = (
      await queries.logs({ appKey: APP, q: 'haystack', search: parseSearchQuery('haystack') }, { limit: 100 })
    ).logs;
    expect(found).toHaveLength(10);
    expect(progress(raw).indexedTo).toBeLessThan(progress(raw).lastId);
    raw.close();

    store = openSqliteStore(database.db);
    await store.settled();
    expect(await search('unindexed')).toHaveLength(5);
    expect(progress(sqliteOf(store)).indexedTo).toBe(progress(sqliteOf(store)).lastId);
    expect(() => integrity(sqliteOf(store))).not.toThrow();
  });

  test('deleting logs the index has not reached leaves it sound, and they are never found', async () => {
    await store.addLogs(
      APP,
      sessionId,
      logs(0, 10, (i) => `kept haystack ${i}`),
    );
    await store.close();
    const raw = new Database(database.db);
    const insert = raw.prepare(`INSERT INTO logs (session_id, x, at, t, content_hash) VALUES (?, ?, ?, ?, ?)`);
    for (const [i, log] of logs(10, 10, (i) => `dropped haystack ${i}`).entries())
      insert.run(sessionId, log.x, log.at, log.t, `hash-${i}`);
    // One indexed log and every log not yet indexed go, as retention would take them.
    expect(raw.prepare(`DELETE FROM logs WHERE t = 'kept haystack 9' OR t LIKE 'dropped%'`).run().changes).toBe(11);
    raw.close();

    store = openSqliteStore(database.db);
    await store.settled();
    expect(await search('haystack')).toHaveLength(9);
    expect(await search('dropped')).toEqual([]);
    expect(() => integrity(sqliteOf(store))).not.toThrow();
  });
});

test('on SQLite, a log is searchable once its batch is acknowledged, with 8 clients sending at once', async () => {
  const service = await createHarness();
  try {
    const CLIENTS = 8;
    const BATCHES = 5;
    const sessions = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => service.session(`searchable-${n}`)));
    const missed: string[] = [];
    await Promise.all(
      sessions.map(async (session_id, n) => {
        for (let b = 0; b < BATCHES; b++) {
          const word = `client${n}batch${b}`;
          const batch = logs((n * BATCHES + b) * 500, 500, (i) => `${word} line ${i}`);
          const answer = await service.wire('sendLogs', { session_id, logs: batch });
          expect(answer.status).toBe(200);
          // Right after the answer, from the service's own reads: no wait, no retry.
          const found = await service.store.explorer.logs(
            { appKey: DEMO_APP_KEY, q: word, search: parseSearchQuery(word) },
            { limit: 1 },
          );
          if (found.logs.length === 0) missed.push(word);
        }
      }),
    );
    expect(missed).toEqual([]);
  } finally {
    await service.close();
  }
});

describe.each(STORE_KINDS)('session counts on %s', (kind) => {
  test('each stored log counts once, by level, and a resent batch adds nothing', async () => {
    const { store, close } = await openTestStore(kind);
    try {
      await store.putApp(APP, true);
      const id = await store.putSession(APP, sessionPayload('counted-session', APP));
      // Levels 0, 1, 2, 0, 1, 2…; and one log without a level, which counts as debug.
      const batch = [...logs(0, 9), { x: new Date(START + 9).toISOString(), at: START + 9, t: 'no level' }];
      expect(await store.addLogs(APP, id, batch)).toBe(10);
      expect(await store.addLogs(APP, id, batch)).toBe(0);
      expect(await store.addLogs(APP, id, logs(10, 2))).toBe(2);
      const { sessions } = await store.explorer.sessions.list({ appKey: APP, limit: 10 });
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        total: 12,
        first_at: START,
        last_at: START + 11,
        counts: { debug: 4, warning: 4, error: 4, trace: 0, info: 0, fatal: 0 },
      });
    } finally {
      await close();
    }
  });
});

test('on SQLite, retention that expires every log keeps the newest, so that ids never come back: later logs are found, the index stays sound', async () => {
  const { store, database, close } = await openTestStore('sqlite');
  try {
    await store.putApp(APP, true);
    const sessionId = await store.putSession(APP, sessionPayload('expired', APP));
    await store.addLogs(
      APP,
      sessionId,
      logs(0, 50, (i) => `expired haystack ${i}`),
    );
    await store.markRetention(new Date('2026-01-01T00:00:00Z'));
    while ((await store.pruneBefore(new Date('2026-02-01T00:00:00Z'), 20)) > 0);
    expect(
      await store.explorer
        .logs({ appKey: APP, q: 'expired', search: parseSearchQuery('expired') }, { limit: 100 })
        .then((page) => page.logs.map((log) => log.t)),
    ).toEqual(['expired haystack 49']);
    await store.addLogs(
      APP,
      sessionId,
      logs(100, 10, (i) => `fresh needle ${i}`),
    );
    expect(
      (await store.explorer.logs({ appKey: APP, q: 'needle', search: parseSearchQuery('needle') }, { limit: 100 }))
        .logs,
    ).toHaveLength(10);
    await store.close();
    const raw = new Database(database.db);
    expect(() => integrity(raw)).not.toThrow();
    raw.close();
  } finally {
    await close();
  }
});
