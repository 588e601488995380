// Odd or refused data in real Chromium against the local collector: a poisoned line and a 6 MB tag are
// sanitised so that they and their neighbours arrive; a service refusing every batch (400 or 413) loses no line.
// A log refused for itself becomes a marker (tests/unit/worker/refused-batch.test.ts: this collector refuses no
// sanitised log, so only a service that refuses what it holds can show it).
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
    await expect
      .poll(async () => (await logsOf(app)).map((log) => log.t).sort(), POLL)
      .toEqual([...normal('before'), 'poisoned', ...normal('after')].sort());
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
    await expect
      .poll(async () => (await logsOf(app)).map((log) => log.t).sort(), POLL)
      .toEqual([...normal('before'), 'huge tag', ...normal('after')].sort());
    const tag = (await logsOf(app)).find((log) => log.t === 'huge tag')!.tg!;
    expect(tag.length).toBeLessThan(1_000);
    expect(tag.endsWith('…')).toBe(true);
    expect(
      (await requestsOf(app)).filter((request) => request.operation === 'sendLogs').map((request) => request.status),
    ).not.toContain(413);
  });
});

describe.each(['error-400', 'error-413'] as const)('the service answering %s to every batch', (fault) => {
  test('no line is lost: a refused marker shows the refusal is not about the data, and every line arrives once the service takes them', async () => {
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
      // Both refused, then the first alone, then the marker that would stand for it: refused too, so the run stops
      // there and both lines are kept, as for a 5xx.
      await sidelog.forceSendOnce();
      await expect
        .poll(
          async () => (await requestsOf(app)).filter((r) => r.operation === 'sendLogs' && r.status !== 200).length,
          POLL,
        )
        .toBe(3);
      expect((await internalsOf(sidelog).status()).pending.logs).toBe(2);
    } finally {
      await setFault(app, 'none');
    }
    sidelog.log('accepted after');
    await sidelog.settle();
    await sidelog.forceSendOnce();
    await expect
      .poll(async () => (await logsOf(app)).map((log) => log.t), POLL)
      .toEqual(['accepted first', 'refused warning', 'refused error', 'accepted after']);
    const logs = await logsOf(app);
    expect(logs.filter((log) => log.tg === REFUSED_LOG_TAG)).toEqual([]);
    expect(logs.map((log) => log.ll)).toEqual([LogLevel.Debug, LogLevel.Warning, LogLevel.Error, LogLevel.Debug]);
    expect(logs.map((log) => log.at)).toEqual([...logs.map((log) => log.at)].sort((a, b) => a - b));
    expect((await internalsOf(sidelog).status()).pending.logs).toBe(0);
  });
});
