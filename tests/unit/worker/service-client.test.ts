// The service client's contract (docs/wire-format.md#requests) against a recording fetch: headers, success codes, answers.
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { createServiceClient } from '../../../worker/service-client.ts';

function recordingFetch(answer: () => Response | Promise<Response>) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), init: init! });
    return answer();
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

const client = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
  createServiceClient({ apiURL: 'http://svc/sidelog/api', appKey: 'app-key', sdkVersion: '0.1.0', fetch, timeoutMs });

describe('the service client', () => {
  test('posts JSON to the operation path with the app token and the SDK agent', async () => {
    const { requests, fetch } = recordingFetch(() => new Response('{"id":7}', { status: 200 }));
    const answer = await client(fetch).call('sendSession', { session_uid: 's' } as never);
    expect(answer).toEqual({ id: 7 });
    expect(requests[0].url).toBe('http://svc/sidelog/api/session');
    expect(requests[0].init.method).toBe('POST');
    expect(requests[0].init.headers).toEqual({
      'Content-Type': 'application/json;charset=UTF-8',
      'X-App-Token': 'app-key',
      'X-User-Agent': 'sidelog-web/0.1.0',
    });
    expect(JSON.parse(requests[0].init.body as string)).toEqual({ session_uid: 's' });
    expect(requests[0].init.signal).toBeInstanceOf(AbortSignal);
  });

  test('304 with no body is a success', async () => {
    const { fetch } = recordingFetch(() => new Response(null, { status: 304 }));
    await expect(client(fetch).call('sendLogs', { session_id: 1, logs: [] })).resolves.toEqual({});
  });

  test.each([201, 204, 400, 500])('answer %i is a failure', async (status) => {
    const { fetch } = recordingFetch(() => new Response(status === 204 ? null : '{}', { status }));
    await expect(client(fetch).call('sendLogs', { session_id: 1, logs: [] })).rejects.toThrow();
  });

  test("an error answer carries its status and the service's reason", async () => {
    const { fetch } = recordingFetch(() => new Response('{"error":"body too large"}', { status: 413 }));
    await expect(client(fetch).call('sendLogs', { session_id: 1, logs: [] })).rejects.toMatchObject({
      name: 'ServiceError',
      status: 413,
      reason: 'body too large',
    });
  });

  test('a 200 that is not JSON, or a session answer without an id, is a failure', async () => {
    const html = recordingFetch(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(client(html.fetch).call('sendLogs', { session_id: 1, logs: [] })).rejects.toThrow(/other than JSON/);
    const noId = recordingFetch(() => new Response('{"ok":true}', { status: 200 }));
    await expect(client(noId.fetch).call('sendSession', {} as never)).rejects.toThrow(/unexpected JSON/);
  });

  test('a service that does not answer is given up on after the timeout', async () => {
    const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
    await expect(
      client(hanging as typeof fetch, 50).call('sendLogs', { session_id: 1, logs: [] }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('its bodies (docs/uploader.md#compression)', () => {
  const batch = { session_id: 1, logs: [{ x: '2026-01-01T00:00:00.000Z', at: 1, t: 'hello' }] };
  const gzipped = (init: RequestInit) => (init.headers as Record<string, string>)['Content-Encoding'] === 'gzip';

  test('are plain until the service says it takes gzip (Accept-Encoding, RFC 7694); then gzipped, but keepalive ones', async () => {
    let offer: Record<string, string> = {};
    const { requests, fetch } = recordingFetch(() => new Response('{}', { status: 200, headers: offer }));
    const service = client(fetch);
    await service.call('sendLogs', batch);
    offer = { 'Accept-Encoding': 'deflate, gzip' };
    await service.call('getDeviceStatus', {} as never);
    await service.call('sendLogs', batch);
    await service.call('sendLogs', batch, { keepalive: true });
    expect(requests.map(({ init }) => gzipped(init))).toEqual([false, false, true, false]);
    expect(JSON.parse(gunzipSync(Buffer.from(requests[2].init.body as ArrayBuffer)).toString())).toEqual(batch);
    expect(requests[2].init.headers).toMatchObject({
      'Content-Type': 'application/json;charset=UTF-8',
      'X-App-Token': 'app-key',
    });
  });

  test('a 415 that does not list gzip makes them plain again for good, whatever is offered after it', async () => {
    let status = 200;
    const { requests, fetch } = recordingFetch(
      () => new Response('{}', { status, headers: { 'Accept-Encoding': status === 415 ? 'identity' : 'gzip' } }),
    );
    const service = client(fetch);
    await service.call('getDeviceStatus', {} as never);
    status = 415;
    await expect(service.call('sendLogs', batch)).rejects.toMatchObject({ status: 415 });
    status = 200;
    await service.call('sendLogs', batch);
    await service.call('sendLogs', batch);
    expect(requests.map(({ init }) => gzipped(init))).toEqual([false, true, false, false]);
  });
});
