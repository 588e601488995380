// Request bodies, gzipped in the engine with CompressionStream where the environment has it
// (docs/uploader.md#compression): the page never pays for it. Whether a target takes gzip is learned as it answers:
//  - 'gzip' (OTLP, whose servers must all take it): gzipped from the start;
//  - 'when-offered' (the wire: Bugfender's service may not take it): plain until an answer says `Accept-Encoding: gzip`
//    (RFC 7694: a server lists the codings it takes in request bodies);
//  - 'none': always plain.
// Either way a 415 turns it off, and so does a gzipped request that got no answer at all when a plain one right after
// it gets one (a CORS preflight that does not allow Content-Encoding fails as the network does). Keepalive bodies
// stay plain: what outlives the page is capped in size before compression, and must not wait for it.

type BodyEncoding = 'gzip' | 'when-offered' | 'none';

interface EncodedBody {
  body: BodyInit;
  headers: Record<string, string>;
  gzipped: boolean;
}

interface BodyEncoder {
  encode(text: string, keepalive?: boolean): Promise<EncodedBody>;
  /** Learns from the answer to a request whose body it encoded. */
  answered(response: Response, gzipped: boolean): void;
  /** Learns from a request that got no answer (fetch failed: the network, or CORS). */
  unanswered(gzipped: boolean): void;
}

const canGzip = () => typeof CompressionStream === 'function';

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

const offersGzip = (response: Response) =>
  /(^|,)\s*gzip\s*(;|,|$)/i.test(response.headers.get('Accept-Encoding') ?? '');

export function createBodyEncoder(encoding: BodyEncoding): BodyEncoder {
  /** 'probing': the last gzipped request got no answer, so the next goes plain to tell the network from gzip.
   * 'off': the target does not take gzip; nothing turns it on again in this engine's life. */
  let state: 'gzip' | 'plain' | 'probing' | 'off' =
    encoding === 'gzip' ? 'gzip' : encoding === 'none' ? 'off' : 'plain';
  return {
    async encode(text, keepalive): Promise<EncodedBody> {
      if (state !== 'gzip' || keepalive || !canGzip()) return { body: text, headers: {}, gzipped: false };
      return { body: await gzip(text), headers: { 'Content-Encoding': 'gzip' }, gzipped: true };
    },
    answered(response, gzipped) {
      if (state === 'off') return;
      if (response.status === 415 && !offersGzip(response)) state = 'off';
      else if (state === 'probing') state = gzipped ? 'gzip' : 'off';
      else if (state === 'plain' && offersGzip(response)) state = 'gzip';
    },
    unanswered(gzipped) {
      if (state === 'gzip' && gzipped) state = 'probing';
      // The plain one failed too: it was the network, not gzip.
      else if (state === 'probing' && !gzipped) state = 'gzip';
    },
  };
}

/** Sends `text` as the encoder has it, and lets it learn from what comes back (or does not). */
export async function fetchEncoded(
  fetchImpl: typeof fetch,
  encoder: BodyEncoder,
  url: string,
  text: string,
  init: RequestInit & { headers: Record<string, string> },
): Promise<Response> {
  const { body, headers, gzipped } = await encoder.encode(text, init.keepalive);
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, headers: { ...init.headers, ...headers }, body });
  } catch (error) {
    // A timeout is the service being slow, whatever the body; a TypeError is the network, or a CORS preflight.
    if (error instanceof TypeError) encoder.unanswered(gzipped);
    throw error;
  }
  encoder.answered(response, gzipped);
  return response;
}
