import { describe, expect, test } from 'vitest';
import { resolveOptions, validateDeviceKey, validateOptions, validateTitle } from '../../../protocol/index.ts';

const env = { origin: 'http://127.0.0.1:8080', deviceName: 'Chromium 156 (Linux)' };

describe('validateOptions (docs/api.md#options)', () => {
  test.each([undefined, null, {}, { appKey: undefined }, { appKey: '' }])('appKey is required: %j', (options) => {
    expect(() => validateOptions(options)).toThrow(new Error("Sidelog requires 'appKey' option to initialize."));
  });

  test.each(['appKey', 'apiURL', 'build', 'baseURL', 'deviceName', 'version', 'workerURL'])("'%s' must be a string", (name) => {
    expect(() => validateOptions({ appKey: 'key', [name]: 42 })).toThrow(new Error(`'${name}' option must be a string.`));
  });

  test.each(['apiURL', 'baseURL'])("'%s' must start with http:// or https://", (name) => {
    expect(() => validateOptions({ appKey: 'key', [name]: 'ftp://logs.example.com' })).toThrow(
      new Error(`'${name}' option must be a valid URL.`),
    );
    expect(() => validateOptions({ appKey: 'key', [name]: '/relative' })).toThrow(new Error(`'${name}' option must be a valid URL.`));
    expect(validateOptions({ appKey: 'key', [name]: 'HTTPS://Logs.Example.com' })).toMatchObject({ [name]: 'HTTPS://Logs.Example.com' });
    expect(validateOptions({ appKey: 'key', [name]: 'http://127.0.0.1' })).toMatchObject({ [name]: 'http://127.0.0.1' });
  });

  test.each(['debug', 'overrideConsoleMethods', 'printToConsole', 'logBrowserEvents', 'logUIEvents', 'registerErrorHandler', 'captureCallSite'])(
    "'%s' must be a boolean",
    (name) => {
      expect(() => validateOptions({ appKey: 'key', [name]: 'yes' })).toThrow(new Error(`'${name}' option must be a boolean.`));
      expect(validateOptions({ appKey: 'key', [name]: false })).toMatchObject({ [name]: false });
    },
  );

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
      registerErrorHandler: true,
      captureCallSite: false,
    });
  });

  test('keeps what the caller gave, without trailing slashes on the URLs', () => {
    const resolved = resolveOptions({ appKey: 'key', apiURL: 'https://logs.example.com/api/', debug: true, build: '7' }, env);
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
    expect(() => validateTitle({ title: 'x' })).toThrow(new Error("The crash/issue/feedback 'title' must be a string."));
    expect(() => validateTitle('')).not.toThrow();
  });
});

describe("the 'otlp' option (docs/opentelemetry.md#sidelog-uploads-otlp)", () => {
  const url = 'https://otel.example.com/v1/logs';
  const withOtlp = (otlp: unknown) => () => validateOptions({ appKey: 'key', otlp });

  test("is filled in: no headers, gzip, the conventions' unknown service", () => {
    expect(resolveOptions({ appKey: 'key', otlp: { url } }, env).otlp).toEqual({ url, headers: {}, compression: 'gzip', serviceName: 'unknown_service' });
    const given = { url, headers: { Authorization: 'Basic c2hvcA==' }, compression: 'none', serviceName: ' shop-web ' };
    expect(resolveOptions({ appKey: 'key', otlp: given }, env).otlp).toEqual({ ...given, serviceName: 'shop-web' });
    expect(resolveOptions({ appKey: 'key' }, env).otlp).toBeUndefined();
  });

  test.each([
    ['an object', [null, 'https://otel.example.com', [url]], "'otlp' option must be an object."],
    ['a url', [{}, { url: 'otel.example.com/v1/logs' }, { url: 42 }], "'otlp.url' option must be a valid URL."],
    [
      'headers of names to strings',
      [{ url, headers: 'Authorization: x' }, { url, headers: { Authorization: 1 } }, { url, headers: { 'Bad Name': 'x' } }, { url, headers: { A: 'x\r\nB: y' } }],
      "'otlp.headers' option must map header names to strings.",
    ],
    ['a compression', [{ url, compression: 'br' }, { url, compression: true }], "'otlp.compression' option must be 'gzip' or 'none'."],
    ['a serviceName', [{ url, serviceName: 7 }], "'otlp.serviceName' option must be a string."],
  ])('must have %s', (_what, values, text) => {
    for (const value of values) expect(withOtlp(value), JSON.stringify(value)).toThrow(new Error(text));
  });
});
