// Odd or refused data in real Chromium against the local collector: a poisoned line and a 6 MB tag are
// sanitised so that they and their neighbours arrive; a batch the service refuses (400 or 413) becomes markers
// instead of blocking the session for ever.
import { afterEach, describe, expect, test } from 'vitest';
import { LogLevel, REFUSED_LOG_TAG } from '../../../protocol/index.ts';
import { logsOf, newApp, requestsOf, setFault } from './collector.ts';
import { cleanUp, startSidelog } from './sidelog.ts';
import { internalsOf } from '../../../app/logging/internals.ts';

afterEach(cleanUp);

const POLL = { timeout: 30_000, interval: 250 };
const normal = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix} ${i}`);

describe('odd fields among ten normal lines', () => {
  test('a line number of 1.5 is sent as 1, and every line arrives once', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    for (const text of normal('before')) sidelog.log(text);
    sidelog.sendLog({ text: 'poisoned', line: 1.5, file: 'pay.js' });
    for (const text of normal('after')) sidelog.log(text);
    await sidelog.settle();
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await logsOf(app)).map((log) => log.t).sort(), POLL).toEqual(
      [...normal('before'), 'poisoned', ...normal('after')].sort(),
    );
    expect((await logsOf(app)).find((log) => log.t === 'poisoned')).toMatchObject({ l: 1, f: 'pay.js' });
  });

  test('a 6 MB tag is cut to its limit, and every line arrives once', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    for (const text of normal('before')) sidelog.log(text);
    sidelog.sendLog({ text: 'huge tag', tag: 't'.repeat(6_000_000) });
    for (const text of normal('after')) sidelog.log(text);
    await sidelog.settle();
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await logsOf(app)).map((log) => log.t).sort(), POLL).toEqual(
      [...normal('before'), 'huge tag', ...normal('after')].sort(),
    );
    const tag = (await logsOf(app)).find((log) => log.t === 'huge tag')!.tg!;
    expect(tag.length).toBeLessThan(1_000);
    expect(tag.endsWith('…')).toBe(true);
    expect((await requestsOf(app)).filter((request) => request.operation === 'sendLogs').map((request) => request.status)).not.toContain(413);
  });
});

describe.each(['error-400', 'error-413'] as const)('the service answering %s to every batch', (fault) => {
  test('the first refused line becomes a marker with its time and level; the refused marker stops the run, and the rest waits for the service', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app);
    sidelog.log('accepted first');
    await sidelog.settle();
    await sidelog.forceSendOnce();
    await expect.poll(async () => (await logsOf(app)).map((log) => log.t), POLL).toEqual(['accepted first']);

    await setFault(app, fault, ['sendLogs']);
    try {
      sidelog.warn('refused warning');
      sidelog.error('refused error');
      await sidelog.settle();
      // Both refused, then the first alone: it becomes a marker. Marker and second line refused, then the marker
      // alone: a marker refused in turn shows the refusal is not about the data, so the run stops there and the
      // second line is kept, as for a 5xx.
      await sidelog.forceSendOnce();
      await expect.poll(async () => (await requestsOf(app)).filter((r) => r.operation === 'sendLogs' && r.status !== 200).length, POLL).toBe(4);
      expect((await internalsOf(sidelog).status()).pending.logs).toBe(2);
    } finally {
      await setFault(app, 'none');
    }
    sidelog.log('accepted after');
    await sidelog.settle();
    await sidelog.forceSendOnce();
    const shown = (log: { t?: string; tg?: string }) => (log.tg === REFUSED_LOG_TAG ? REFUSED_LOG_TAG : log.t);
    await expect.poll(async () => (await logsOf(app)).map(shown), POLL).toEqual([
      'accepted first',
      REFUSED_LOG_TAG,
      'refused error',
      'accepted after',
    ]);
    const [marker] = (await logsOf(app)).filter((log) => log.tg === REFUSED_LOG_TAG);
    expect(marker.ll).toBe(LogLevel.Warning);
    expect(marker.t).toMatch(new RegExp(`^Sidelog: the service refused this log \\(${fault.slice(6)}: injected fault`));
    const logs = await logsOf(app);
    expect(logs.map((log) => log.at)).toEqual([...logs.map((log) => log.at)].sort((a, b) => a - b));
    expect((await internalsOf(sidelog).status()).pending.logs).toBe(0);
  });
});
