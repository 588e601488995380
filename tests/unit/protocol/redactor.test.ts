// The redaction function (docs/privacy.md#redaction): the app's rules after the built-ins, every text field of what the
// engine stores, redaction before the cut, and texts made to make a pattern backtrack (docs/privacy.md#cost).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_REDACT,
  FIELD_CAPS,
  LOG_TEXT_CAP,
  resolveOptions,
  sanitiseDeviceKey,
  sanitiseIssue,
  sanitiseLog,
} from '../../../protocol/index.ts';
import { createRedactor } from '../../../protocol/redact/redactor.ts';

const defaults = createRedactor(DEFAULT_REDACT);
const withRules = (redact: unknown) =>
  createRedactor(resolveOptions({ appKey: 'key', redact }, { origin: 'http://127.0.0.1', deviceName: 'test' }).redact);

describe("the app's rules", () => {
  test('replace what they match with [name], after the built-ins, with their own flags and groups', () => {
    const redact = withRules({
      rules: [
        { name: 'order', pattern: 'ORD-(\\d{4})-(\\d{6})' },
        { name: 'contract', pattern: /contract no\. \d+/i },
      ],
    });
    expect(redact('ORD-2024-000123 for ivan@shop.ru under Contract No. 77')).toBe(
      '[order] for [email] under [contract]',
    );
  });

  test('builtIns names the ones that run; false runs none', () => {
    const text = 'ivan@shop.ru +7 912 345 67 89';
    expect(withRules({ builtIns: ['phone'] })(text)).toBe('ivan@shop.ru [phone]');
    expect(withRules({ builtIns: false })(text)).toBe(text);
    expect(
      withRules({ builtIns: false, rules: [{ name: 'name', pattern: 'Иван Петров' }] })('Иван Петров, ivan@shop.ru'),
    ).toBe('[name], ivan@shop.ru');
  });

  test('a rule that matches nothing at some place (a lookahead alone) moves on rather than stopping there', () => {
    const redact = withRules({ builtIns: false, rules: [{ name: 'x', pattern: '(?=a)|b+' }] });
    expect(redact('abba')).toBe('a[x]a');
  });

  test('a text nothing matches comes back as the same string', () => {
    const text = 'cart opened {"items":3}';
    expect(defaults(text)).toBe(text);
  });

  test('redacting twice changes nothing more', () => {
    const text =
      'ivan@shop.ru paid 4111 1111 1111 1111 from DE89 3704 0044 0532 0130 00, call +7 912 345 67 89, ?token=abc';
    expect(defaults(defaults(text))).toBe(defaults(text));
  });
});

describe('what the engine stores is redacted, field by field', () => {
  const base = { x: '2024-11-24T10:00:00.000Z', at: 1 };

  test("a log's text, tag, method, file and URL", () => {
    const log = sanitiseLog(
      {
        ...base,
        t: 'user {"email":"ivan@shop.ru"}',
        tg: 'ivan@shop.ru',
        m: 'pay4111111111111111',
        f: 'https://cdn.shop.ru/app.js?token=abc',
        u: 'https://shop.ru/reset?token=s3cr3t&lang=ru',
      },
      defaults,
    );
    expect(log).toEqual({
      ...base,
      t: 'user {"email":"[email]"}',
      tg: '[email]',
      // A card number must stand apart from letters to count as one.
      m: 'pay4111111111111111',
      f: 'https://cdn.shop.ru/app.js?token=[secret]',
      u: 'https://shop.ru/reset?token=[secret]&lang=ru',
    });
  });

  test('a text the app asked for as typed (v) is left; the rest of its line is not', () => {
    const log = sanitiseLog(
      { ...base, t: '{"value":"ivan@shop.ru"}', v: true, u: 'https://shop.ru/?token=s' },
      defaults,
    );
    expect(log).toMatchObject({ t: '{"value":"ivan@shop.ru"}', u: 'https://shop.ru/?token=[secret]' });
  });

  test('issue and feedback titles and texts; device-key names and values', () => {
    expect(
      sanitiseIssue(
        { title: 'From ivan@shop.ru', text: 'Call me: +7 912 345 67 89', type: 'user-feedback', uuid: 'u' },
        defaults,
      ),
    ).toEqual({
      title: 'From [email]',
      text: 'Call me: [phone]',
      type: 'user-feedback',
      uuid: 'u',
    });
    expect(sanitiseDeviceKey('ivan@shop.ru', '+7 912 345 67 89', defaults)).toEqual({
      key: '[email]',
      value: '[phone]',
    });
    expect(sanitiseDeviceKey('card', 4111111111111111, defaults)).toEqual({ key: 'card', value: '[card]' });
    expect(sanitiseDeviceKey('vip', true, defaults)).toEqual({ key: 'vip', value: true });
  });

  test('a text is redacted before it is cut: a card at the cap is not left half', () => {
    const text = `${'x'.repeat(LOG_TEXT_CAP - 8)} 4111111111111111`;
    const { t } = sanitiseLog({ ...base, t: text }, defaults);
    expect(t).toBe(`${'x'.repeat(LOG_TEXT_CAP - 8)} [card]`);
    const url = `https://shop.ru/${'p'.repeat(FIELD_CAPS.url - 30)}?token=abcdefghijklmnopqrstuvwxyz`;
    expect(sanitiseLog({ ...base, u: url }, defaults).u).not.toMatch(/abcdef/);
  });
});

describe('texts made to make a pattern backtrack (docs/privacy.md#cost)', () => {
  // A million characters each. Every built-in does bounded work at each position, so each takes milliseconds; a pattern
  // that backtracked quadratically would take minutes here (10^12 steps), an exponential one for ever: the test would
  // not end within its time.
  const MILLION = 1_000_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(MILLION / unit.length));
  const texts: Record<string, string> = {
    'one long word': fill('a'),
    'addresses without a domain': fill('a@'),
    'a domain without a top-level domain': `x@${fill('a.')}1`,
    'labels of dashes': fill(`x@${'a-'.repeat(40)}.`),
    'a long local part': `${fill('a.')}@b.png`,
    'digits without end': fill('4'),
    'digits and spaces': fill('4 '),
    'digits and dashes': fill('4-'),
    'IBAN starts': fill('DE89 '),
    'IBAN-like runs': fill('AB12'),
    'JWT headers': fill('eyJ'),
    'JWT parts': fill(`eyJ${'a'.repeat(20)}.`),
    'Bearer without a token': fill('Bearer '),
    'query names without values': fill('?token'),
    'query separators': fill('?&'),
    'JSON quotes': fill('"'),
    'JSON names without values': fill('"password":'),
    'an unclosed JSON string': `"password":"${fill('\\')}`,
    'pluses and digits': fill('+1 '),
    'phone brackets': fill('+7 (9'),
    'national phones without their last group': fill('8 (912) 345-67-'),
    'national phones in a run': fill('8 912 345 67 89 '),
  };

  test.each(Object.entries(texts))('%s', (_name, text) => {
    expect(typeof defaults(text)).toBe('string');
  });
});

describe('docs/privacy.md#examples', () => {
  // Each row of the table there, `text` → `stored as`, holds with the default rules.
  const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/privacy.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Examples'), doc.indexOf('\n## ', doc.indexOf('## Examples') + 1));
  const rows = [...section.matchAll(/^\| `([^`]*)` \| `([^`]*)` \|/gm)].map(
    ([, text, stored]) => [text, stored] as const,
  );

  test('the table is there', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  test.each(rows)('%j', (text, stored) => {
    expect(defaults(text)).toBe(stored);
  });
});
