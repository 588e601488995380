// Reading a collector request's body, plain or gzip-encoded (docs/local-service.md#compressed-bodies). A gzip body is
// inflated as a stream and abandoned as soon as it passes the inflated-size limit, so a decompression bomb costs at
// most that many bytes of memory and answers 413; the compressed bytes are limited before this, by the route's
// bodyLimit. Any other Content-Encoding answers 415.
import type { Context } from 'hono';

/** The default limit on a body's inflated size (SIDELOG_MAX_INFLATED_MB): the same as the collector's limit on the
 * bytes received, so a client may compress any body it could have sent plain. */
export const DEFAULT_MAX_INFLATED_BYTES = 128 * 1024 * 1024;

/** SIDELOG_MAX_INFLATED_MB as bytes, or undefined for the default; refuses anything else with a clear message. */
export function maxInflatedBytes(setting: string | undefined): number | undefined {
  if (setting === undefined || setting.trim() === '') return undefined;
  const mb = Number(setting);
  if (!Number.isFinite(mb) || mb <= 0)
    throw new Error(`SIDELOG_MAX_INFLATED_MB must be a number of megabytes, not '${setting}'`);
  return Math.floor(mb * 1024 * 1024);
}

type BodyRead<T> = { ok: true; body: T } | { ok: false; status: 400 | 413 | 415; error: string };

type Coding = 'identity' | 'gzip';

function codingOf(header: string | undefined): Coding | undefined {
  const coding = (header ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return 'identity';
  if (coding === 'gzip' || coding === 'x-gzip') return 'gzip';
  return undefined;
}

const unsupported = (header: string | undefined) =>
  ({
    ok: false,
    status: 415,
    error: `Content-Encoding '${header}' is not supported: send gzip or no encoding`,
  }) as const;

/** The body's bytes, inflated when gzip-encoded, or why it cannot be read. */
export async function readBodyBytes(c: Context, maxInflatedBytes: number): Promise<BodyRead<Uint8Array>> {
  const header = c.req.header('Content-Encoding');
  const coding = codingOf(header);
  if (coding === undefined) return unsupported(header);
  if (coding === 'identity') return { ok: true, body: new Uint8Array(await c.req.arrayBuffer()) };
  return inflate(c.req.raw.body, maxInflatedBytes);
}

/** The body as text (UTF-8, as Request.text() reads it), inflated when gzip-encoded, or why it cannot be read. */
export async function readBodyText(c: Context, maxInflatedBytes: number): Promise<BodyRead<string>> {
  const header = c.req.header('Content-Encoding');
  const coding = codingOf(header);
  if (coding === undefined) return unsupported(header);
  // A plain body is read as it always was.
  if (coding === 'identity') return { ok: true, body: await c.req.text() };
  const read = await inflate(c.req.raw.body, maxInflatedBytes);
  return read.ok ? { ok: true, body: new TextDecoder().decode(read.body) } : read;
}

async function inflate(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<BodyRead<Uint8Array>> {
  if (!body) return { ok: false, status: 400, error: 'malformed gzip body: it is empty' };
  const reader = body
    .pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>)
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, status: 413, error: `body larger than ${maxBytes} bytes once inflated` };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, status: 400, error: 'malformed gzip body' };
  }
  return { ok: true, body: Buffer.concat(chunks, size) };
}
