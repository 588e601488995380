// limitBody (server/http/body-limits.ts) over a real socket, as @hono/node-server serves the service: a body of a declared
// length is judged by its header, a chunked one as it streams, and a body within the limit is read whole.
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { limitBody } from '../../../server/http/body-limits.ts';

let server: ServerType;
let port: number;
beforeAll(async () => {
  const app = new Hono();
  app.post('/', limitBody(100), async (c) => c.json({ read: await c.req.text() }));
  server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Posts `chunks`, with their Content-Length or chunked; the status and the answer's text. */
function post(chunks: string[], chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    const sent = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        headers: chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(length) },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, text }));
      },
    );
    sent.on('error', reject);
    for (const chunk of chunks) sent.write(chunk);
    sent.end();
  });
}

test('a body within the limit is read whole, declared or chunked', async () => {
  for (const chunked of [false, true])
    expect(await post(['a'.repeat(60), 'é'.repeat(20)], chunked)).toEqual({
      status: 200,
      text: JSON.stringify({ read: 'a'.repeat(60) + 'é'.repeat(20) }),
    });
});

test('a body past the limit answers 413, declared or chunked', async () => {
  for (const chunked of [false, true]) {
    const answer = await post(['a'.repeat(60), 'b'.repeat(60)], chunked);
    expect(answer).toEqual({ status: 413, text: JSON.stringify({ error: 'body larger than 100 bytes' }) });
  }
});
