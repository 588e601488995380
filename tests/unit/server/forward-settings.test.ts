// Forwarding's and the inflated-size limit's settings as `npm start` reads them (docs/opentelemetry.md#the-collector-forwards):
// OpenTelemetry's header form, the two protocols, and a clear refusal of anything else.
import { expect, test } from 'vitest';
import { forwardSettings } from '../../../server/collector/otlp/forward-settings.ts';
import { maxInflatedBytes } from '../../../server/http/request-body.ts';

test('the endpoint, its headers in OpenTelemetry’s form and the protocol; unset forwards nothing', () => {
  expect(forwardSettings({})).toEqual({ url: undefined, headers: {}, encoding: 'json' });
  expect(
    forwardSettings({
      SIDELOG_FORWARD_OTLP: 'https://otel.example.com/v1/logs',
      SIDELOG_FORWARD_OTLP_HEADERS: 'Authorization=Basic%20c2lkZWxvZw==, X-Scope-OrgID=7',
      SIDELOG_FORWARD_OTLP_PROTOCOL: 'http/protobuf',
    }),
  ).toEqual({
    url: 'https://otel.example.com/v1/logs',
    headers: { Authorization: 'Basic c2lkZWxvZw==', 'X-Scope-OrgID': '7' },
    encoding: 'protobuf',
  });
});

test('a value that cannot be used is refused, naming the setting', () => {
  expect(() => forwardSettings({ SIDELOG_FORWARD_OTLP: 'otel.example.com' })).toThrow(
    /^SIDELOG_FORWARD_OTLP must be the http or https URL/,
  );
  expect(() => forwardSettings({ SIDELOG_FORWARD_OTLP_PROTOCOL: 'grpc' })).toThrow(
    /^SIDELOG_FORWARD_OTLP_PROTOCOL must be http\/json or http\/protobuf/,
  );
  expect(() => forwardSettings({ SIDELOG_FORWARD_OTLP_HEADERS: 'no-equals-sign' })).toThrow(
    /^SIDELOG_FORWARD_OTLP_HEADERS must be name=value pairs/,
  );
  expect(() => forwardSettings({ SIDELOG_FORWARD_OTLP_HEADERS: 'A=%E0%A4%A' })).toThrow(
    /^SIDELOG_FORWARD_OTLP_HEADERS/,
  );
  expect(maxInflatedBytes(undefined)).toBeUndefined();
  expect(maxInflatedBytes('1.5')).toBe(1.5 * 1024 * 1024);
  expect(() => maxInflatedBytes('lots')).toThrow(/^SIDELOG_MAX_INFLATED_MB must be a number of megabytes/);
});

test('an endpoint with credentials, or to a private address unless SIDELOG_ALLOW_PRIVATE_TARGETS=1, refuses to start', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      forwardSettings(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'started';
  };
  const withCredentials = refusal({ SIDELOG_FORWARD_OTLP: 'https://user:hunter2@otel.example.com/v1/logs' });
  expect(withCredentials).toMatch(/^SIDELOG_FORWARD_OTLP must not hold a user name or password/);
  expect(refusal({ SIDELOG_FORWARD_OTLP: 'ftp://user:hunter2@otel.example.com/' })).toMatch(
    /^SIDELOG_FORWARD_OTLP must be/,
  );
  for (const message of [withCredentials, refusal({ SIDELOG_FORWARD_OTLP: 'ftp://user:hunter2@otel.example.com/' })])
    expect(message).not.toMatch(/hunter2/);
  for (const url of [
    'http://127.0.0.1:4318/v1/logs',
    'http://0x7f.1/v1/logs',
    'http://169.254.169.254/',
    'http://[::1]/',
  ])
    expect(refusal({ SIDELOG_FORWARD_OTLP: url })).toMatch(
      /^SIDELOG_FORWARD_OTLP: .* is a loopback, private, link-local or metadata address, refused \(SIDELOG_ALLOW_PRIVATE_TARGETS=1 allows it\)$/,
    );
  expect(
    forwardSettings({ SIDELOG_FORWARD_OTLP: 'http://127.0.0.1:4318/v1/logs', SIDELOG_ALLOW_PRIVATE_TARGETS: '1' }).url,
  ).toBe('http://127.0.0.1:4318/v1/logs');
  expect(refusal({ SIDELOG_ALLOW_PRIVATE_TARGETS: 'yes' })).toMatch(/^SIDELOG_ALLOW_PRIVATE_TARGETS must be 1/);
});
