// A session's device keys as they stood in that session (docs/facets.md#session-header), on a real SQLite database
// and a real PostgreSQL one: each key's last change received before the device's next session arrived. The sessions
// and changes are written with the collector's times chosen here (the collector stamps its own clock's).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';

const APP = 'session-keys-app';
const T = Date.UTC(2026, 10, 26, 9, 0, 0);
const at = (seconds: number) => new Date(T + seconds * 1000).toISOString();

describe.each(STORE_KINDS)('a session’s keys on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  let client: pg.Client | undefined;

  /** Runs `sql` (with `?` for each parameter) on the store's database. */
  async function run(sql: string, ...params: unknown[]): Promise<void> {
    if (kind === 'sqlite')
      sqliteOf(store)
        .prepare(sql)
        .run(...params);
    else {
      let n = 0;
      await client!.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
    }
  }
  const session = (uid: string, udid: string, seconds: number) =>
    run(
      `INSERT INTO sessions (app_key, session_uid, udid, time, received_at, payload) VALUES (?, ?, ?, ?, ?, ?)`,
      APP,
      uid,
      udid,
      at(seconds),
      at(seconds),
      JSON.stringify(sessionPayload(uid, APP, udid)),
    );
  const change = (udid: string, key: string, value: unknown, seconds: number) =>
    run(
      `INSERT INTO device_key_changes (app_key, udid, key, value, received_at) VALUES (?, ?, ?, ?, ?)`,
      APP,
      udid,
      key,
      JSON.stringify(value),
      at(seconds),
    );

  beforeAll(async () => {
    let database;
    ({ store, close, database } = await openTestStore(kind));
    if (kind === 'postgres') {
      client = new pg.Client(database.db);
      await client.connect();
    }
    await store.putApp(APP, true);
    await session('first', 'd-1', 0);
    await change('d-1', 'email', 'ann@shop.example', 1);
    await change('d-1', 'plan', 'gold', 1);
    await change('d-1', 'plan', 'platinum', 2);
    // Another device's session and keys meanwhile are not this device's.
    await session('elsewhere', 'd-2', 2);
    await change('d-2', 'email', 'bob@shop.example', 3);
    await session('second', 'd-1', 10);
    // In the same millisecond as the next session: still the first's.
    await change('d-1', 'age', 41, 10);
    await change('d-1', 'email', 'ann.b@shop.example', 11);
    await change('d-1', 'plan', null, 11);
  });
  afterAll(async () => {
    await client?.end();
    await close();
  });

  test('each session shows the last value of each key before the next session, removed keys left out', async () => {
    expect(await store.sessionDeviceKeys(APP, 'first')).toEqual([
      { key: 'age', value: 41 },
      { key: 'email', value: 'ann@shop.example' },
      { key: 'plan', value: 'platinum' },
    ]);
    expect(await store.sessionDeviceKeys(APP, 'second')).toEqual([
      { key: 'age', value: 41 },
      { key: 'email', value: 'ann.b@shop.example' },
    ]);
    expect(await store.sessionDeviceKeys(APP, 'elsewhere')).toEqual([{ key: 'email', value: 'bob@shop.example' }]);
    expect(await store.sessionDeviceKeys(APP, 'no-such-session')).toEqual([]);
  });
});
