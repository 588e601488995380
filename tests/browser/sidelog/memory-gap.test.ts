// Mode C over the in-memory cap: the oldest logs give way to one gap entry that reaches the service.
import { afterEach, expect, test } from 'vitest';
import { GAP_LOG_TAG, IN_MEMORY_LOG_CAP } from '../../../protocol/index.ts';
import { logsOf, newApp, setFault } from './collector.ts';
import { cleanUp, hideLocks, hideWorkers, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(cleanUp);

test('mode C over 3000 logs sends a gap entry with the start and end of what it dropped', async () => {
  hideWorkers();
  hideLocks();
  const app = await newApp();
  await setFault(app, 'error-500', ['sendLogs']);
  try {
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe('C');
    const total = IN_MEMORY_LOG_CAP + 5;
    for (let i = 0; i < total; i++) sidelog.log(`line ${i}`);
    await sidelog.settle();
    expect((await internalsOf(sidelog).status()).pending.logs).toBeLessThanOrEqual(IN_MEMORY_LOG_CAP);

    await setFault(app, 'none');
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await logsOf(app)).length, { timeout: 30_000 }).toBe(total - 9);
    const logs = await logsOf(app);
    // Lines 0 to 9 gave way to one gap entry in the place of line 0.
    expect(logs[0].tg).toBe(GAP_LOG_TAG);
    const gap = JSON.parse(logs[0].t!) as { start: number; end: number };
    expect(logs.slice(1).map((log) => log.t)).toEqual(Array.from({ length: total - 10 }, (_, i) => `line ${i + 10}`));
    expect(gap.start).toBe(logs[0].at);
    expect(gap.end).toBeLessThan(logs[1].at);
    expect(gap.end - gap.start).toBeGreaterThanOrEqual(9);
  } finally {
    await setFault(app, 'none');
  }
});
