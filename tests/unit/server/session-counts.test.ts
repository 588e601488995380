// A session's counts kept for logs another store holds (ClickHouse: docs/clickhouse.md#sessions-ordered-by-their-logs),
// on both of SIDELOG_DB's databases: a batch counted in (its row in the admin API's batches list too), and a dropped
// day's logs counted out, as the sessions list then shows them.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { DEMO_APP_KEY, seedDemo } from '../../../server/partner/demo.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';

describe.each(STORE_KINDS)('on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ store, close } = await openTestStore(kind));
    await seedDemo(store);
  });
  afterEach(() => close());

  const listed = async () =>
    (await store.explorer.sessions.list({ appKey: DEMO_APP_KEY, sort: 'errors', limit: 10 })).sessions.map(
      ({ session_uid, first_at, last_at, total, counts }) => ({ session_uid, first_at, last_at, total, counts }),
    );

  /** Session a as listed: its times stay whatever is counted out. */
  const sessionA = (total: number, levels: number[]) => ({
    session_uid: 'a',
    first_at: 5,
    last_at: 30,
    total,
    counts: Object.fromEntries(
      ['debug', 'warning', 'error', 'trace', 'info', 'fatal'].map((name, i) => [name, levels[i]]),
    ),
  });

  test('counted in per batch, counted out per dropped day', async () => {
    const a = await store.putSession(DEMO_APP_KEY, sessionPayload('a'));
    const b = await store.putSession(DEMO_APP_KEY, sessionPayload('b'));
    // A batch of 3 new logs at 10 to 30, then one of 2 at 5 to 20.
    const batch = (stored: number, first_at: number, last_at: number, levels: number[]) => ({
      sent: stored,
      stored,
      first_at,
      last_at,
      levels,
    });
    await store.countLogs(DEMO_APP_KEY, a, batch(3, 10, 30, [1, 0, 1, 0, 1, 0]));
    await store.countLogs(DEMO_APP_KEY, a, batch(2, 5, 20, [0, 0, 0, 0, 0, 2]));
    await store.countLogs(DEMO_APP_KEY, b, { sent: 4, stored: 0, first_at: 0, last_at: 0, levels: [0, 0, 0, 0, 0, 0] });
    expect(await listed()).toEqual([
      sessionA(5, [1, 0, 1, 0, 1, 2]),
      // A resend stored nothing: no counts, and its batch row says so.
      expect.objectContaining({ session_uid: 'b', total: 0 }),
    ]);
    expect((await store.listPage('batches', DEMO_APP_KEY, 0, 10)).rows).toEqual([
      expect.objectContaining({ session_uid: 'a', count: 3, stored: 3 }),
      expect.objectContaining({ session_uid: 'a', count: 2, stored: 2 }),
      expect.objectContaining({ session_uid: 'b', count: 4, stored: 0 }),
    ]);

    await store.uncountLogs([{ session_id: a, total: 3, levels: [1, 0, 0, 0, 0, 2] }]);
    expect((await listed())[0]).toEqual(sessionA(2, [0, 0, 1, 0, 1, 0]));
  });

  // with-logs.ts deletes the logs of a batch whose session went after the collector found it (a device erased).
  test('a batch counted says whether its session is there, and one whose session is gone counts nothing', async () => {
    const kept = await store.putSession(DEMO_APP_KEY, sessionPayload('kept', DEMO_APP_KEY, 'kept-device'));
    const gone = await store.putSession(DEMO_APP_KEY, sessionPayload('gone', DEMO_APP_KEY, 'gone-device'));
    const { id } = await store.startErasure(DEMO_APP_KEY, 'gone-device', 'admin', new Date());
    await store.eraseDeviceStep(DEMO_APP_KEY, 'gone-device', 100, id);
    const batch = { sent: 2, stored: 2, first_at: 5, last_at: 30, levels: [2, 0, 0, 0, 0, 0] };
    expect(await store.countLogs(DEMO_APP_KEY, kept, batch, 'token-kept')).toBe(true);
    expect(await store.countLogs(DEMO_APP_KEY, kept, batch, 'token-kept')).toBe(true);
    expect(await store.countLogs(DEMO_APP_KEY, gone, batch, 'token-gone')).toBe(false);
    expect((await store.listPage('batches', DEMO_APP_KEY, 0, 10)).rows).toEqual([
      expect.objectContaining({ session_uid: 'kept', count: 2, stored: 2 }),
    ]);
  });
});
