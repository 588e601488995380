// The browser database (docs/storage.md#browser-database) in real IndexedDB: the schema and version, a round trip, the V1
// upgrade, and the app change that clears all four tables.
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { LogLevel, STORAGE_KEYS, type SessionPayload } from '../../../protocol/index.ts';
import { createDexieStorage } from '../../../worker/storage/dexie-storage.ts';
import { addLogs, sessionOf } from '../../helpers/storage.ts';
import { logsOf, newApp } from './collector.ts';
import { cleanUp, hideWorkers, startSidelog } from './sidelog.ts';

afterEach(cleanUp);

const testDatabase = () => `bf_sdk_test_${crypto.randomUUID()}`;
const payload = { session_uid: 's1' } as SessionPayload;

describe('the Dexie storage', () => {
  test('opens IndexedDB version 20 with its four tables (docs/storage.md#browser-database)', async () => {
    const name = testDatabase();
    const storage = createDexieStorage(name);
    await storage.countLogs();
    storage.close();
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    expect(raw.version).toBe(20);
    expect([...raw.objectStoreNames].sort()).toEqual(['devicekeys', 'issues', 'logs', 'sessions']);
    const logs = raw.transaction('logs').objectStore('logs');
    expect([logs.keyPath, logs.autoIncrement, [...logs.indexNames]]).toEqual(['id', true, ['sessionUUID']]);
    expect(raw.transaction('sessions').objectStore('sessions').keyPath).toBe('uuid');
    raw.close();
  });

  test('keeps what it is given: logs in order, issues, device keys and sessions, and deletes by id', async () => {
    const storage = createDexieStorage(testDatabase());
    const ids = await addLogs(storage, [
      { sessionUUID: 's1', x: '2026-11-22T10:00:00.000Z', at: 1, t: 'first', ll: LogLevel.Info },
      { sessionUUID: 's2', x: '2026-11-22T10:00:00.001Z', at: 2, t: 'other session' },
      {
        sessionUUID: 's1',
        x: '2026-11-22T10:00:00.002Z',
        at: 3,
        t: 'second',
        tg: 'cart',
        f: 'app.js',
        l: 4,
        m: 'pay',
        u: 'http://x/',
      },
    ]);
    expect(ids).toHaveLength(3);
    expect((await storage.oldestLogs('s1', 10)).map((log) => log.t)).toEqual(['first', 'second']);
    expect((await storage.oldestLogs('s1', 10))[1]).toMatchObject({
      tg: 'cart',
      f: 'app.js',
      l: 4,
      m: 'pay',
      u: 'http://x/',
    });
    expect((await storage.oldestLogsOfAll(2)).map((log) => log.t)).toEqual(['first', 'other session']);

    await storage.addIssue({ sessionUUID: 's1', data: { title: 'T', text: 'X', type: 'crash', uuid: 'u1' } });
    await storage.addDeviceKey({ sessionUUID: 's1', data: { key: 'user_id', value: 42 } });
    await storage.ensureSession({ uuid: 's1', payload });
    await storage.setSessionId('s1', 9);
    await storage.ensureSession({ uuid: 's1', payload });
    expect(await storage.issues('s1')).toMatchObject([{ data: { title: 'T', text: 'X', type: 'crash', uuid: 'u1' } }]);
    expect(await storage.deviceKeys('s1')).toMatchObject([{ data: { key: 'user_id', value: 42 } }]);
    expect(await sessionOf(storage, 's1')).toEqual({ uuid: 's1', id: 9, payload });

    await storage.deleteLogs([ids[0]]);
    expect([await storage.countLogs('s1'), await storage.countLogs()]).toEqual([1, 2]);
    storage.close();
  });

  test('deletes a session only while none of its logs, issues or device keys is stored, in one transaction', async () => {
    const storage = createDexieStorage(testDatabase());
    const session = (uuid: string) => ({ uuid, payload: { ...payload, session_uid: uuid } });
    for (const uuid of ['logs', 'issue', 'key', 'empty']) await storage.ensureSession(session(uuid));
    await addLogs(storage, [{ sessionUUID: 'logs', x: '2026-11-22T10:00:00.000Z', at: 1, t: 'kept' }]);
    await storage.addIssue({ sessionUUID: 'issue', data: { title: 'T', text: 'X', type: 'crash', uuid: 'u1' } });
    await storage.addDeviceKey({ sessionUUID: 'key', data: { key: 'user_id', value: 42 } });
    const deleted = await Promise.all(
      ['logs', 'issue', 'key', 'empty'].map((uuid) => storage.deleteSessionIfEmpty(uuid)),
    );
    expect(deleted).toEqual([false, false, false, true]);
    expect((await storage.sessions()).map((record) => record.uuid).sort()).toEqual(['issue', 'key', 'logs']);
    storage.close();
  });

  test('deletes exactly the logs it is named, a whole uploaded batch at once or around a log of another session', async () => {
    const storage = createDexieStorage(testDatabase());
    const log = (sessionUUID: string, t: string) => ({ sessionUUID, x: '2026-11-22T10:00:00.000Z', at: 1, t });
    const [a, b, , d, e] = await addLogs(storage, [
      log('s1', 'a'),
      log('s1', 'b'),
      log('s2', 'other tab'),
      log('s1', 'd'),
      log('s1', 'e'),
    ]);
    await storage.deleteLogs([a, b]);
    expect((await storage.oldestLogsOfAll(10)).map((row) => row.t)).toEqual(['other tab', 'd', 'e']);
    // b is gone already, and the range from it to e holds the other tab's log.
    await storage.deleteLogs([d, e, b]);
    expect((await storage.oldestLogsOfAll(10)).map((row) => row.t)).toEqual(['other tab']);
    await addLogs(storage, [log('s1', 'f')]);
    await storage.deleteLogs([a, e + 1]);
    expect((await storage.oldestLogsOfAll(10)).map((row) => row.t)).toEqual(['other tab']);
    storage.close();
  });

  test('reads the logs of a session after a given one, in order, past logs of other sessions between them', async () => {
    const storage = createDexieStorage(testDatabase());
    const log = (sessionUUID: string, t: string) => ({ sessionUUID, x: '2026-11-22T10:00:00.000Z', at: 1, t });
    const [a, , b, , , c] = await addLogs(storage, [
      log('s1', 'a'),
      log('s2', 'x'),
      log('s1', 'b'),
      log('s2', 'y'),
      log('s2', 'z'),
      log('s1', 'c'),
    ]);
    const after = async (id: number) => (await storage.logsAfter('s1', id, 2)).map((row) => row.t);
    expect(await after(0)).toEqual(['a']);
    expect(await after(a)).toEqual(['b']);
    // The next two rows are the other tab's: the session's next log is found all the same.
    expect(await after(b)).toEqual(['c']);
    expect(await after(c)).toEqual([]);
    storage.close();
  });

  test('upgrades a real V1 database (version 10): an issue stored under markdown comes out under text', async () => {
    const name = testDatabase();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 10);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const table of ['devicekeys', 'issues', 'logs']) {
          db.createObjectStore(table, { keyPath: 'id', autoIncrement: true }).createIndex('sessionUUID', 'sessionUUID');
        }
        db.createObjectStore('sessions', { keyPath: 'uuid' });
        request.transaction!.objectStore('issues').add({
          sessionUUID: 'old',
          data: { title: 'Оплата не прошла', markdown: '**Карта** отклонена', type: 'issue', uuid: 'legacy' },
        });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });

    const storage = createDexieStorage(name);
    expect(await storage.issues('old')).toEqual([
      {
        id: 1,
        sessionUUID: 'old',
        data: { title: 'Оплата не прошла', text: '**Карта** отклонена', type: 'issue', uuid: 'legacy' },
      },
    ]);
    storage.close();
  });
});

