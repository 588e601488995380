// What reaches the collector, and when: batches, order, the guard's rules, forced sends, sessions.
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { batchesOf, deviceKeysOf, issuesOf, logsOf, newApp, requestsOf, sessionsOf } from './collector.ts';
import { cleanUp, startQuickSidelog, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';
import { ISSUE_LOG_TAG, STORAGE_KEYS } from '../../../protocol/limits.ts';

afterEach(cleanUp);

const POLL = { timeout: 20_000, interval: 200 };

describe('uploads', () => {
  test('1,200 logs arrive as batches of at most 500, in order, with strictly increasing at', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    // Only this session's: lines an earlier test file left stored under a cleared localStorage (no app id to tell
    // them from this app's) are sent too, in their own sessions (docs/storage.md#app-change).
    const session = sessionStorage.getItem(STORAGE_KEYS.sessionUuid);
    const ours = async () => (await logsOf(app)).filter((log) => log.session_uid === session);
    for (let i = 0; i < 1200; i++) sidelog.log(`line ${i}`, { i });
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await ours()).length, POLL).toBe(1200);
    const logs = await ours();
    expect(logs.map((log) => log.t)).toEqual(Array.from({ length: 1200 }, (_, i) => `line ${i} {"i":${i}}`));
    for (let i = 1; i < logs.length; i++) expect(logs[i].at).toBeGreaterThan(logs[i - 1].at);
    expect((await batchesOf(app)).filter((batch) => batch.session_uid === session).map((batch) => batch.count)).toEqual(
      [500, 500, 200],
    );
  });

  test('an app the service does not know stores nothing and sends nothing', async () => {
    const app = `unknown-${crypto.randomUUID()}`;
    const sidelog = await startSidelog(app);
    await expect.poll(async () => (await internalsOf(sidelog).status()).isAppValid, POLL).toBe(false);
    sidelog.log('not for an unknown app');
    await sidelog.settle();
    expect((await internalsOf(sidelog).status()).pending.logs).toBe(0);
    await sidelog.forceSendOnce();
    expect((await requestsOf(app)).map((request) => request.operation)).not.toContain('sendLogs');
  });

  test('a device the service has not enabled keeps its logs until an issue forces one send', async () => {
    const app = await newApp(false);
    // The uploader runs on its own every 15 s; the quick worker's, every 250 ms.
    const sidelog = await startQuickSidelog(app);
    sidelog.log('kept until an issue');
    await sidelog.settle();
    // Let one run pass, and see that it kept the log.
    const runs = (await internalsOf(sidelog).status()).uploadRuns;
    await expect.poll(async () => (await internalsOf(sidelog).status()).uploadRuns, POLL).toBeGreaterThan(runs);
    expect((await internalsOf(sidelog).status()).pending.logs).toBe(1);
    expect(await logsOf(app)).toEqual([]);

    const url = await sidelog.sendIssue('Корзина не открывается', 'Нажал «Купить», ничего не произошло');
    await expect.poll(async () => (await issuesOf(app)).length, POLL).toBe(1);
    const [issue] = await issuesOf(app);
    expect(issue).toMatchObject({
      title: 'Корзина не открывается',
      text: 'Нажал «Купить», ничего не произошло',
      type: 'issue',
      url,
    });
    expect(url).toMatch(/\/sidelog\/intent\/[A-Za-z0-9_-]{10}\/issue\/[0-9a-f-]{36}$/);
    // The session had an issue, so its logs went with it, the issue's own line last (its uid, as Bugfender's SDK
    // writes it: docs/api.md#issues-crashes-and-feedback).
    await expect
      .poll(async () => (await logsOf(app)).map((log) => [log.t, log.tg ?? null, log.ll]), POLL)
      .toEqual([
        ['kept until an issue', null, 0],
        [url.split('/').at(-1), ISSUE_LOG_TAG, 2],
      ]);
  });

  test('device keys are sent once the device may be processed, and a removal sends null', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    sidelog.setDeviceKey('user_id', 42);
    sidelog.setDeviceKey('plan', { tier: 'gold' });
    sidelog.removeDeviceKey('plan');
    await sidelog.forceSendOnce();
    await expect
      .poll(async () => (await deviceKeysOf(app)).map((row) => [row.key, row.value]), POLL)
      .toEqual([
        ['user_id', 42],
        ['plan', '{"tier":"gold"}'],
        ['plan', null],
      ]);
  });

  test('a session is registered before its issues and logs, and sessions no tab holds are deleted once empty', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    // A session left by a tab that has gone away, with nothing pending.
    const db = new Dexie('bf_sdk');
    await db.open();
    const ours = (await db.table('sessions').toArray())[0] as { payload: Record<string, unknown> };
    await db.table('sessions').put({ uuid: 'gone-tab', payload: { ...ours.payload, session_uid: 'gone-tab' } });
    db.close();

    sidelog.log('with an issue');
    await sidelog.sendIssue('Title', 'Text');
    // The line, and the issue's own.
    await expect.poll(async () => (await logsOf(app)).length, POLL).toBe(2);
    const operations = (await requestsOf(app)).map((request) => request.operation);
    const registered = operations.indexOf('sendSession');
    expect(registered).toBeGreaterThanOrEqual(0);
    expect(registered).toBeLessThan(operations.indexOf('sendIssue'));
    expect(registered).toBeLessThan(operations.indexOf('sendLogs'));
    await expect.poll(async () => (await internalsOf(sidelog).status()).pending.sessions, POLL).toBe(1);
    expect((await sessionsOf(app)).length).toBeGreaterThanOrEqual(1);
  });
});
