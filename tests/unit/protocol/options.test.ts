import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  BUILT_IN_NAMES,
  resolveOptions,
  validateDeviceKey,
  validateOptions,
  validateTitle,
} from '../../../protocol/index.ts';

const env = { origin: 'http://127.0.0.1:8080', deviceName: 'Chromium 156 (Linux)' };

describe('validateOptions (docs/api.md#options)', () => {
  test.each([undefined, null, {}, { appKey: undefined }, { appKey: '' }])('appKey is required: %j', (options) => {
    expect(() => validateOptions(options)).toThrow(new Error("Sidelog requires 'appKey' option to initialize."));
  });

  test.each(['appKey', 'apiURL', 'build', 'baseURL', 'deviceName', 'version', 'workerURL'])(
    "'%s' must be a string",
    (name) => {
      expect(() => validateOptions({ appKey: 'key', [name]: 42 })).toThrow(
        new Error(`'${name}' option must be a string.`),
      );
    },
  );

  test.each(['apiURL', 'baseURL'])("'%s' must start with http:// or https://", (name) => {
    expect(() => validateOptions({ appKey: 'key', [name]: 'ftp://logs.example.com' })).toThrow(
      new Error(`'${name}' option must be a valid URL.`),
    );
    expect(() => validateOptions({ appKey: 'key', [name]: '/relative' })).toThrow(
      new Error(`'${name}' option must be a valid URL.`),
    );
    expect(validateOptions({ appKey: 'key', [name]: 'HTTPS://Logs.Example.com' })).toMatchObject({
      [name]: 'HTTPS://Logs.Example.com',
    });
    expect(validateOptions({ appKey: 'key', [name]: 'http://127.0.0.1' })).toMatchObject({
      [name]: 'http://127.0.0.1',
    });
  });

  test.each([
    'debug',
    'overrideConsoleMethods',
    'printToConsole',
    'logBrowserEvents',
    'logUIEvents',
    'logWebVitals',
    'registerErrorHandler',
    'captureCallSite',
  ])("'%s' must be a boolean", (name) => {
    expect(() => validateOptions({ appKey: 'key', [name]: 'yes' })).toThrow(
      new Error(`'${name}' option must be a boolean.`),
    );
    expect(validateOptions({ appKey: 'key', [name]: false })).toMatchObject({ [name]: false });
  });

  test("'recordInputValues' is one of 'masked', 'none' or 'all'", () => {
    for (const value of ['masked', 'none', 'all'])
      expect(validateOptions({ appKey: 'key', recordInputValues: value })).toMatchObject({ recordInputValues: value });
    for (const value of ['mask', true, 0, null]) {
      expect(() => validateOptions({ appKey: 'key', recordInputValues: value })).toThrow(
        new Error("'recordInputValues' option must be one of 'masked', 'none' or 'all'."),
      );
      expect(readFileSync(resolve(import.meta.dirname, '../../../docs/errors.md'), 'utf8')).toContain(
        "`'recordInputValues' option must be one of 'masked', 'none' or 'all'.`",
      );
    }
  });

  test("'logNetworkRequests' is 'all', 'failures' or false", () => {
    for (const value of ['all', 'failures', false])
      expect(validateOptions({ appKey: 'key', logNetworkRequests: value })).toMatchObject({
        logNetworkRequests: value,
      });
    for (const value of [true, 'failed', 'none', 0, null]) {
      expect(() => validateOptions({ appKey: 'key', logNetworkRequests: value })).toThrow(
        new Error("'logNetworkRequests' option must be 'all', 'failures' or false."),
      );
    }
    expect(readFileSync(resolve(import.meta.dirname, '../../../docs/errors.md'), 'utf8')).toContain(
      "`'logNetworkRequests' option must be 'all', 'failures' or false.`",
    );
  });

  test('undefined options are dropped', () => {
    expect(validateOptions({ appKey: 'key', apiURL: undefined, debug: undefined })).toEqual({ appKey: 'key' });
  });

  test('blank build and version are dropped so that the defaults apply', () => {
    expect(validateOptions({ appKey: 'key', build: '', version: '   ' })).toEqual({ appKey: 'key' });
    const resolved = resolveOptions({ appKey: 'key', build: ' ', version: '' }, env);
    expect(resolved.build).toBe('0');
    expect(resolved.version).toBe('0.0.0');
  });
});

