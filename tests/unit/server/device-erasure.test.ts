// Erasing a device (docs/privacy.md#erasing-a-device), on every store: everything stored of it goes (its logs, a step
// at a time, its sessions, issues and support's replies on them, keys and key history, its place in issue groups), the
// counts the explorer shows follow, and another device of the app is left whole; through either API, the admin's alone,
// each erasure recorded, its record counting each step in the step's transaction (a failure midway leaves it
// unfinished, and the next erasure goes on with it); and the device still sending meanwhile: a late write refused as
// for an unknown session, nothing of it kept, no deadlock with it, SQLite's placeholders never taking a write.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { EXPLORER_API, type DeviceErasure, type ErasureRecord } from '../../../explorer-contract/api.types.ts';
import { eraseDevice } from '../../../server/explorer/device-erasure.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { replyOn, sendDeviceDay } from './device-day.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  afterEach(() => service.close());

  /** A device's day (device-day.ts), and an issue titled as the other device's. */
  const sendDevice = (udid: string, word: string, lines: number, from: number, app = DEMO_APP_KEY) =>
    sendDeviceDay(service, udid, word, lines, from, app);

  const explorer = async <T = any>(path: string) => {
    const answer = await service.explorerGet(`/apps/${APP_ID}${path}`);
    expect(answer.status, path).toBe(200);
    return JSON.parse(answer.body) as T;
  };
  /** What the explorer shows of the app: its devices, its sessions' devices, a word's hits, the logs counted. */
  async function shown(word: string) {
    await service.store.settled();
    return {
      devices: (await explorer<{ devices: { udid: string }[] }>('/devices')).devices.map(({ udid }) => udid).sort(),
      sessions: (await explorer<{ sessions: { udid: string }[] }>('/sessions')).sessions.map(({ udid }) => udid).sort(),
      hits: (await explorer<{ logs: unknown[] }>(`/logs?q=${word}`)).logs.length,
      counted: (await explorer<{ count: number }>('/logs/count')).count,
      history: (await explorer<unknown[]>('/devices/leaver/key-history')).length,
    };
  }

  /** A batch and an issue for a session, as a page that found it before its device was erased sends them after. */
  const lateWrites = async (sessionId: number) => [
    await service.wire('sendLogs', { session_id: sessionId, logs: logs(2, 50) }),
    await service.wire('sendIssue', {
      uid: 'i-late',
      url: '',
      title: 'Late',
      text: '',
      type: 'issue',
      session_id: sessionId,
    }),
  ];

  test("a device's logs, sessions, issue and its replies, keys and key history go, a step at a time; the other device stays whole", async () => {
    service = await createHarness({ store: kind });
    await sendDevice('stayer', 'kept', 4, 0);
    await sendDevice('leaver', 'personal', 3, 100);
    const group = (await service.store.groupOfIssue(DEMO_APP_KEY, 'i-stayer'))!;
    expect(group).toMatchObject({ occurrences: 2, devices: 2 });
    await replyOn(service, group.id, [
      ['i-leaver', 'Called back.'],
      ['i-stayer', 'Not this one.'],
      [null, 'Fixed in 2.4.1.'],
    ]);
    expect(await shown('personal')).toEqual({
      devices: ['leaver', 'stayer'],
      sessions: ['leaver', 'leaver', 'stayer', 'stayer'],
      hits: 6,
      counted: 14,
      history: 2,
    });

    // Two logs a step: the six go in three steps (on ClickHouse, in one mutation), then the rest.
    expect(await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin', 2)).toEqual({
      udid: 'leaver',
      logs: 6,
      sessions: 2,
      issues: 1,
      keyChanges: 2,
    });
    expect(await shown('personal')).toEqual({
      devices: ['stayer'],
      sessions: ['stayer', 'stayer'],
      hits: 0,
      counted: 8,
      history: 0,
    });
    expect(await shown('kept')).toMatchObject({ hits: 8 });
    expect(await service.store.device(DEMO_APP_KEY, 'leaver')).toBeUndefined();
    expect(await service.store.deviceKeys(DEMO_APP_KEY, 'leaver')).toEqual([]);
    expect(await service.store.issue(DEMO_APP_KEY, 'i-leaver')).toBeUndefined();
    expect(await service.store.issueGroup(DEMO_APP_KEY, group.id)).toMatchObject({ occurrences: 1, devices: 1 });
    // What support replied on its issue's page went; on the other's and on the group's, it stays.
    expect((await service.store.issueReplies(DEMO_APP_KEY, group.id, { limit: 10 })).map(({ text }) => text)).toEqual([
      'Not this one.',
      'Fixed in 2.4.1.',
    ]);
    expect(await service.store.deviceKeys(DEMO_APP_KEY, 'stayer')).toEqual([{ key: 'user_id', value: 'u-2' }]);
    expect(await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin')).toBeUndefined();
  });

  /** The store, a step of its erasure failing before it starts whenever `fails()` says so (as a lost database would). */
  const stepping = (fails: () => boolean) => ({
    ...service.store,
    eraseDeviceStep: async (...args: Parameters<typeof service.store.eraseDeviceStep>) => {
      if (fails()) throw new Error('database or disk is full');
      return service.store.eraseDeviceStep(...args);
    },
  });
  const records = async () =>
    ((await service.admin(`erasures?app=${DEMO_APP_KEY}`)) as ErasureRecord[]).map(
      ({ udid, logs, sessions, finished }) => ({ udid, logs, sessions, finished }),
    );

  // The records' own part: each database's transaction, and ClickHouse's step before SIDELOG_DB's (chdb's is the same
  // code as 18.16's, on the same SIDELOG_DB).
  test.skipIf(kind === 'chdb')(
    'an erasure that fails midway leaves its record unfinished, counting what went; erasing again goes on with it',
    async () => {
      service = await createHarness({ store: kind });
      await sendDevice('leaver', 'personal', 3, 0);
      // Two logs a step: the second step fails, after the first took two of the six logs. On ClickHouse the first step
      // is the whole erasure (one mutation, then the rest), so the first fails.
      const clickhouse = kind === 'clickhouse' || kind === 'chdb';
      let steps = 0;
      const failing = stepping(() => ++steps === (clickhouse ? 1 : 2)) as typeof service.store;
      await expect(eraseDevice(failing, DEMO_APP_KEY, 'leaver', 'admin', 2)).rejects.toThrow(
        'database or disk is full',
      );
      const went = clickhouse ? 0 : 2;
      expect(await records()).toEqual([{ udid: 'leaver', logs: went, sessions: 0, finished: false }]);
      expect(await shown('personal')).toMatchObject({ devices: ['leaver'], hits: 6 - went });

      expect(await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin API', 2)).toEqual({
        udid: 'leaver',
        logs: 6,
        sessions: 2,
        issues: 1,
        keyChanges: 2,
      });
      expect(await records()).toEqual([{ udid: 'leaver', logs: 6, sessions: 2, finished: true }]);
      expect((await service.admin(`erasures?app=${DEMO_APP_KEY}`))[0].erased_by).toBe('admin API');
      expect((await shown('personal')).devices).toEqual([]);
    },
  );

  test.skipIf(kind === 'chdb')(
    'a step and its record commit together: a record that cannot be written erases nothing, and a last step whose record fails keeps the device',
    async () => {
      service = await createHarness({ store: kind });
      await sendDevice('leaver', 'personal', 2, 0);
      const postgres = service.db.startsWith('postgres');
      /** SIDELOG_DB refuses the records' writes `when`, with `condition`, as a full disk would. */
      const refuse = (when: string, condition = 'true') =>
        service.onDatabase(
          postgres
            ? `CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk is full'; END $$;
             CREATE TRIGGER refuse ${when} ON device_erasures FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION refuse();`
            : `CREATE TRIGGER refuse ${when} ON device_erasures WHEN ${condition}
             BEGIN SELECT RAISE(ABORT, 'disk is full'); END;`,
        );
      const allow = () =>
        service.onDatabase(
          postgres ? 'DROP TRIGGER refuse ON device_erasures; DROP FUNCTION refuse();' : 'DROP TRIGGER refuse;',
        );

      await refuse('BEFORE INSERT');
      await expect(eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin')).rejects.toThrow('disk is full');
      expect(await shown('personal')).toMatchObject({ devices: ['leaver'], hits: 4 });
      await allow();

      // The last step's deletes undone with its record's update. On ClickHouse the logs went before it, uncounted.
      const clickhouse = kind === 'clickhouse' || kind === 'chdb';
      await refuse('BEFORE UPDATE', 'new.finished = 1');
      await expect(eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin')).rejects.toThrow('disk is full');
      expect(await shown('personal')).toMatchObject({
        devices: ['leaver'],
        sessions: ['leaver', 'leaver'],
        hits: clickhouse ? 0 : 4,
      });
      expect(await records()).toEqual([{ udid: 'leaver', logs: 0, sessions: 0, finished: false }]);
      await allow();
      expect(await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin')).toMatchObject({ sessions: 2 });
      expect(await records()).toEqual([{ udid: 'leaver', logs: clickhouse ? 0 : 4, sessions: 2, finished: true }]);
    },
  );

  test("a notification of its issue that the webhook has not taken yet goes with it; another device's stays", async () => {
    service = await createHarness({ store: kind });
    // A webhook that answers nothing: what it is sent waits in the outbox (no notifier runs here).
    await service.store.setWebhook(
      DEMO_APP_KEY,
      { url: 'http://127.0.0.1:9/', origin: 'http://127.0.0.1' },
      new Date(),
    );
    const pending = async () => (await service.admin<{ pending: number }>(`webhooks?app=${DEMO_APP_KEY}`)).pending;
    // The leaver's issue opens the group: its notification names the leaver. The stayer's occurrence of it adds none.
    await sendDevice('leaver', 'personal', 2, 0);
    await sendDevice('stayer', 'kept', 2, 100);
    const answer = await service.wire('sendSession', sessionPayload('s-stayer-c', DEMO_APP_KEY, 'stayer'));
    const { id } = (await answer.json()) as { id: number };
    const issue = { uid: 'i-print', url: '', title: 'Printing failed', text: 'kept', type: 'issue', session_id: id };
    expect((await service.wire('sendIssue', issue)).status).toBe(200);
    expect(await pending()).toBe(2);

    await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin');
    expect(await pending()).toBe(1);
  });

  test('the admin erases through either API, and each erasure is recorded; a viewer is refused, and a device not there is a 404', async () => {
    service = await createHarness({ store: kind });
    await sendDevice('leaver', 'personal', 2, 0);
    await sendDevice('other', 'other', 2, 100);
    const viewer = await service.newViewer('support');
    const erase = async (cookie: string, udid: string) => {
      const answer = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}/devices/${udid}`, {
        method: 'DELETE',
        // A write the explorer's page makes (server/http/cross-site.ts).
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      });
      return [answer.status, await answer.json()];
    };
    expect(await erase(viewer, 'leaver')).toEqual([403, { error: "only the admin erases a device's data" }]);
    expect(await erase(await service.adminCookie(), 'leaver')).toEqual([
      200,
      { udid: 'leaver', logs: 4, sessions: 2, issues: 1, keyChanges: 2 } satisfies DeviceErasure,
    ]);
    expect(await erase(await service.adminCookie(), 'leaver')).toEqual([404, { error: 'no such device' }]);
    const admin = (udid: string) =>
      service.app.request(`/sidelog/admin/api/apps/${DEMO_APP_KEY}/devices/${udid}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      });
    expect(await (await admin('other')).json()).toEqual({
      udid: 'other',
      logs: 4,
      sessions: 2,
      issues: 1,
      keyChanges: 2,
    });
    expect((await admin('other')).status).toBe(404);
    expect((await shown('other')).devices).toEqual([]);

    // Each erasure's record, newest first, in either API; a viewer reads none.
    const records = [
      { app: DEMO_APP_KEY, udid: 'other', erased_by: 'admin API', logs: 4, sessions: 2, issues: 1, keyChanges: 2 },
      { app: DEMO_APP_KEY, udid: 'leaver', erased_by: 'admin', logs: 4, sessions: 2, issues: 1, keyChanges: 2 },
    ].map((record) => ({
      ...record,
      appId: APP_ID,
      finished: true,
      erased_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    }));
    const listed = await service.app.request(`${EXPLORER_API}/erasures`, {
      headers: { Cookie: await service.adminCookie() },
    });
    expect(await listed.json()).toEqual(records satisfies Omit<ErasureRecord, 'erased_at'>[]);
    expect(await service.admin(`erasures?app=${DEMO_APP_KEY}`)).toEqual(records);
    expect(await service.admin('erasures?app=another-app')).toEqual([]);
    const refused = await service.app.request(`${EXPLORER_API}/erasures`, { headers: { Cookie: viewer } });
    expect([refused.status, await refused.json()]).toEqual([403, { error: "only the admin erases a device's data" }]);
  });

  // An erasure request through the admin API alone, as a script would handle one: the devices whose key holds the
  // person's value now, each erased, then none left.
  test("the admin API finds the devices a person's key names, and erases them", async () => {
    service = await createHarness({ store: kind });
    await sendDevice('laptop', 'personal', 2, 0);
    await sendDevice('phone', 'personal', 2, 100);
    await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'phone', key: 'user_id', value: 'u-9' });
    const found = (value: string) =>
      service.admin<{ devices: { udid: string }[]; more: boolean }>(
        `apps/${DEMO_APP_KEY}/devices?key=user_id&value=${value}`,
      );
    expect(await found('u-2')).toMatchObject({ devices: [{ udid: 'laptop' }], more: false });
    await service.admin(`apps/${DEMO_APP_KEY}/devices/laptop`, { method: 'DELETE' });
    expect(await found('u-2')).toEqual({ devices: [], more: false });
    expect((await found('u-9')).devices.map(({ udid }) => udid)).toEqual(['phone']);
    const refused = async (path: string) => {
      const answer = await service.app.request(`/sidelog/admin/api/${path}`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      return [answer.status, await answer.json()];
    };
    expect(await refused(`apps/${DEMO_APP_KEY}/devices?value=u-9`)).toEqual([
      400,
      { error: `'key' must name a device key` },
    ]);
    expect(await refused(`apps/${DEMO_APP_KEY}/devices?key=user_id`)).toEqual([
      400,
      { error: `'value' must be the user's value of the identity key` },
    ]);
    expect(await refused('apps/no-such-app/devices?key=user_id&value=u-9')).toEqual([404, { error: 'no such app' }]);
  });

  // A batch or an issue whose session the collector found just before the device was erased (or another process found
  // less than a minute before, with the logs in ClickHouse) reaches the store just after it: the session's foreign key
  // refuses it, or on ClickHouse the batch's counts find no session and its logs go, and the client is told as of any
  // unknown session (docs/privacy.md#erasing-a-device).
  test('a write checked before the erasure and made after it is answered as for an unknown session, and nothing of it is kept', async () => {
    service = await createHarness({ store: kind });
    await sendDevice('leaver', 'personal', 2, 0);
    const session = (await service.store.session(DEMO_APP_KEY, 's-leaver-a'))!;
    await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin');
    // As the collector found it a moment before.
    service.store.sessionById = async () => session;
    const late = await lateWrites(session.id);
    expect(await Promise.all(late.map(async (answer) => [answer.status, await answer.json()]))).toEqual([
      [400, { error: 'unknown session_id' }],
      [400, { error: 'unknown session_id' }],
    ]);
    expect(await shown('personal')).toMatchObject({ devices: [], sessions: [], counted: 0 });
  });

  // A page still running on the device goes on sending while it is erased, and registers a new session when told its
  // session is unknown, as the engine does (docs/uploader.md): every log the explorer counts then is one it lists, each
  // of a session that is there, and nothing of an erased session stays.
  test('a device erased while it goes on sending: what the explorer counts it lists, each log of a session still there', async () => {
    service = await createHarness({ store: kind });
    // The same session registered again, as the engine does, and the user's key set now and then.
    const register = async () => {
      const answer = await service.wire('sendSession', sessionPayload('s-busy', DEMO_APP_KEY, 'busy'));
      statuses.add(answer.status);
      return ((await answer.json()) as { id: number }).id;
    };
    const statuses = new Set<number>();
    let session = await register();
    let sent = 0;
    let stop = false;
    const sender = (async () => {
      while (!stop) {
        const answer = await service.wire('sendLogs', { session_id: session, logs: logs(20, sent) });
        statuses.add(answer.status);
        if (answer.status === 400) session = await register();
        else sent += 20;
        if (sent % 100 === 0) {
          const key = { app_key: DEMO_APP_KEY, device_id: 'busy', key: 'user_id', value: `u-${sent}` };
          statuses.add((await service.wire('setDeviceKey', key)).status);
        }
      }
    })();
    while (sent < 200) await new Promise((resolve) => setImmediate(resolve));
    await eraseDevice(service.store, DEMO_APP_KEY, 'busy', 'admin', 50);
    const after = sent;
    while (sent < after + 100) await new Promise((resolve) => setImmediate(resolve));
    stop = true;
    await sender;
    await service.store.settled();

    const listed: { session_uid: string }[] = [];
    for (let before: string | null = ''; before !== null;) {
      const page: { logs: { session_uid: string }[]; next: string | null } = await explorer(
        `/logs?limit=500${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      listed.push(...page.logs);
      before = page.next;
    }
    expect([...statuses].every((status) => status === 200 || status === 400)).toBe(true);
    expect(listed.every((log) => log.session_uid === 's-busy')).toBe(true);
    expect((await explorer<{ count: number }>('/logs/count')).count).toBe(listed.length);
    expect(listed.length).toBeGreaterThanOrEqual(100);
  });

  // The device sets a key as it is erased: the collector takes the device's row, then the key's (setDeviceKey), and the
  // erasure takes the device's row first too. Here the key's transaction is held open between its two statements, the
  // erasure let wait on it, and the key's then goes on: taking the device's row after its keys', the erasure
  // deadlocked with it (PostgreSQL aborts one of the two, 40P01).
  test.runIf(kind === 'postgres')(
    'a key set as the device is erased: neither waits on the other for ever, and the key goes too',
    async () => {
      service = await createHarness({ store: kind });
      await sendDevice('leaver', 'personal', 2, 0);
      const tab = new pg.Client(service.db);
      const watch = new pg.Client(service.db);
      await Promise.all([tab.connect(), watch.connect()]);
      try {
        await tab.query('BEGIN');
        await tab.query(`UPDATE devices SET last_seen = last_seen WHERE app_key = $1 AND udid = 'leaver'`, [
          DEMO_APP_KEY,
        ]);
        const erasing = eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin');
        // Until the erasure waits on the tab's lock.
        for (;;) {
          const { rows } = await watch.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          if (rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await tab.query(
          `INSERT INTO device_keys (app_key, udid, key, value) VALUES ($1, 'leaver', 'user_id', '"u-3"')
           ON CONFLICT (app_key, udid, key) DO UPDATE SET value = excluded.value`,
          [DEMO_APP_KEY],
        );
        await tab.query('COMMIT');
        expect(await erasing).toMatchObject({ udid: 'leaver', sessions: 2 });
      } finally {
        await Promise.all([tab.end(), watch.end()]);
      }
      expect(await service.store.device(DEMO_APP_KEY, 'leaver')).toBeUndefined();
      expect(await service.store.deviceKeys(DEMO_APP_KEY, 'leaver')).toEqual([]);
    },
  );

  // On SQLite a placeholder of no app takes the id of the newest session erased (device-erasure.ts): a late write for
  // that session meets a session, but not the app's, and is refused all the same.
  test.runIf(kind === 'sqlite')(
    'a late write for an erased session whose id a placeholder holds now is refused, and nothing of it is kept',
    async () => {
      service = await createHarness({ store: kind });
      const stayer = await service.wire('sendSession', sessionPayload('s-stayer', DEMO_APP_KEY, 'stayer'));
      const stayerId = ((await stayer.json()) as { id: number }).id;
      await sendDevice('leaver', 'personal', 2, 0);
      // The newest log is another device's; the newest session, without a log yet, the erased device's.
      await service.wire('sendLogs', { session_id: stayerId, logs: logs(2, 500) });
      await service.wire('sendSession', sessionPayload('s-leaver-c', DEMO_APP_KEY, 'leaver'));
      const session = (await service.store.session(DEMO_APP_KEY, 's-leaver-c'))!;
      await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin');
      const db = new Database(service.db, { readonly: true });
      try {
        expect(db.prepare(`SELECT app_key FROM sessions WHERE id = ?`).pluck().get(session.id)).toBe('');
      } finally {
        db.close();
      }
      service.store.sessionById = async () => session;
      const late = await lateWrites(session.id);
      expect(late.map((answer) => answer.status)).toEqual([400, 400]);
      expect(await shown('personal')).toMatchObject({ devices: ['stayer'], counted: 2 });
      expect((await explorer<{ issues: unknown[] }>('/issues')).issues).toEqual([]);
    },
  );

  // The example of docs/privacy.md#erasing-a-device: its request as curl sends it, and its answer.
  test.runIf(kind === 'sqlite')('the example of docs/privacy.md', async () => {
    const example = /```\ncurl -X DELETE (.+) \\\n +http:\/\/127\.0\.0\.1:8080(\S+)\n(\{.+\})\n```/.exec(
      readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8'),
    )!;
    const headers = Object.fromEntries(
      [...example[1]!.matchAll(/-H ["']([^:]+): ([^"']+)["']/g)].map(([, name, value]) => [
        name!,
        value!.replace('$SIDELOG_ADMIN_TOKEN', ADMIN_TOKEN),
      ]),
    );
    const [, app, udid] = /apps\/([^/]+)\/devices\/(.+)$/.exec(example[2]!)!;
    service = await createHarness({ store: kind });
    await service.admin('apps', { json: { key: app } });
    await sendDevice(udid!, 'personal', 2, 0, app);
    const answer = await service.app.request(example[2]!, { method: 'DELETE', headers });
    expect(await answer.json()).toEqual(JSON.parse(example[3]!));
  });

  // SQLite gives a new row the highest id plus one: erasing the newest rows must not let their ids be given again.
  test.runIf(kind === 'sqlite')(
    "a device erased while its rows are the newest: the next device's rows get new ids, are found, and the placeholders show nowhere",
    async () => {
      service = await createHarness({ store: kind });
      await sendDevice('first', 'first', 2, 0);
      await sendDevice('leaver', 'personal', 2, 100);
      await service.store.settled();
      const tables = ['logs', 'sessions', 'issues', 'log_batches', 'device_key_changes'];
      const newest = () => {
        const db = new Database(service.db, { readonly: true });
        try {
          return Object.fromEntries(
            tables.map((table) => [table, db.prepare(`SELECT max(id) FROM ${table}`).pluck().get() as number]),
          );
        } finally {
          db.close();
        }
      };
      const before = newest();
      await eraseDevice(service.store, DEMO_APP_KEY, 'leaver', 'admin', 1);
      await sendDevice('next', 'following', 2, 200);
      await service.store.settled();
      const after = newest();
      for (const table of tables) expect(after[table], table).toBeGreaterThan(before[table]!);
      expect(await shown('following')).toEqual({
        devices: ['first', 'next'],
        sessions: ['first', 'first', 'next', 'next'],
        hits: 4,
        counted: 8,
        history: 0,
      });
      const groups = (await explorer<{ groups: { occurrences: number; devices: number }[] }>('/issue-groups')).groups;
      expect(groups).toEqual([expect.objectContaining({ occurrences: 2, devices: 2 })]);
      expect((await service.store.apps()).map((app) => app.key)).not.toContain('');
    },
  );
});
