// Search over logs whose full-text index follows them a little behind (server/sqlite/search-index.ts): a search
// still sees every stored log, the index catches up by itself, deleting logs it has not reached yet leaves it
// sound; and the sessions' counts, now added once per batch, count each stored log once.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { LogLevel } from '../../../protocol/levels.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { openSqliteStore, sqliteOf } from '../../../server/sqlite/store.ts';
import type { Store } from '../../../server/store.types.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { sessionPayload } from './service-harness.ts';
import { createTestDatabase, openTestStore, STORE_KINDS, type TestDatabase } from './test-databases.ts';

const APP = 'search-app';
const START = Date.UTC(2026, 10, 1);

const logs = (from: number, count: number, text = (i: number) => `line ${i} of the batch`, level = (i: number) => i % 3): LogRecord[] =>
  Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return { x: new Date(START + i).toISOString(), at: START + i, t: text(i), ll: level(i) as LogLevel, tg: 'ui' };
  });

describe('the search index on SQLite', () => {
  let database: TestDatabase;
  let store: Store;
  let sessionId: number;
  const progress = () => {
    const db = sqliteOf(store);
    return {
      indexedTo: db.prepare(`SELECT indexed_to FROM search_progress`).pluck().get() as number,
      lastId: db.prepare(`SELECT max(id) FROM logs`).pluck().get() as number,
    };
  };
  const integrity = () => {
    for (const index of ['logs_fts', 'logs_infix']) sqliteOf(store).prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`).run();
  };
  const search = async (q: string) => (await store.explorer.logs({ appKey: APP, q, search: parseSearchQuery(q) }, { limit: 100 })).logs.map((log) => log.t);

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

  test('a search finds a log stored a moment ago, before the index has reached it', async () => {
    await store.addLogs(APP, sessionId, logs(0, 500));
    await store.addLogs(APP, sessionId, logs(500, 1, () => 'the freshly stored needle'));
    // Storing answered without indexing: the index is behind.
    expect(progress().indexedTo).toBeLessThan(progress().lastId);
    expect(await search('needle')).toEqual(['the freshly stored needle']);
    expect(progress().indexedTo).toBe(progress().lastId);
  });

  test('the index catches up by itself, between requests', async () => {
    for (let batch = 0; batch < 5; batch++) await store.addLogs(APP, sessionId, logs(batch * 500, 500));
    expect(progress().indexedTo).toBeLessThan(progress().lastId);
    await vi.waitFor(() => expect(progress().indexedTo).toBe(progress().lastId));
    expect(progress().lastId).toBe(2500);
    expect(() => integrity()).not.toThrow();
  });

  test('deleting logs the index has not reached leaves it sound, and they are never found', async () => {
    await store.addLogs(APP, sessionId, logs(0, 10, (i) => `kept haystack ${i}`));
    await search('haystack');
    await store.addLogs(APP, sessionId, logs(10, 10, (i) => `dropped haystack ${i}`));
    const db = sqliteOf(store);
    // One indexed log and every log not yet indexed go, as retention would take them.
    const deleted = db.prepare(`DELETE FROM logs WHERE t = 'kept haystack 9' OR t LIKE 'dropped%'`).run().changes;
    expect(deleted).toBe(11);
    expect(await search('haystack')).toHaveLength(9);
    expect(await search('dropped')).toEqual([]);
    expect(() => integrity()).not.toThrow();
  });
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
