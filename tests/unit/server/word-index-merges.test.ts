// The SQLite word index merges sixteen of its segments at a time, not FTS5's default four
// (docs/local-service.md#the-writer-thread): a new database has the setting, one made before it learns it as it
// migrates, and every word stored before and after is still found, the index whole.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { MIGRATIONS } from '../../../server/stores/sqlite/schema.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sqliteBefore } from './sqlite-before.ts';
import { rowsOnDatabase, runOnDatabase } from './test-databases.ts';

const APP = 'word-merges-app';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function databasePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'word-merges-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'sidelog.db');
}

/** The index's merge width as stored in it: undefined while it is FTS5's default. */
const usermerge = async (db: string) =>
  (await rowsOnDatabase(db, `SELECT v FROM logs_fts_config WHERE k = 'usermerge'`))[0]?.v;

/** FTS5's own check that the index holds exactly the words of the logs it covers. */
const checkIndex = (db: string) =>
  runOnDatabase(db, `INSERT INTO logs_fts (logs_fts, rank) VALUES ('integrity-check', 0)`);

async function open(db: string): Promise<Store> {
  const store = await openStore(db);
  cleanups.push(() => store.close());
  return store;
}

const texts = async (store: Store, q: string) =>
  (await store.explorer.logs({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) }, { limit: 100 })).logs
    .map((log) => log.t!)
    .sort();

/** Batches the writer thread commits one at a time, each indexed by a step of its own: one segment each. */
async function storeBatches(store: Store, session: number, batches: number, word: (batch: number) => string) {
  const at = Date.now();
  for (let batch = 0; batch < batches; batch++) {
    await store.addLogs(
      APP,
      session,
      [0, 1].map((i) => ({ x: '', at: at + batch * 10 + i, t: `${word(batch)} line ${i}` })),
    );
    await store.settled();
  }
}

test('a new database merges its word index sixteen segments at a time, and finds each word after the merges', async () => {
  const db = databasePath();
  const store = await open(db);
  expect(await usermerge(db)).toBe(16);
  await store.putApp(APP, true);
  const session = await store.putSession(APP, sessionPayload('s-1', APP));
  // More segments than one merge of sixteen takes.
  await storeBatches(store, session, 40, (batch) => `word${batch}`);
  for (const batch of [0, 15, 16, 39])
    expect(await texts(store, `word${batch}`)).toEqual([`word${batch} line 0`, `word${batch} line 1`]);
  expect(await texts(store, 'line')).toHaveLength(80);
  await checkIndex(db);
});

test('a database made before the setting learns it as it migrates, and its words are found', async () => {
  const setting = MIGRATIONS.findIndex((sql) => sql.includes(`'usermerge', 16`));
  expect(setting).toBeGreaterThan(0);
  const db = databasePath();
  const { db: old, session } = sqliteBefore(db, setting, APP);
  const insert = old.prepare(`INSERT INTO logs (session_id, x, at, t, content_hash) VALUES (?, '', ?, ?, ?)`);
  const at = Date.now() - 60_000;
  // Six segments, as the writer thread's steps made them then: each batch indexed in a transaction of its own.
  for (let batch = 0; batch < 6; batch++) {
    for (const i of [0, 1]) insert.run(session, at + batch * 10 + i, `before${batch} line ${i}`, `hash-${batch}-${i}`);
    old.exec(`INSERT INTO logs_fts (rowid, t) SELECT id, t FROM logs WHERE id > (SELECT indexed_to FROM search_progress);
      UPDATE search_progress SET indexed_to = (SELECT max(id) FROM logs);`);
  }
  old.close();
  expect(await usermerge(db)).toBeUndefined();

  const store = await open(db);
  await store.putApp(APP, true);
  expect(await usermerge(db)).toBe(16);
  await storeBatches(store, session, 20, (batch) => `after${batch}`);
  expect(await texts(store, 'before3')).toEqual(['before3 line 0', 'before3 line 1']);
  expect(await texts(store, 'after19')).toEqual(['after19 line 0', 'after19 line 1']);
  expect(await texts(store, 'line')).toHaveLength(52);
  await checkIndex(db);
});
