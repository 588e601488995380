// One OTLP/HTTP export request from the forwarder, and what its answer means (OpenTelemetry's OTLP/HTTP client rules,
// docs/opentelemetry.md#the-collector-forwards): sent, perhaps with records the receiver refused; refused for what it
// holds (400, 413), which the forwarder answers by sending fewer records; or to be retried later (429, 502, 503, 504,
// a redirect, which is not followed, any other status, no answer), after Retry-After when the receiver gives one.
// Sent through server/outbound/: never to a private address unless allowed, and at most 64 KiB of an answer read.
import { postOutbound, type OutboundAnswer } from '../../outbound/outbound-post.ts';
import { PRIVATE_TARGET } from '../../outbound/outbound-lookup.ts';
import { redirectNote } from '../../outbound/redirect-note.ts';
import { withoutCredentials } from '../../outbound/without-credentials.ts';
import { decodeLogsResponse } from './otlp-proto.ts';
import { OTLP_CONTENT_TYPES, type OtlpEncoding, type OtlpLogsResponse } from './otlp.types.ts';

export interface ForwardEndpoint {
  url: string;
  headers: Record<string, string>;
  encoding: OtlpEncoding;
}

type SendOutcome =
  | { kind: 'sent'; refused: number; message?: string }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string; retryAfterMs?: number };

/** How long a receiver may take to answer. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Retry-After as milliseconds: a number of seconds or an HTTP date. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function partialSuccess(answer: OutboundAnswer): OtlpLogsResponse['partialSuccess'] {
  // A success whose body cannot be read (or was cut at the bound) is a success all the same.
  try {
    if (answer.body.length === 0 || answer.cut) return undefined;
    const body = (answer.headers['content-type'] ?? '').includes('protobuf')
      ? decodeLogsResponse(answer.body)
      : (JSON.parse(new TextDecoder().decode(answer.body)) as OtlpLogsResponse);
    return body?.partialSuccess;
  } catch {
    return undefined;
  }
}

function errorText(answer: OutboundAnswer, url: string): string {
  const redirected = redirectNote(answer, url);
  if (redirected) return `HTTP ${answer.status}: ${redirected}`;
  const text = new TextDecoder().decode(answer.body.subarray(0, 800)).slice(0, 200);
  return `HTTP ${answer.status}${text ? `: ${text}` : ''}`;
}

/** Sends a request encoded in `endpoint.encoding` (forward-encoding.ts). */
export async function sendLogs(
  endpoint: ForwardEndpoint,
  body: Uint8Array,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  const shown = withoutCredentials(endpoint.url);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let answer: OutboundAnswer;
  try {
    answer = await postOutbound(endpoint.url, {
      headers: { ...endpoint.headers, 'Content-Type': OTLP_CONTENT_TYPES[endpoint.encoding] },
      body,
      timeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === PRIVATE_TARGET) return { kind: 'retry', message: `not sent to ${shown}: ${message}` };
    if (code === 'ETIMEDOUT') return { kind: 'retry', message: `no answer from ${shown} in ${timeoutMs / 1000} s` };
    return { kind: 'retry', message: `no answer from ${shown}: ${code ?? message}` };
  }
  if (answer.status >= 200 && answer.status < 300) {
    const partial = partialSuccess(answer);
    const refused = Number(partial?.rejectedLogRecords ?? 0);
    if (refused > 0)
      return {
        kind: 'sent',
        refused,
        message: `the endpoint refused ${refused} records: ${partial?.errorMessage ?? ''}`.trim(),
      };
    return { kind: 'sent', refused: 0 };
  }
  const message = errorText(answer, endpoint.url);
  if (answer.status === 400 || answer.status === 413) return { kind: 'refused', message };
  const retryAfter = answer.headers['retry-after'];
  return { kind: 'retry', message, retryAfterMs: retryAfterMs(retryAfter, Date.now()) };
}
