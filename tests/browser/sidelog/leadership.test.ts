// Mode A with dedicated Workers: one engine per tab, and the tabs elect one uploader with Web Locks.
// Two clients in one page stand for two tabs: each starts its own Worker, and each gets its own
// session (a tab's session id lives in sessionStorage, which the two would otherwise share).
import { afterEach, expect, test } from 'vitest';
import { STORAGE_KEYS } from '../../../protocol/index.ts';
import { logsOf, newApp, requestsOf } from './collector.ts';
import { cleanUp, hideSharedWorker, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(cleanUp);

async function startTab(app: string) {
  sessionStorage.removeItem(STORAGE_KEYS.sessionUuid);
  return startSidelog(app);
}

test('one engine leads; a forced send asked of another reaches the leader, and everything arrives once', async () => {
  hideSharedWorker();
  const app = await newApp(false);
  const first = await startTab(app);
  const second = await startTab(app);
  expect([first.mode, second.mode]).toEqual(['A-dedicated', 'A-dedicated']);
  await expect
    .poll(async () =>
      [(await internalsOf(first).status()).isLeader, (await internalsOf(second).status()).isLeader].sort(),
    )
    .toEqual([false, true]);
  const follower = (await internalsOf(first).status()).isLeader ? second : first;

  first.log('from the first tab');
  second.log('from the second tab');
  await Promise.all([first.settle(), second.settle()]);
  // The device is not enabled, so only a forced send uploads; the follower asks the leader for it.
  await follower.forceSendOnce();
  await expect
    .poll(async () => (await logsOf(app)).map((log) => log.t).sort(), { timeout: 15_000 })
    .toEqual(['from the first tab', 'from the second tab']);
  expect(new Set((await logsOf(app)).map((log) => log.session_uid)).size).toBe(2);
  expect((await requestsOf(app)).filter((request) => request.operation === 'sendLogs').length).toBeGreaterThanOrEqual(
    1,
  );
});

test('when the leader closes, another engine takes over the uploads', async () => {
  hideSharedWorker();
  const app = await newApp(false);
  const first = await startTab(app);
  await expect.poll(async () => (await internalsOf(first).status()).isLeader).toBe(true);
  const second = await startTab(app);
  expect((await internalsOf(second).status()).isLeader).toBe(false);
  await first.close();
  // Its worker is gone: what still needs it is refused, not left waiting for ever.
  await expect(first.forceSendOnce()).rejects.toThrow('Sidelog has been closed.');
  await expect.poll(async () => (await internalsOf(second).status()).isLeader).toBe(true);
  second.log('after the hand-over');
  await second.forceSendOnce();
  await expect
    .poll(async () => (await logsOf(app)).map((log) => log.t), { timeout: 15_000 })
    .toEqual(['after the hand-over']);
});
