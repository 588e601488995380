import { describe, expect, test } from 'vitest';
import { LogLevel, sanitiseDeviceKey, sanitiseIssue, sanitiseLog } from '../../../protocol/index.ts';

const base = { x: '2026-11-22T10:00:00.000Z', at: 1 };

describe('sanitising before storage (spec §5)', () => {
  test('device key names are stringified; values stay if boolean, number or string, else are stringified', () => {
    expect(sanitiseDeviceKey(42, true)).toEqual({ key: '42', value: true });
    expect(sanitiseDeviceKey('n', 3.5)).toEqual({ key: 'n', value: 3.5 });
    expect(sanitiseDeviceKey('s', 'text')).toEqual({ key: 's', value: 'text' });
    expect(sanitiseDeviceKey('o', { tier: 'gold' })).toEqual({ key: 'o', value: '{"tier":"gold"}' });
    expect(sanitiseDeviceKey('u', undefined)).toEqual({ key: 'u', value: 'undefined' });
    expect(sanitiseDeviceKey('d', new Date(0))).toEqual({ key: 'd', value: '"1970-01-01T00:00:00.000Z"' });
  });

  test('issue title and text are stringified', () => {
    expect(sanitiseIssue({ title: 404, text: { why: 'gone' }, type: 'issue', uuid: 'u' })).toEqual({
      title: '404',
      text: '{"why":"gone"}',
      type: 'issue',
      uuid: 'u',
    });
  });

  test('tag, method, file, text and url are stringified', () => {
    expect(sanitiseLog({ ...base, tg: 7, m: ['a'], f: true, t: { a: 1 }, u: 12 })).toEqual({
      ...base,
      tg: '7',
      m: '["a"]',
      f: 'true',
      t: '{"a":1}',
      u: '12',
    });
  });

  test('a field that cannot be stringified is removed', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const unprintable = { toString: () => { throw new Error('no'); }, toJSON: () => { throw new Error('no'); } };
    expect(sanitiseLog({ ...base, t: 'kept', tg: cyclic, m: unprintable })).toEqual({ ...base, t: 'kept', tg: '[object Object]' });
    expect(sanitiseLog({ ...base, t: unprintable })).toEqual(base);
  });

  test('a non-numeric line is converted to a number or removed', () => {
    expect(sanitiseLog({ ...base, l: '42' }).l).toBe(42);
    expect(sanitiseLog({ ...base, l: 7 }).l).toBe(7);
    expect(sanitiseLog({ ...base, l: 'forty' })).not.toHaveProperty('l');
    expect(sanitiseLog({ ...base, l: '' })).not.toHaveProperty('l');
    expect(sanitiseLog({ ...base, l: NaN })).not.toHaveProperty('l');
    expect(sanitiseLog({ ...base, l: {} })).not.toHaveProperty('l');
  });

  test('a level outside the six known values is converted or removed', () => {
    expect(sanitiseLog({ ...base, ll: LogLevel.Fatal }).ll).toBe(5);
    expect(sanitiseLog({ ...base, ll: '2' }).ll).toBe(LogLevel.Error);
    expect(sanitiseLog({ ...base, ll: 'warn' }).ll).toBe(LogLevel.Warning);
    expect(sanitiseLog({ ...base, ll: 'Info' }).ll).toBe(LogLevel.Info);
    expect(sanitiseLog({ ...base, ll: 9 })).not.toHaveProperty('ll');
    expect(sanitiseLog({ ...base, ll: 1.5 })).not.toHaveProperty('ll');
    expect(sanitiseLog({ ...base, ll: 'loud' })).not.toHaveProperty('ll');
  });

  test('log text is cut at 32000 characters with an ellipsis appended', () => {
    const long = 'я'.repeat(40_000);
    const { t } = sanitiseLog({ ...base, t: long });
    expect(t).toHaveLength(32_001);
    expect(t!.endsWith('я…')).toBe(true);
    expect(sanitiseLog({ ...base, t: 'я'.repeat(32_000) }).t).toHaveLength(32_000);
  });
});
