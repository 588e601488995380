// Forwarding's settings as `npm start` reads them from the environment (docs/opentelemetry.md#the-collector-forwards):
// SIDELOG_FORWARD_OTLP, the endpoint; SIDELOG_FORWARD_OTLP_HEADERS, `name=value` pairs separated by commas (the form of
// OpenTelemetry's OTEL_EXPORTER_OTLP_HEADERS, values percent-decoded); SIDELOG_FORWARD_OTLP_PROTOCOL, `http/json` (the
// default) or `http/protobuf`. A value that cannot be used refuses to start, naming the setting: a URL with credentials,
// or to a private address unless SIDELOG_ALLOW_PRIVATE_TARGETS=1 (server/outbound/target-policy.ts), is one.
import { privateTargetsAllowed, targetProblem } from '../../outbound/target-policy.ts';
import { withoutCredentials } from '../../outbound/without-credentials.ts';
import { isEndpointUrl } from './forwarding-admin.ts';
import type { ForwardSettings } from './forwarder.ts';

const PROTOCOLS = { 'http/json': 'json', 'http/protobuf': 'protobuf' } as const;

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function headersOf(setting: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (setting ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at).trim() : '';
    const value = at > 0 ? decoded(pair.slice(at + 1).trim()) : undefined;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || value === undefined || /[\r\n\0]/.test(value)) {
      throw new Error(
        `SIDELOG_FORWARD_OTLP_HEADERS must be name=value pairs separated by commas, not '${pair.trim()}'`,
      );
    }
    headers[name] = value;
  }
  return headers;
}

export function forwardSettings(env: Record<string, string | undefined>): ForwardSettings {
  const url = env.SIDELOG_FORWARD_OTLP?.trim() || undefined;
  const allowPrivate = privateTargetsAllowed(env);
  if (url !== undefined && !isEndpointUrl(url))
    throw new Error(
      `SIDELOG_FORWARD_OTLP must be the http or https URL of an OTLP logs endpoint, not '${withoutCredentials(url)}'`,
    );
  if (url !== undefined) {
    const parsed = new URL(url);
    if (parsed.username || parsed.password)
      throw new Error(
        'SIDELOG_FORWARD_OTLP must not hold a user name or password: put them in SIDELOG_FORWARD_OTLP_HEADERS ' +
          '(Authorization=Basic%20…)',
      );
    const refused = targetProblem(parsed, allowPrivate);
    if (refused) throw new Error(`SIDELOG_FORWARD_OTLP: ${refused}`);
  }
  const protocol = env.SIDELOG_FORWARD_OTLP_PROTOCOL?.trim() || 'http/json';
  if (!(protocol in PROTOCOLS))
    throw new Error(`SIDELOG_FORWARD_OTLP_PROTOCOL must be http/json or http/protobuf, not '${protocol}'`);
  return {
    url,
    headers: headersOf(env.SIDELOG_FORWARD_OTLP_HEADERS),
    encoding: PROTOCOLS[protocol as keyof typeof PROTOCOLS],
  };
}
