// Body limits for the partner, explorer and admin APIs, each sized to what its endpoints need (the collector has its own),
// and reading a body as depth-limited JSON (server/http/json-body.ts). Over the limit answers 413 before the body is
// read in full; a declared Content-Length over it is refused without reading at all.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parseJson, type ParsedJson } from './json-body.ts';

/** A sign-in is an email and a password; sign-out has no body. */
export const PARTNER_BODY_BYTES = 4 * 1024;
/** An explorer sign-in: a name and a password. */
export const ACCOUNT_BODY_BYTES = 4 * 1024;
/** A reply on an issue (docs/explorer.md#replies): 5,000 characters, each up to 12 bytes as JSON escapes it (a
 * `\uD83D\uDE00` pair), with room for its other fields. */
export const REPLY_BODY_BYTES = 64 * 1024;
/** The admin API's bodies are an app or a fault setting: a few hundred bytes. */
export const ADMIN_BODY_BYTES = 16 * 1024;

/** Hono's bodyLimit, but a body of a declared length (Content-Length, not chunked: Node's parser holds the body to it)
 * is judged by the header alone, as Hono's does, without first reading the request's `body`: on @hono/node-server that
 * makes a Web Request and a stream for every request, where a body read as text or bytes is otherwise read straight
 * from Node's request (docs/benchmarks.md#the-collectors-cost-per-request). */
export function limitBody(
  maxSize: number,
  answer: (c: Context, message: string) => Response = (c, error) => c.json({ error }, 413),
): MiddlewareHandler {
  const tooLarge = (c: Context) => answer(c, `body larger than ${maxSize} bytes`);
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const length = c.req.header('Content-Length');
    if (length === undefined || c.req.header('Transfer-Encoding') !== undefined) return streamed(c, next);
    if (parseInt(length, 10) > maxSize) return tooLarge(c);
    await next();
  };
}

/** The body as JSON, refused when it is not JSON or nests too deep. */
export async function readJson(c: Context): Promise<ParsedJson> {
  return parseJson(await c.req.text());
}

/** The body as a JSON object, or undefined for anything else (not JSON, too deep, an array, a scalar). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown> | undefined> {
  const parsed = await readJson(c);
  const body = parsed.ok ? parsed.value : undefined;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}
