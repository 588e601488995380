import { describe, expect, test } from 'vitest';
import { FIELD_CAPS, LogLevel, sanitiseDeviceKey, sanitiseIssue, sanitiseLog } from '../../../protocol/index.ts';

const base = { x: '2026-11-22T10:00:00.000Z', at: 1 };

describe('sanitising before storage (docs/limits.md#sanitising)', () => {
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

  test('a field that cannot be stringified is removed; a cyclic one reads as a log argument would', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const unprintable = {
      toString: () => {
        throw new Error('no');
      },
      toJSON: () => {
        throw new Error('no');
      },
    };
    expect(sanitiseLog({ ...base, t: 'kept', tg: cyclic, m: unprintable })).toEqual({
      ...base,
      t: 'kept',
      tg: '{"self":"[Circular]"}',
    });
    expect(sanitiseLog({ ...base, t: unprintable })).toEqual(base);
  });

  test('a line becomes an integer or is removed', () => {
    expect(sanitiseLog({ ...base, l: '42' }).l).toBe(42);
    expect(sanitiseLog({ ...base, l: 7 }).l).toBe(7);
    expect(sanitiseLog({ ...base, l: 1.5 }).l).toBe(1);
    expect(sanitiseLog({ ...base, l: '12.9' }).l).toBe(12);
    expect(sanitiseLog({ ...base, l: -0.5 }).l).toBe(0);
    expect(Object.is(sanitiseLog({ ...base, l: -0.5 }).l, 0)).toBe(true);
    expect(sanitiseLog({ ...base, l: 10n }).l).toBe(10);
    expect(sanitiseLog({ ...base, l: 1e300 })).not.toHaveProperty('l');
    expect(sanitiseLog({ ...base, l: Infinity })).not.toHaveProperty('l');
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

  test('tag, method, file and url are each capped at their documented limit, with the ellipsis', () => {
    const huge = 'x'.repeat(6_000_000);
    const log = sanitiseLog({ ...base, t: 'short', tg: huge, m: huge, f: huge, u: huge });
    expect(log.tg).toBe('x'.repeat(FIELD_CAPS.tag) + '…');
    expect(log.m).toBe('x'.repeat(FIELD_CAPS.method) + '…');
    expect(log.f).toBe('x'.repeat(FIELD_CAPS.file) + '…');
    expect(log.u).toBe('x'.repeat(FIELD_CAPS.url) + '…');
    expect(log.t).toBe('short');
    expect(sanitiseLog({ ...base, tg: 'x'.repeat(FIELD_CAPS.tag) }).tg).toHaveLength(FIELD_CAPS.tag);
  });

  test('device key names and text values, issue titles and texts are capped', () => {
    const huge = 'k'.repeat(100_000);
    expect(sanitiseDeviceKey(huge, huge)).toEqual({
      key: 'k'.repeat(FIELD_CAPS.deviceKeyName) + '…',
      value: 'k'.repeat(FIELD_CAPS.deviceKeyValue) + '…',
    });
    expect(sanitiseDeviceKey('o', { big: huge }).value).toHaveLength(FIELD_CAPS.deviceKeyValue + 1);
    const issue = sanitiseIssue({ title: huge, text: 'k'.repeat(FIELD_CAPS.issueText + 5), type: 'issue', uuid: 'u' });
    expect(issue.title).toBe('k'.repeat(FIELD_CAPS.issueTitle) + '…');
    expect(issue.text).toHaveLength(FIELD_CAPS.issueText + 1);
  });
});
