// Each built-in detector on its own (docs/privacy.md#built-ins): what it finds, and the near misses it must leave,
// then the near misses every built-in together must leave.
import { describe, expect, test } from 'vitest';
import { DEFAULT_REDACT, type BuiltInName } from '../../../protocol/index.ts';
import { createRedactor } from '../../../protocol/redact/redactor.ts';
import { passesIbanCheck, passesLuhn } from '../../../protocol/redact/checksums.ts';

const only = (name: BuiltInName) => createRedactor({ builtIns: [name], rules: [] });
const all = createRedactor(DEFAULT_REDACT);

/** [text, as redacted]: a found value in the middle of a line, as logs hold them. */
type Row = [text: string, redacted: string];

const TABLES: Record<BuiltInName, { found: Row[]; left: string[] }> = {
  email: {
    found: [
      ['login ivan.petrov@partner-shop.ru ok', 'login [email] ok'],
      ['"email":"Ivan_Petrov+tag@mail.example.co.uk"', '"email":"[email]"'],
      ['иван@почта.рф пишет', '[email] пишет'],
      ['<a.b-c@sub.domain-name.org>', '<[email]>'],
      ['to: x@y.io, z@w.com', 'to: [email], [email]'],
      ['git@github.com:org/repo', '[email]:org/repo'],
    ],
    left: [
      'a@b',
      'if (a@b) return',
      'user@localhost',
      'react@18.2.0',
      '@scope/package@1.4.2',
      'icon@2x.png',
      'logo@3x.webp',
      '@username',
      'mail@',
      '@example.com',
    ],
  },
  card: {
    found: [
      ['paid with 4111 1111 1111 1111 today', 'paid with [card] today'],
      ['4111111111111111', '[card]'],
      ['card=5500-0000-0000-0004;', 'card=[card];'],
      ['amex 378282246310005', 'amex [card]'],
      ['mir 2200 0000 0000 0004', 'mir [card]'],
      ['"number":"6011111111111117"', '"number":"[card]"'],
      ['4111 1111 1111 1111 12/25', '[card] 12/25'],
    ],
    left: [
      // Order numbers: a wrong check digit, or no card's first digit.
      'order 4111111111111112 shipped',
      'order 100000345678901 shipped',
      'order ORD-2024-000123',
      '9000000000000000',
      // Timestamps in milliseconds start with 1 until 2286.
      'at 1732450000000',
      // A decimal's fraction, and a longer number.
      'ratio 0.4111111111111111',
      '41111111111111111111111',
      'phone 8 912 345 67 89',
      '2024-11-24',
    ],
  },
  iban: {
    found: [
      ['IBAN DE89 3704 0044 0532 0130 00 EUR', 'IBAN [iban] EUR'],
      ['DE89370400440532013000', '[iban]'],
      ['GB82 WEST 1234 5698 7654 32', '[iban]'],
      ['to BE68 5390 0754 7034 EUR', 'to [iban] EUR'],
      ['NO9386011117947', '[iban]'],
      ['RU0204452560040702810412345678901', '[iban]'],
    ],
    left: [
      'DE89 3704 0044 0532 0130 01',
      'DE00370400440532013000',
      'SKU AB12CDEF34567890',
      'de89370400440532013000',
      'GB82 WEST 12',
    ],
  },
  jwt: {
    found: [
      [
        'token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c end',
        'token [jwt] end',
      ],
      ['cookie=eyJhbGciOiJub25lIn0.eyJ1c2VyIjoxfQ.', 'cookie=[jwt]'],
    ],
    left: ['eyJ', 'eyJhbGciOiJIUzI1NiJ9', 'word.eyJ.x', 'keyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoxfQ.x'],
  },
  credential: {
    found: [
      ['Authorization: Bearer abcdef1234567890', 'Authorization: Bearer [credential]'],
      ['authorization: bearer Zm9vYmFyYmF6cXV4', 'authorization: bearer [credential]'],
      ['Basic dXNlcjpwYXNzd29yZA==', 'Basic [credential]'],
      ['BEARER opaque-token-with-no-digits-at-all', 'BEARER [credential]'],
    ],
    left: ['Basic plan', 'bearer of bad news', 'Basic information', 'the Bearer token expired', 'Bearer abc123'],
  },
  secret: {
    found: [
      ['https://shop.ru/cb?code=a1b2c3&state=xyz', 'https://shop.ru/cb?code=[secret]&state=xyz'],
      ['/api?page=2&api_key=K123&sort=asc', '/api?page=2&api_key=[secret]&sort=asc'],
      ['/reset?token=abc&next=/', '/reset?token=[secret]&next=/'],
      ['#access_token=ya29.a0Af&expires_in=3599', '#access_token=[secret]&expires_in=3599'],
      ['?X-Amz-Signature=9f2c&X-Amz-Credential=AKIA', '?X-Amz-Signature=[secret]&X-Amz-Credential=[secret]'],
      ['?password=hunter2', '?password=[secret]'],
      [
        '    at pay (https://cdn.shop.ru/app.js?token=t0ken:12:3)',
        '    at pay (https://cdn.shop.ru/app.js?token=[secret]:12:3)',
      ],
      ['?sessionId=77&auth=1', '?sessionId=[secret]&auth=[secret]'],
      ['{"login":"ivan","password":"hunter2"}', '{"login":"ivan","password":"[secret]"}'],
      ['{"apiKey":"k-123","refresh_token":"r\\"x"}', '{"apiKey":"[secret]","refresh_token":"[secret]"}'],
    ],
    left: [
      '?keyboard=us&zipcode=12345&page=2',
      '?monkey=1',
      '?token=',
      'price=100&currency=RUB',
      '{"key":"user_id","code":"ENOENT","session":"morning"}',
      '{"event":"input","id":"password","selector":"input#password"}',
      'password is required',
    ],
  },
  phone: {
    found: [
      ['call +7 (912) 345-67-89 now', 'call [phone] now'],
      ['+79123456789', '[phone]'],
      ['tel:+44 20 7946 0958', 'tel:[phone]'],
      ['+1-202-555-0143.', '[phone].'],
      ['+33 1.23.45.67.89', '[phone]'],
      // The Russian national form, as partners write it.
      ['звоните 8 (912) 345-67-89', 'звоните [phone]'],
      ['8 912 345 67 89', '[phone]'],
      ['8-912-345-67-89.', '[phone].'],
      ['тел.8(812)555-12-34', 'тел.[phone]'],
      ['(812) 555-12-34, доб. 12', '[phone], доб. 12'],
      ['8 (727) 244-55-66', '[phone]'],
      ['(495) 123 45 67', '[phone]'],
      // Bracketed, the code tells it: the seven digits may run together.
      ['тел. 8(912)3456789.', 'тел. [phone].'],
      ['(812)5551234', '[phone]'],
      ['7 912 345-67-89', '[phone]'],
      ['8 800 555-35-35', '[phone]'],
    ],
    left: [
      'x +1',
      '+100500',
      'UTC+03:00',
      '2024-11-24T10:00:00+03:00',
      'score +1234567',
      '1+2345678901',
      // National forms without the grouping that tells a phone from other numbers, or inside a longer run.
      '89123456789',
      '8 912 3456789',
      'order 18 912 345 67 89',
      'ids 1 8 912 345 67 89',
      '8 912 345 67 89 10',
      'v8 912 345-67-89',
      '9 912 345-67-89',
      '(030) 1234 5678',
      // Lists of numbers of that grouping, whose second is no Russian or Kazakh code.
      'sizes 8 128 256 64 32',
      'ids: 7 100 200 30 40',
      'at 8 123 456 78 90 ms',
    ],
  },
};