describe('an app change', () => {
  test('clears all four tables, the stored ids and the device data, and stores the new app id', async () => {
    hideWorkers(); // mode B: the engine runs in the page, so this test can read the same database
    const first = await newApp(false);
    const before = await startSidelog(first);
    before.log('from the first app');
    before.setDeviceKey('user_id', 7);
    await before.sendIssue('first app issue', 'text');
    await before.settle();
    const db = new Dexie('bf_sdk');
    await db.open();
    const count = (table: string) => db.table(table).count();
    expect(await count('logs')).toBeGreaterThan(0);
    const firstAppId = localStorage.getItem(STORAGE_KEYS.appId);
    const firstUdid = localStorage.getItem(STORAGE_KEYS.deviceUdid);
    const firstSession = sessionStorage.getItem(STORAGE_KEYS.sessionUuid);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceData)!)).toEqual({ user_id: 7 });
    await before.close();

    const second = await newApp(false);
    const after = await startSidelog(second);
    await after.settle();
    expect(localStorage.getItem(STORAGE_KEYS.appId)).not.toBe(firstAppId);
    expect(localStorage.getItem(STORAGE_KEYS.deviceUdid)).not.toBe(firstUdid);
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionUuid)).not.toBe(firstSession);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceData) ?? '{}')).toEqual({});
    expect([await count('logs'), await count('issues'), await count('devicekeys')]).toEqual([0, 0, 0]);
    // Only the new tab's session is left.
    expect((await db.table('sessions').toArray()).map((session) => session.uuid)).toEqual([
      sessionStorage.getItem(STORAGE_KEYS.sessionUuid),
    ]);
    db.close();
  });
});

describe('a first visit whose app id never reached the disk', () => {
  test('is not an app change: the data the browser database kept stays, and is delivered', async () => {
    hideWorkers(); // mode B, so this test reads the same database
    const app = await newApp(false);
    const first = await startSidelog(app);
    first.log('stored before the crash');
    await first.settle();
    await first.close();
    // What a browser killed within a second or two of a first visit leaves: IndexedDB on disk, localStorage not.
    localStorage.removeItem(STORAGE_KEYS.appId);

    const again = await startSidelog(app);
    await again.settle();
    const db = new Dexie('bf_sdk');
    await db.open();
    expect((await db.table('logs').toArray()).map((log) => log.t)).toContain('stored before the crash');
    db.close();
    expect(localStorage.getItem(STORAGE_KEYS.appId)).not.toBeNull();
  });

  test("starts a new session: the tab's may be another app's, whose service id would send its logs astray", async () => {
    const otherApp = await newApp();
    const other = await startSidelog(otherApp);
    const otherSession = sessionStorage.getItem(STORAGE_KEYS.sessionUuid);
    other.log('the other app');
    // Delivered before the tab forgets which app it was: a line still stored when localStorage is cleared cannot be
    // told from this app's own (a browser killed before localStorage reached the disk), so it is kept and sent with
    // it (docs/storage.md#app-change).
    await other.forceSendOnce();
    await expect
      .poll(async () => (await logsOf(otherApp)).map((log) => log.t), { timeout: 15_000 })
      .toEqual(['the other app']);
    await other.close();
    // localStorage cleared under the tab (by the page, or by another app of the origin); sessionStorage kept.
    localStorage.clear();

    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionUuid)).not.toBe(otherSession);
    sidelog.log('this app');
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await logsOf(app)).map((log) => log.t), { timeout: 15_000 }).toEqual(['this app']);
  });
});
