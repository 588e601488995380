// A page of the forwarder encoded within a bound (docs/opentelemetry.md#the-collector-forwards). Logs are stored up to
// the collector's own limits, and a page of large ones could pass V8's longest string while JSON.stringify builds it,
// with gigabytes held meanwhile: the page's strings are counted first, a cheap floor of its size (every character is
// at least one byte in either encoding), and it is encoded only when that floor is within the bound, so the encoding
// itself holds a few times the bound at most. What is over is not sent: the forwarder splits it, or refuses the log.
import { encodeLogsRequest } from './otlp-proto.ts';
import type { OtlpEncoding, OtlpLogsRequest } from './otlp.types.ts';

/** The largest request body the forwarder sends: receivers' own bounds start about here (Loki's 4 MB, Datadog's 5). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

type Encoded = { body: Uint8Array } | { over: string };

/** The characters of every string value in `value`: no more than its encoding's bytes (a UTF-16 unit is at least one
 * byte of UTF-8; property names are left out, which protobuf does not send). */
function stringLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  let length = 0;
  for (const item of Object.values(value)) length += stringLength(item);
  return length;
}

const over = (maxBytes: number) => ({
  over: `its request would be over the bound of ${maxBytes.toLocaleString('en')} bytes`,
});

export function encodeWithin(request: OtlpLogsRequest, encoding: OtlpEncoding, maxBytes: number): Encoded {
  if (stringLength(request) > maxBytes) return over(maxBytes);
  const body = encoding === 'json' ? new TextEncoder().encode(JSON.stringify(request)) : encodeLogsRequest(request);
  return body.byteLength > maxBytes ? over(maxBytes) : { body };
}
