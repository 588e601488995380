// One POST of the service's to a URL an admin set (webhooks, forwarding), made safe: a private target is refused
// before any connection (outbound-lookup.ts, target-policy.ts), redirects are not followed (the answer is the 3xx:
// following would resend the body and its credential headers to another origin), and at most `maxAnswerBytes` of the
// answer are read, the rest cancelled, so that a receiver answering a gigabyte costs nothing. node:http rather than
// fetch: fetch's resolver cannot be replaced, and the check must be made on the addresses the socket connects to.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, privateTargetError, type Resolver } from './outbound-lookup.ts';
import { isPrivateAddress } from './private-addresses.ts';
import { privateTargetsAllowed } from './target-policy.ts';

/** The most of an answer that is read: a status text or an OTLP partial success fits in far less. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer's first `maxAnswerBytes` bytes. */
  body: Uint8Array;
  /** Whether there was more, not read. */
  cut: boolean;
}

interface OutboundOptions {
  headers: Record<string, string>;
  body: Uint8Array | string;
  timeoutMs: number;
  signal?: AbortSignal;
  maxAnswerBytes?: number;
  /** SIDELOG_ALLOW_PRIVATE_TARGETS by default. */
  allowPrivate?: boolean;
  /** For tests: the resolver behind the guard. */
  resolve?: Resolver;
}

/** Fails with an error whose `code` is the system's (ECONNREFUSED…), EPRIVATETARGET, or ETIMEDOUT after `timeoutMs`. */
export async function postOutbound(url: string, options: OutboundOptions): Promise<OutboundAnswer> {
  const target = new URL(url);
  const allowPrivate = options.allowPrivate ?? privateTargetsAllowed();
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  // net skips the lookup for an address: checked here, before connecting.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) throw privateTargetError(target.hostname);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const limit = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  return await new Promise<OutboundAnswer>((resolve, reject) => {
    const failed = (error: Error) =>
      reject(
        timeout.aborted
          ? Object.assign(new Error(`no answer in ${options.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })
          : error,
      );
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      headers: { ...options.headers, 'Content-Length': String(body.byteLength) },
      lookup: guardedLookup(allowPrivate, options.resolve),
      // A connection of its own: none kept from a request checked under other rules.
      agent: false,
      signal,
    });
    request.on('error', failed);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = (cut: boolean) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), cut });
        // The rest is not wanted: the connection goes, and the receiver stops sending.
        if (cut) response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        const room = limit - read;
        if (room <= 0) return;
        chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
        read += Math.min(room, chunk.byteLength);
        if (read >= limit) done(true);
      });
      response.on('end', () => done(false));
      response.on('error', failed);
      if (limit === 0) done(true);
    });
    request.end(body);
  });
}
