// A failing, slow or lying service leaves the data stored, and it all arrives once the service recovers. The engine runs
// on the quick worker, whose requests are given up after 1 s: a hanging service is waited for that long, not 10 s.
import { afterEach, describe, expect, test } from 'vitest';
import { logsOf, newApp, requestsOf, setFault, type Fault } from './collector.ts';
import { cleanUp, startQuickSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(async () => {
  await cleanUp();
});

const POLL = { timeout: 30_000, interval: 250 };

describe.each<Fault>(['error-500', 'hang', 'non-json'])('the service answering %s', (fault) => {
  test('deletes nothing, and delivers everything once it recovers', async () => {
    const app = await newApp();
    await setFault(app, fault, ['sendLogs']);
    try {
      const sidelog = await startQuickSidelog(app);
      for (let i = 0; i < 20; i++) sidelog.log(`kept ${i}`);
      await sidelog.forceSendOnce();
      // The forced run tried and failed.
      await expect
        .poll(async () => (await requestsOf(app)).filter((r) => r.operation === 'sendLogs').length, POLL)
        .toBeGreaterThan(0);
      await expect.poll(async () => (await internalsOf(sidelog).status()).uploadRuns, POLL).toBeGreaterThan(0);
      expect((await internalsOf(sidelog).status()).pending.logs).toBe(20);

      await setFault(app, 'none');
      await sidelog.forceSendOnce();
      await expect
        .poll(async () => (await logsOf(app)).map((log) => log.t), POLL)
        .toEqual(Array.from({ length: 20 }, (_, i) => `kept ${i}`));
      await expect.poll(async () => (await internalsOf(sidelog).status()).pending.logs, POLL).toBe(0);
    } finally {
      await setFault(app, 'none');
    }
  });
});
