// Mode C keeps its data in memory: when the page is hidden, what is not uploaded goes out at once with
// fetch keepalive, in chunks small enough for the browser's 64 KiB keepalive budget.
import { afterEach, expect, test } from 'vitest';
import { batchesOf, logsOf, newApp } from './collector.ts';
import { cleanUp, startModeC } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(cleanUp);

test('mode C sends what it holds when the page is hidden, in chunks under 64 KiB', async () => {
  const app = await newApp();
  const sidelog = await startModeC(app);
  const filler = 'ж'.repeat(400);
  for (let i = 0; i < 300; i++) sidelog.log(`line ${i}`, filler);
  await sidelog.settle();

  dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

  await expect.poll(async () => (await logsOf(app)).length, { timeout: 10_000 }).toBe(300);
  expect((await logsOf(app)).map((log) => log.t)).toEqual(Array.from({ length: 300 }, (_, i) => `line ${i} ${filler}`));
  // ~250 KB of logs: the ordinary uploader would have sent one batch of 300; keepalive sends several small ones.
  const batches = await batchesOf(app);
  expect(batches.length).toBeGreaterThanOrEqual(4);
  expect(batches.reduce((sum, batch) => sum + batch.count, 0)).toBe(300);
  await expect.poll(async () => (await internalsOf(sidelog).status()).pending.logs).toBe(0);
});
