// One formatter in every mode: the same values logged in modes A, B and C reach the collector as the same texts,
// whether the page cloned them to a worker (and turned the uncloneable ones into text on the way) or the engine in
// the page formatted them as they were.
import { afterEach, expect, test } from 'vitest';
import { logsOf, newApp } from './collector.ts';
import { cleanUp, MODES, startSidelog } from './sidelog.ts';

afterEach(cleanUp);

function values(): [string, unknown][] {
  const cycle: Record<string, unknown> = { name: 'cycle' };
  cycle.self = cycle;
  const node = document.createElement('button');
  node.id = 'pay';
  node.className = 'primary wide';
  const error = new Error('declined');
  error.stack = 'Error: declined\n    at pay (checkout.ts:12:3)';
  return [
    ['bigint', 10n],
    ['function', function onClick() {}],
    ['symbol', Symbol('token')],
    ['error', error],
    ['date', new Date(Date.UTC(2026, 10, 23, 12, 0, 0))],
    ['map', new Map([['a', 1]])],
    ['cycle', cycle],
    ['node', node],
    ['object holding all', { n: 10n, cb: function onClick() {}, el: node, when: new Date(Date.UTC(2026, 0, 1)) }],
  ];
}

/** The texts one mode delivers for `values()`, each logged after its name, in logging order. */
async function textsIn(hide: () => void, mode: string): Promise<string[]> {
  hide();
  const app = await newApp();
  const sidelog = await startSidelog(app);
  expect(sidelog.mode).toBe(mode);
  for (const [name, value] of values()) sidelog.log(name, value);
  // And as a sendLog field, which the engine turns into text with the same formatter.
  sidelog.sendLog({ text: 'field', tag: { n: 10n, cb: function onClick() {} } as unknown as string });
  await sidelog.forceSendOnce();
  let texts: string[] = [];
  await expect
    .poll(
      async () => (texts = (await logsOf(app)).map((log) => (log.tg ? `${log.t} [${log.tg}]` : (log.t ?? '')))).length,
      { timeout: 15_000 },
    )
    .toBe(values().length + 1);
  await cleanUp();
  return texts;
}

test('bigint, function, symbol, Error, Date, Map, cycles and a DOM node read the same in modes A, B and C', async () => {
  const byMode: Record<string, string[]> = {};
  for (const [mode, hide] of MODES) byMode[mode] = await textsIn(hide, mode);
  const expected = [
    'bigint 10n',
    'function [Function onClick]',
    'symbol Symbol(token)',
    'error Error: declined\n    at pay (checkout.ts:12:3)',
    'date "2026-11-23T12:00:00.000Z"',
    'map {}',
    'cycle {"name":"cycle","self":"[Circular]"}',
    'node <button#pay.primary.wide>',
    'object holding all {"n":"10n","cb":"[Function onClick]","el":"<button#pay.primary.wide>","when":"2026-01-01T00:00:00.000Z"}',
    'field [{"n":"10n","cb":"[Function onClick]"}]',
  ];
  for (const [mode] of MODES) expect(byMode[mode], mode).toEqual(expected);
});

test('an object changed one task after it was logged reads as it was logged, in modes A, B and C', async () => {
  for (const [mode, hide] of MODES.filter(([mode]) => mode !== 'A-dedicated')) {
    hide();
    const app = await newApp();
    const sidelog = await startSidelog(app);
    expect(sidelog.mode).toBe(mode);
    const cart = { n: 1, items: ['tea'] };
    sidelog.log('cart', cart);
    // The next task: the call's buffer has gone to the engine (on a microtask); the engine has not stored it yet.
    await new Promise((resolve) => setTimeout(resolve, 0));
    cart.n = 2;
    cart.items.push('cake');
    await sidelog.forceSendOnce();
    await expect
      .poll(async () => (await logsOf(app)).map((log) => log.t), { timeout: 15_000, message: mode })
      .toEqual(['cart {"n":1,"items":["tea"]}']);
    await cleanUp();
  }
});