describe('resolveOptions', () => {
  test('fills in the defaults of docs/api.md#options', () => {
    expect(resolveOptions({ appKey: 'key' }, env)).toEqual({
      appKey: 'key',
      apiURL: 'http://127.0.0.1:8080/sidelog/api',
      baseURL: 'http://127.0.0.1:8080/sidelog',
      build: '0',
      version: '0.0.0',
      deviceName: 'Chromium 156 (Linux)',
      debug: false,
      overrideConsoleMethods: true,
      printToConsole: true,
      logBrowserEvents: true,
      logUIEvents: true,
      logNetworkRequests: 'failures',
      logWebVitals: true,
      registerErrorHandler: true,
      captureCallSite: false,
      recordInputValues: 'masked',
      redact: { builtIns: [...BUILT_IN_NAMES], rules: [] },
    });
  });

  test('keeps what the caller gave, without trailing slashes on the URLs', () => {
    const resolved = resolveOptions(
      { appKey: 'key', apiURL: 'https://logs.example.com/api/', debug: true, build: '7' },
      env,
    );
    expect(resolved).toMatchObject({ apiURL: 'https://logs.example.com/api', debug: true, build: '7' });
  });
});

describe('device keys and titles', () => {
  test('a device key must be a string', () => {
    expect(() => validateDeviceKey(1)).toThrow(new Error("The device-key 'key' must be a string."));
    expect(() => validateDeviceKey('user_id')).not.toThrow();
  });

  test('an issue, crash or feedback title must be a string', () => {
    expect(() => validateTitle(undefined)).toThrow(new Error("The crash/issue/feedback 'title' must be a string."));
    expect(() => validateTitle({ title: 'x' })).toThrow(
      new Error("The crash/issue/feedback 'title' must be a string."),
    );
    expect(() => validateTitle('')).not.toThrow();
  });
});

describe("the 'otlp' option (docs/opentelemetry.md#sidelog-uploads-otlp)", () => {
  const url = 'https://otel.example.com/v1/logs';
  const withOtlp = (otlp: unknown) => () => validateOptions({ appKey: 'key', otlp });

  test("is filled in: no headers, gzip, the conventions' unknown service", () => {
    expect(resolveOptions({ appKey: 'key', otlp: { url } }, env).otlp).toEqual({
      url,
      headers: {},
      compression: 'gzip',
      serviceName: 'unknown_service',
    });
    const given = { url, headers: { Authorization: 'Basic c2hvcA==' }, compression: 'none', serviceName: ' shop-web ' };
    expect(resolveOptions({ appKey: 'key', otlp: given }, env).otlp).toEqual({ ...given, serviceName: 'shop-web' });
    expect(resolveOptions({ appKey: 'key' }, env).otlp).toBeUndefined();
  });

  test.each([
    ['an object', [null, 'https://otel.example.com', [url]], "'otlp' option must be an object."],
    ['a url', [{}, { url: 'otel.example.com/v1/logs' }, { url: 42 }], "'otlp.url' option must be a valid URL."],
    [
      'headers of names to strings',
      [
        { url, headers: 'Authorization: x' },
        { url, headers: { Authorization: 1 } },
        { url, headers: { 'Bad Name': 'x' } },
        { url, headers: { A: 'x\r\nB: y' } },
      ],
      "'otlp.headers' option must map header names to strings.",
    ],
    [
      'a compression',
      [
        { url, compression: 'br' },
        { url, compression: true },
      ],
      "'otlp.compression' option must be 'gzip' or 'none'.",
    ],
    ['a serviceName', [{ url, serviceName: 7 }], "'otlp.serviceName' option must be a string."],
  ])('must have %s', (_what, values, text) => {
    for (const value of values) expect(withOtlp(value), JSON.stringify(value)).toThrow(new Error(text));
  });
});

