// One OTLP/HTTP export request from the forwarder, and what its answer means (OpenTelemetry's OTLP/HTTP client rules,
// docs/opentelemetry.md#the-collector-forwards): sent, perhaps with records the receiver refused; refused for what it
// holds (400, 413), which the forwarder answers by sending fewer records; or to be retried later (429, 502, 503, 504,
// any other status, no answer), after Retry-After when the receiver gives one.
import { decodeLogsResponse } from './otlp-proto.ts';
import { OTLP_CONTENT_TYPES, type OtlpEncoding, type OtlpLogsResponse } from './otlp.types.ts';

export interface ForwardEndpoint {
  url: string;
  headers: Record<string, string>;
  encoding: OtlpEncoding;
}

export type SendOutcome =
  | { kind: 'sent'; refused: number; message?: string }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string; retryAfterMs?: number };

/** How long a receiver may take to answer. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Retry-After as milliseconds: a number of seconds or an HTTP date. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

async function partialSuccess(response: Response): Promise<OtlpLogsResponse['partialSuccess']> {
  // A success whose body cannot be read is a success all the same.
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0) return undefined;
    const type = response.headers.get('Content-Type') ?? '';
    const body = type.includes('protobuf')
      ? decodeLogsResponse(bytes)
      : (JSON.parse(new TextDecoder().decode(bytes)) as OtlpLogsResponse);
    return body?.partialSuccess;
  } catch {
    return undefined;
  }
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

/** Sends a request encoded in `endpoint.encoding` (forward-encoding.ts). */
export async function sendLogs(
  endpoint: ForwardEndpoint,
  body: Uint8Array,
  options: { fetch?: typeof fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  let response: Response;
  try {
    const signals = [
      AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      ...(options.signal ? [options.signal] : []),
    ];
    response = await (options.fetch ?? fetch)(endpoint.url, {
      method: 'POST',
      headers: { ...endpoint.headers, 'Content-Type': OTLP_CONTENT_TYPES[endpoint.encoding] },
      body: body as BodyInit,
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'retry',
      message: `no answer from ${endpoint.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    };
  }
  if (response.ok) {
    const partial = await partialSuccess(response);
    const refused = Number(partial?.rejectedLogRecords ?? 0);
    if (refused > 0)
      return {
        kind: 'sent',
        refused,
        message: `the endpoint refused ${refused} records: ${partial?.errorMessage ?? ''}`.trim(),
      };
    return { kind: 'sent', refused: 0 };
  }
  const message = await errorText(response);
  if (response.status === 400 || response.status === 413) return { kind: 'refused', message };
  return { kind: 'retry', message, retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), Date.now()) };
}
