// The `otlp` option: Sidelog uploads to any OpenTelemetry backend over OTLP/HTTP instead of the logging service's
// wire format (docs/opentelemetry.md#sidelog-uploads-otlp); its error texts are in docs/errors.md#options.

const OTLP_COMPRESSIONS = ['gzip', 'none'] as const;
type OtlpCompression = (typeof OTLP_COMPRESSIONS)[number];

export interface OtlpOptions {
  /** The backend's OTLP/HTTP logs endpoint, used as given: e.g. 'https://otel.example.com/v1/logs'. */
  url: string;
  /** Sent with every request, e.g. `{ Authorization: 'Basic …' }`. */
  headers?: Record<string, string>;
  /** 'gzip' (default: every OTLP server must accept it) or 'none'. */
  compression?: OtlpCompression;
  /** The resource's `service.name`. Default: 'unknown_service', as the semantic conventions have it. */
  serviceName?: string;
}

/** The option as the engine gets it: every field filled in. */
export type OtlpConfig = Required<OtlpOptions>;

const DEFAULT_SERVICE_NAME = 'unknown_service';

/** An HTTP header's name (RFC 9110's token) and a value fetch accepts. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the option and fills it in; undefined when it is not given. Throws the texts of docs/errors.md#options. */
export function resolveOtlp(input: unknown): OtlpConfig | undefined {
  if (input === undefined) return undefined;
  if (!isObject(input)) throw new Error("'otlp' option must be an object.");
  const { url, headers = {}, compression = 'gzip', serviceName } = input;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error("'otlp.url' option must be a valid URL.");
  if (
    !isObject(headers) ||
    !Object.entries(headers).every(
      ([name, value]) => HEADER_NAME.test(name) && typeof value === 'string' && HEADER_VALUE.test(value),
    )
  ) {
    throw new Error("'otlp.headers' option must map header names to strings.");
  }
  if (!(OTLP_COMPRESSIONS as readonly unknown[]).includes(compression))
    throw new Error("'otlp.compression' option must be 'gzip' or 'none'.");
  if (serviceName !== undefined && typeof serviceName !== 'string')
    throw new Error("'otlp.serviceName' option must be a string.");
  return {
    url,
    headers: { ...(headers as Record<string, string>) },
    compression: compression as OtlpCompression,
    serviceName: serviceName?.trim() || DEFAULT_SERVICE_NAME,
  };
}