describe("the 'redact' option (docs/privacy.md#adding-a-rule-on-the-page)", () => {
  const redact = (value: unknown) => resolveOptions({ appKey: 'key', redact: value }, env).redact;
  const errors = readFileSync(resolve(import.meta.dirname, '../../../docs/errors.md'), 'utf8');
  /** Refused with `message`, which docs/errors.md#options gives word for word (a rule's index as N, a name as X). */
  const refused = (value: unknown, message: string) => {
    expect(() => validateOptions({ appKey: 'key', redact: value })).toThrow(new Error(message));
    expect(errors).toContain(`\`${message.replace(/\[\d+\]/, '[N]').replace("'address'", "'X'")}\``);
  };

  test("an app's rules travel as plain data, a RegExp as its source and flags; built-ins all on unless named", () => {
    expect(
      redact({
        rules: [
          { name: 'order', pattern: 'ORD-\\d{6}' },
          { name: 'ticket', pattern: /tk_[a-z]+/gi },
        ],
      }),
    ).toEqual({
      builtIns: [...BUILT_IN_NAMES],
      rules: [
        { name: 'order', source: 'ORD-\\d{6}', flags: '' },
        { name: 'ticket', source: 'tk_[a-z]+', flags: 'i' },
      ],
    });
    expect(redact({ rules: [{ name: 'order', pattern: 'ord-\\d+', flags: 'i' }] }).rules).toEqual([
      { name: 'order', source: 'ord-\\d+', flags: 'i' },
    ]);
    expect(redact({ builtIns: false })).toEqual({ builtIns: [], rules: [] });
    expect(redact({ builtIns: ['phone', 'email'] })).toEqual({ builtIns: ['email', 'phone'], rules: [] });
    expect(structuredClone(redact({ rules: [{ name: 'x', pattern: /x/ }] }))).toEqual(
      redact({ rules: [{ name: 'x', pattern: /x/ }] }),
    );
  });

  test('each mistake has its own text (docs/errors.md#options)', () => {
    refused('all', "'redact' option must be an object.");
    refused([], "'redact' option must be an object.");
    refused({ rules: {} }, "'redact.rules' option must be an array.");
    refused(
      { rules: Array.from({ length: 33 }, (_, i) => ({ name: `r${i}`, pattern: 'x' })) },
      "'redact.rules' option may hold at most 32 rules.",
    );
    refused({ rules: ['x'] }, "'redact.rules[0]' must be an object with a name and a pattern.");
    refused(
      { rules: [{ name: 'a b', pattern: 'x' }] },
      "'redact.rules[0].name' must be 1 to 32 letters, digits, '_' or '-'.",
    );
    refused(
      {
        rules: [
          { name: 'ok', pattern: 'x' },
          { name: '', pattern: 'x' },
        ],
      },
      "'redact.rules[1].name' must be 1 to 32 letters, digits, '_' or '-'.",
    );
    refused(
      { rules: [{ name: 'n'.repeat(33), pattern: 'x' }] },
      "'redact.rules[0].name' must be 1 to 32 letters, digits, '_' or '-'.",
    );
    refused(
      { rules: [{ name: 'order', pattern: 42 }] },
      "'redact.rules[0].pattern' must be a RegExp or a non-empty string.",
    );
    refused(
      { rules: [{ name: 'order', pattern: '' }] },
      "'redact.rules[0].pattern' must be a RegExp or a non-empty string.",
    );
    refused(
      { rules: [{ name: 'order', pattern: 'ORD-(\\d+' }] },
      "'redact.rules[0].pattern' is not a valid regular expression.",
    );
    refused(
      { rules: [{ name: 'order', pattern: 'x', flags: 'g' }] },
      "'redact.rules[0].flags' may hold only the flags i, m, s, u and v.",
    );
    refused({ rules: [{ name: 'order', pattern: '\\d*' }] }, "'redact.rules[0].pattern' must not match an empty text.");
    refused({ builtIns: true }, "'redact.builtIns' option must be false or an array of built-in names.");
    refused(
      { builtIns: ['email', 'address'] },
      "'redact.builtIns' option names an unknown built-in 'address' (known: email, card, iban, jwt, credential, secret, phone).",
    );
  });
});
