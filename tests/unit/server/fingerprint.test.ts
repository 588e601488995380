// Issue fingerprints (docs/explorer.md#the-fingerprint): type, title with what varies as <*>, and a crash's top frame.
import { describe, expect, test } from 'vitest';
import { issueFingerprint, topFrameOf } from '../../../server/analysis/fingerprint.ts';

const crash = (title: string, stack: string) => ({
  type: 'crash',
  title,
  text: `Error: ${title}\nURL: https://shop.example/cart\nLine: 3\nStack: ${stack}`,
});

describe('the top frame', () => {
  test.each([
    [
      'V8, named',
      'TypeError: x\n    at payOrder (https://shop.example/assets/index-3fA9xQ1b.js:10:5)\n    at main (https://shop.example/a.js:1:1)',
      'payOrder (/assets/index-<*>.js)',
    ],
    ['V8, anonymous', 'Error: x\n    at https://shop.example/app.js?v=3:10:5', '<anonymous> (/app.js)'],
    ['Firefox', 'payOrder@https://shop.example/app.js:10:5\n@https://shop.example/app.js:1:1', 'payOrder (/app.js)'],
    ['none', 'N/A', ''],
  ])('%s', (_, stack, frame) => {
    expect(topFrameOf(stack)).toBe(frame);
  });
});

describe('the fingerprint', () => {
  test('is the same for issues that differ only in what varies, and in the line of their frame', () => {
    const a = issueFingerprint(crash('Order 8812 not found', '    at load (https://shop.example/app.js:10:5)'));
    const b = issueFingerprint(crash('Order 17 not found', '    at load (https://shop.example/app.js:99:1)'));
    expect(a).toEqual(b);
    expect(a.title).toBe('Order <*> not found');
    expect(a.topFrame).toBe('load (/app.js)');
  });

  test('differs by type, by title and by a crash’s top frame', () => {
    const base = issueFingerprint(
      crash('Order 1 not found', '    at load (https://shop.example/app.js:10:5)'),
    ).fingerprint;
    expect(issueFingerprint({ ...crash('Order 1 not found', ''), type: 'issue' }).fingerprint).not.toBe(base);
    expect(
      issueFingerprint(crash('Cart 1 not found', '    at load (https://shop.example/app.js:10:5)')).fingerprint,
    ).not.toBe(base);
    expect(
      issueFingerprint(crash('Order 1 not found', '    at save (https://shop.example/app.js:10:5)')).fingerprint,
    ).not.toBe(base);
  });

  test('reads no frame in the text of an issue or feedback', () => {
    const text = 'at load (https://shop.example/app.js:10:5)';
    expect(issueFingerprint({ type: 'issue', title: 'Slow', text }).topFrame).toBe('');
  });
});
