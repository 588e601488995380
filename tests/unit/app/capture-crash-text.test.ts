import { describe, expect, test } from 'vitest';
import { crashText, readableReason } from '../../../app/logging/capture/crash-text.ts';

describe('crash text', () => {
  test('has the lines Error, URL, Line and Stack in that order', () => {
    expect(
      crashText({
        message: 'boom',
        url: 'http://shop.test/app.js',
        line: 3,
        stack: 'Error: boom\n    at f (app.js:3:1)',
      }),
    ).toBe('Error: boom\nURL: http://shop.test/app.js\nLine: 3\nStack: Error: boom\n    at f (app.js:3:1)');
  });

  test('says N/A for what is missing; line 0 is the browser saying it does not know', () => {
    expect(crashText({})).toBe('Error: N/A\nURL: N/A\nLine: N/A\nStack: N/A');
    expect(crashText({ message: '', url: '', line: 0, stack: '' })).toBe('Error: N/A\nURL: N/A\nLine: N/A\nStack: N/A');
  });
});

describe('a readable reason', () => {
  test('for an Error is its message, or its name when it has none', () => {
    expect(readableReason(new RangeError('too far'))).toBe('too far');
    expect(readableReason(new RangeError())).toBe('RangeError');
  });

  test('for anything else is the value itself, as JSON where that says more', () => {
    expect(readableReason('timed out')).toBe('timed out');
    expect(readableReason({ code: 503 })).toBe('{"code":503}');
    expect(readableReason(42)).toBe('42');
    expect(readableReason(null)).toBe('null');
    expect(readableReason(undefined)).toBe('undefined');
    expect(readableReason(10n)).toBe('10');
    expect(readableReason(Symbol('gone'))).toBe('Symbol(gone)');
  });

  test('for a value JSON cannot hold is still some text', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(readableReason(cyclic)).toBe('[object Object]');
    expect(readableReason(Object.create(null))).toBe('[object Object]');
  });
});
