// SQLite's reader threads (server/stores/sqlite/reader.ts, docs/local-service.md#the-reader-threads): while an explorer
// read runs in one, however long, the collector acknowledges batches and the service's event loop answers. The read
// is made as long as the test wants by a latch the reader threads wait on, which the test releases: ordering, not
// milliseconds. And the service thread's own connection is read-only, so that a write in the wrong place fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { explorerCookie } from '../../../bench/explorer-cookie.ts';
import { WIRE_PATHS } from '../../../protocol/wire.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import { startService } from '../../../server/service.ts';
import { holdReaders, READERS } from '../../../server/stores/sqlite/reader.ts';
import { sqliteRoles } from '../../../server/stores/sqlite/roles.ts';
import { openSqliteStore, readConnectionOf } from '../../../server/stores/sqlite/store.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase } from './test-databases.ts';

const TOKEN = 'reader-thread-token';

const view = {
  id: 'v1',
  name: 'Errors',
  owner: 'ann',
  shared: false,
  path: '/logs',
  query: 'level:error',
  created_at: '2025-01-01T00:00:00.000Z',
};

test('on SQLite, a batch is acknowledged and the event loop answers while an explorer read is still running', async () => {
  const database = await createTestDatabase('sqlite');
  const seeding = openSqliteStore(database.db);
  await seedDemo(seeding);
  const sessionId = await seeding.putSession(DEMO_APP_KEY, sessionPayload('read-while-writing'));
  await seeding.close();
  const service = await startService({ db: database.db, adminToken: TOKEN, retentionDays: 0 });
  const latch = new Int32Array(new SharedArrayBuffer(4));
  const release = () => {
    Atomics.store(latch, 0, 1);
    Atomics.notify(latch, 0);
  };
  try {
    const cookie = await explorerCookie(service.url, TOKEN);
    const post = (body: unknown) =>
      fetch(`${service.url}/sidelog/api${WIRE_PATHS.sendLogs}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
        body: JSON.stringify(body),
      });
    expect((await post({ session_id: sessionId, logs: logs(100, 0) })).status).toBe(200);

    // Every reader thread waits on the latch: the search below is a read that lasts until the test releases it.
    holdReaders(latch);
    let searched: number | undefined;
    const search = fetch(`${service.url}/sidelog/explorer/api/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=line`, {
      headers: { Cookie: cookie },
    }).then(async (answer) => {
      searched = answer.status;
      return (await answer.json()) as { logs: unknown[] };
    });

    for (let n = 1; n <= 3; n++)
      expect((await post({ session_id: sessionId, logs: logs(100, n * 100) })).status).toBe(200);
    // The event loop answers, and the store's own reads (the admin API's) too.
    const admin = await fetch(`${service.url}/sidelog/admin/api/sessions?app=${DEMO_APP_KEY}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(admin.status).toBe(200);
    expect(searched).toBeUndefined();

    release();
    expect((await search).logs.length).toBeGreaterThan(0);
    expect(searched).toBe(200);
  } finally {
    release();
    await service.close();
    await database.drop();
  }
});

test('on SQLite, the service thread’s connection is read-only: a write on it fails, and the store writes through its writer', async () => {
  const database = await createTestDatabase('sqlite');
  const store = openSqliteStore(database.db);
  try {
    await seedDemo(store);
    expect(() => readConnectionOf(store).prepare(`DELETE FROM apps`).run()).toThrow(/readonly/);
    expect(await store.apps()).toEqual([expect.objectContaining({ key: DEMO_APP_KEY })]);
    expect(await store.explorer.apps()).toEqual([expect.objectContaining({ key: DEMO_APP_KEY })]);
  } finally {
    await store.close();
    await database.drop();
  }
});

test('on SQLite, every write of the roles, run on the service thread’s connection by mistake, fails loudly', async () => {
  const database = await createTestDatabase('sqlite');
  const store = openSqliteStore(database.db);
  try {
    const misplaced = sqliteRoles(readConnectionOf(store)).writes;
    await expect(misplaced.putApp('misplaced', true)).rejects.toThrow(/readonly/);
    await expect(misplaced.addSavedView('misplaced', view)).rejects.toThrow(/readonly/);
    expect(() => misplaced.putDevice('misplaced', { udid: 'd' } as never)).toThrow(/readonly/);
    // Through the store, the same writes go to the writer thread and are kept.
    await store.putApp('placed', true);
    await store.addSavedView('placed', view);
    expect((await store.savedViews('placed', 'ann')).map((saved) => saved.id)).toEqual(['v1']);
  } finally {
    await store.close();
    await database.drop();
  }
});

test('an in-memory SQLite database, which no other thread can open, reads on its one connection', async () => {
  const store = openSqliteStore(':memory:');
  try {
    expect(await store.explorer.apps()).toEqual([]);
    expect(await store.explorer.lastLogId()).toBe(0);
  } finally {
    await store.close();
  }
});

/** The nice value of each of this process's threads (Linux's /proc: field 19 of a task's stat). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return [];
    }
  });
}

test.runIf(existsSync('/proc/self/task'))(
  'on Linux, the reader threads run at a lower priority than the service’s thread and the writer’s',
  async () => {
    const database = await createTestDatabase('sqlite');
    const store = openSqliteStore(database.db);
    try {
      // Two reads at once: both threads start.
      await Promise.all([store.explorer.apps(), store.explorer.lastLogId()]);
      expect(threadNices().filter((nice) => nice === 10).length).toBeGreaterThanOrEqual(READERS);
      expect(threadNices().filter((nice) => nice === 0).length).toBeGreaterThan(0);
    } finally {
      await store.close();
      await database.drop();
    }
  },
);