describe.each(Object.entries(TABLES) as [BuiltInName, (typeof TABLES)[BuiltInName]][])(
  'the %s built-in',
  (name, table) => {
    test.each(table.found)('finds %j', (text, redacted) => {
      expect(only(name)(text)).toBe(redacted);
      expect(all(text)).toBe(redacted);
    });

    test.each(table.left)('leaves %j', (text) => {
      expect(only(name)(text)).toBe(text);
    });
  },
);

describe('near misses every built-in together leaves', () => {
  test.each([
    'order ORD-2024-000123 total 4 500,00 RUB',
    'order #100000345678 and #4111111111111112',
    'on 2024-11-24, 24.11.2024 and 11/24/2024',
    'at 2024-11-24T10:00:00.000+03:00',
    'ts 1732450000000, unix 1732450000',
    'version 1.4.12, v2.0.0-rc.1, react@18.2.0',
    'uuid 550e8400-e29b-41d4-a716-446655440000',
    'uuid 41111111-1111-1111-1111-111111111111',
    'const ok = a@b && c;',
    'from 192.168.1.12 and ::1 and 2001:db8::8a2e:370:7334',
    'hex ids 5f3a9c0e1b2d4f6a8c0e, 64b7c1e0f2a3d4c5b6a79801',
    'sha 3f786850e387550fdab836ed7e6dc881de23001b',
    'GET /v1/orders/100000?page=2&sort=desc 200 in 45 ms',
    'TypeError: x is undefined\n    at OrderCard (https://portal.example.com/assets/index-5f3a9c.js:12:34)',
    '{"event":"click","tag":"button","id":"save","text":"Сохранить","selector":"button#save"}',
    'bf_ui_event {"event":"input","value":"•••••@•••••.••"}',
    '[email] [card] [iban] [jwt] [credential] [secret] [phone]',
  ])('%j', (text) => {
    expect(all(text)).toBe(text);
  });
});

describe('check digits', () => {
  test('Luhn', () => {
    expect(['4111111111111111', '5500000000000004', '378282246310005', '79927398713'].map(passesLuhn)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['4111111111111112', '79927398710', '1234567812345678'].map(passesLuhn)).toEqual([false, false, false]);
  });

  test('IBAN, mod 97', () => {
    expect(['DE89370400440532013000', 'GB82WEST12345698765432', 'NO9386011117947'].map(passesIbanCheck)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['DE89370400440532013001', 'GB82WEST1234569876543!', 'XX00'].map(passesIbanCheck)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
