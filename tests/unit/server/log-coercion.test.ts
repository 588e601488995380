// The per-log coercion table (server/collector/wire-validation.ts coerceLog): a log is stored with what can be made of each
// field, and skipped only when it cannot be stored at all.
import { describe, expect, test } from 'vitest';
import { coerceLog, displayText } from '../../../server/collector/wire-validation.ts';

const AT = 1_790_000_000_000;
const X = new Date(AT).toISOString();
const stored = (log: Record<string, unknown>) => {
  const result = coerceLog({ x: X, at: AT, ...log });
  if (!result.ok) throw new Error(`skipped: ${result.reason}`);
  return result.log;
};

describe('coercion of one log', () => {
  test.each([
    ['a non-integer line is rounded', { l: 12.5 }, { l: 13 }],
    ['a numeric string line becomes its number', { l: '7' }, { l: 7 }],
    ['a null line (NaN on the wire) is dropped', { l: null }, {}],
    ['a line that is an object is dropped', { l: { n: 1 } }, {}],
    ['a line past 2^53 is dropped', { l: 1e300 }, {}],
    ['a level in range is kept', { ll: 5 }, { ll: 5 }],
    ['a level of 1.2 is rounded', { ll: 1.2 }, { ll: 1 }],
    ['a level out of range is dropped', { ll: 9 }, {}],
    ['a level that is text is dropped', { ll: 'error' }, {}],
    ['a number for text becomes its text', { t: 5 }, { t: '5' }],
    ['a boolean tag becomes its text', { tg: true }, { tg: 'true' }],
    ['an object for text becomes its JSON', { t: { toString: 1 } }, { t: '{"toString":1}' }],
    ['null text is dropped', { t: null, m: null }, {}],
    ['a lone surrogate becomes U+FFFD', { t: 'a\uD800b' }, { t: 'a\uFFFDb' }],
    ['a pair of surrogates stays', { t: '😀' }, { t: '😀' }],
    ['fields the format does not know are not stored', { extra: 1 }, {}],
  ])('%s', (_case, given, expected) => {
    expect(stored(given)).toEqual({ x: X, at: AT, ...expected });
  });

  test('without x, x is the ISO time of at', () => {
    expect(coerceLog({ at: AT, t: 'a' })).toEqual({ ok: true, log: { x: X, at: AT, t: 'a' } });
  });

  test('without at, at is the time x names', () => {
    expect(coerceLog({ x: X, t: 'a' })).toEqual({ ok: true, log: { x: X, at: AT, t: 'a' } });
  });

  test('an at past the dates JavaScript knows gives way to the time x names', () => {
    expect(coerceLog({ x: X, at: 1e300, t: 'a' })).toEqual({ ok: true, log: { x: X, at: AT, t: 'a' } });
    expect(coerceLog({ x: X, at: -8.64e15 - 1, t: 'a' })).toEqual({ ok: true, log: { x: X, at: AT, t: 'a' } });
  });

  test('an at at the edge of the dates JavaScript knows is kept', () => {
    expect(coerceLog({ at: 8.64e15 })).toEqual({ ok: true, log: { x: new Date(8.64e15).toISOString(), at: 8.64e15 } });
  });

  test.each([
    ['null', null],
    ['a string', 'line'],
    ['an array', [1, 2]],
    ['an object with no time at all', { t: 'a' }],
    ['an at of 1e400 (Infinity once parsed) and no x', { at: Infinity, t: 'a' }],
    ['an at that is text and no x', { at: 'soon', x: 'soon' }],
    ['an at past the dates JavaScript knows, and no x', { at: 1e300, t: 'a' }],
  ])('%s is skipped, with a reason', (_case, given) => {
    expect(coerceLog(given)).toEqual({ ok: false, reason: expect.any(String) });
  });
});

describe('display text', () => {
  test('any JSON value can be shown', () => {
    expect([displayText('a'), displayText(1), displayText(false), displayText(null), displayText(undefined)]).toEqual([
      'a',
      '1',
      'false',
      undefined,
      undefined,
    ]);
    expect(displayText({ toString: 1 })).toBe('{"toString":1}');
    expect(displayText(['\uDC00'])).toBe('["\\udc00"]');
  });
});
