import { expect, test } from 'vitest';
import { LogLevel } from '../../../protocol/index.ts';
import { formatParts, parseCallSite, toStoredLog } from '../../../worker/format.ts';

test('arguments are joined as a console shows them: strings as they are, objects as JSON', () => {
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  expect(formatParts(['cart', { items: 3 }, 4, null, undefined, true, [1, 'x']])).toBe(
    'cart {"items":3} 4 null undefined true [1,"x"]',
  );
  // A bigint, a function and a symbol read the same on their own as inside an object.
  expect(formatParts([cyclic, 10n, { n: 10n }])).toBe('{"a":1,"self":"[Circular]"} 10n {"n":"10n"}');
  expect(formatParts([function onClick() {}, { cb: function onClick() {} }, Symbol('s')])).toBe(
    '[Function onClick] {"cb":"[Function onClick]"} Symbol(s)',
  );
  expect(formatParts([new TypeError('bad')])).toMatch(/^TypeError: bad/);
});

test('the call site comes from the first frame of a V8 or Gecko stack', () => {
  expect(
    parseCallSite('Error\n    at checkout (http://127.0.0.1:8080/assets/cart.js:12:7)\n    at main (x.js:1:1)'),
  ).toEqual({
    method: 'checkout',
    file: 'http://127.0.0.1:8080/assets/cart.js',
    line: 12,
    column: 7,
  });
  expect(parseCallSite('Error\n    at http://127.0.0.1:8080/app.js:40:3')).toEqual({
    method: undefined,
    file: 'http://127.0.0.1:8080/app.js',
    line: 40,
    column: 3,
  });
  expect(parseCallSite('pay@http://127.0.0.1/app.js:5:9\n')).toEqual({
    method: 'pay',
    file: 'http://127.0.0.1/app.js',
    line: 5,
    column: 9,
  });
  expect(parseCallSite('no frames here')).toEqual({});
});

test('a raw log becomes a sanitised record of the session', () => {
  const stored = toStoredLog(
    {
      at: 1_700_000_000_001,
      x: 1_700_000_000_000,
      ll: LogLevel.Warning,
      p: ['low stock', { sku: 'A1' }],
      s: 'Error\n    at pick (https://x/app.js:3:1)',
      u: 'https://x/',
    },
    'session-1',
  );
  expect(stored).toEqual({
    sessionUUID: 'session-1',
    x: '2023-11-14T22:13:20.000Z',
    at: 1_700_000_000_001,
    t: 'low stock {"sku":"A1"}',
    m: 'pick',
    f: 'https://x/app.js',
    l: 3,
    lc: 1,
    ll: LogLevel.Warning,
    u: 'https://x/',
  });
  // Explicit fields (sendLog) win over a stack, and odd values are sanitised.
  expect(
    toStoredLog({ at: 2, x: 2, ll: 9 as LogLevel, t: 'x'.repeat(32_005), tg: 5, l: '17', f: 'file.ts' }, 's'),
  ).toEqual({
    sessionUUID: 's',
    x: new Date(2).toISOString(),
    at: 2,
    t: 'x'.repeat(32_000) + '…',
    tg: '5',
    f: 'file.ts',
    l: 17,
  });
});
