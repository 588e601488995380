// Forwarding's and the inflated-size limit's settings as `npm start` reads them (docs/opentelemetry.md#the-collector-forwards):
// OpenTelemetry's header form, the two protocols, and a clear refusal of anything else.
import { expect, test } from 'vitest';
import { forwardSettings } from '../../../server/otlp/forward-settings.ts';
import { maxInflatedBytes } from '../../../server/request-body.ts';

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
