// The OTLP target reads a backend's answers as outcomes (docs/opentelemetry.md#answers, docs/uploader.md#targets-and-outcomes)
// over a recording fetch: the one place where OTLP's statuses mean anything. Its bodies are decoded with
// OpenTelemetry's own definitions (tests/support/otlp-decode.ts).
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { IssueType, LogLevel, type OtlpConfig, type SessionPayload } from '../../../protocol/index.ts';
import { createOtlpTarget } from '../../../worker/otlp-target.ts';
import { KEEPALIVE_CHUNK_BYTES } from '../../../worker/tuning.ts';
import { attributeMap, decodeLogsRequest, plain } from '../../support/otlp-decode.ts';

const URL = 'https://otel.example.com/v1/logs';

function targetAnswering(
  answer: (init: RequestInit) => Response | Promise<Response>,
  { otlp = {} as Partial<OtlpConfig>, keepalive = false, timeoutMs = 10_000 } = {},
) {
  const requests: RequestInit[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(String(url)).toBe(URL);
    requests.push(init!);
    return answer(init!);
  };
  const target = createOtlpTarget({
    otlp: { url: URL, headers: {}, compression: 'none', serviceName: 'shop-web', ...otlp },
    browser: { platform: 'Linux' },
    deviceKeys: () => ({ plan: 'gold' }),
    keepalive,
    timeoutMs,
    fetch: fetch as typeof globalThis.fetch,
    now: () => Date.parse('2026-01-01T00:00:05Z'),
  });
  return { target, requests };
}

/** A request's body as the backend decodes it. */
function bodyOf(init: RequestInit) {
  const text = init.body instanceof ArrayBuffer ? gunzipSync(Buffer.from(init.body)).toString() : (init.body as string);
  return decodeLogsRequest(JSON.parse(text));
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const session = {
  id: 0,
  uuid: 'session-1',
  payload: {
    app_version: { version: '2.4.1', build: '311' },
    device: { udid: 'u' },
    sdk_version: '0.1.0',
  } as SessionPayload,
};
const logs = [
  { x: '2026-01-01T00:00:00.000Z', at: Date.parse('2026-01-01T00:00:00.000Z'), t: 'one', ll: LogLevel.Info },
  { x: '2026-01-01T00:00:00.001Z', at: Date.parse('2026-01-01T00:00:00.001Z'), t: 'two', ll: LogLevel.Error },
];

describe('the OTLP target', () => {
  test("a session and a device key are accepted without a request: OTLP has neither; the keys go on the next request's resource", async () => {
    const { target, requests } = targetAnswering(json({}));
    expect(await target.registerSession(session.payload)).toEqual({ outcome: 'accepted', sessionId: 0 });
    expect(await target.sendKey('plan', 'gold')).toEqual({ outcome: 'accepted' });
    expect(requests).toEqual([]);
    await target.sendLogs(session, logs);
    expect(attributeMap(bodyOf(requests[0]).resourceLogs![0].resource!.attributes)).toMatchObject({
      plan: 'gold',
      'service.name': 'shop-web',
      'browser.platform': 'Linux',
    });
  });

  test('a batch is one JSON request of the records in order, with the headers given; an issue is an event of its own', async () => {
    const { target, requests } = targetAnswering(json({}), { otlp: { headers: { Authorization: 'Basic c2hvcA==' } } });
    expect(await target.sendLogs(session, logs)).toEqual({ outcome: 'accepted' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Basic c2hvcA==' },
    });
    expect(requests[0].signal).toBeInstanceOf(AbortSignal);
    const records = bodyOf(requests[0]).resourceLogs![0].scopeLogs![0].logRecords!;
    expect(
      records.map((record) => [plain(record.body), record.severityText, attributeMap(record.attributes)['session.id']]),
    ).toEqual([
      ['one', 'INFO', 'session-1'],
      ['two', 'ERROR', 'session-1'],
    ]);
    expect(await target.sendIssue(session, { uuid: 'i', title: 'T', text: 'X', type: IssueType.Crash })).toEqual({
      outcome: 'accepted',
    });
    const [crash] = bodyOf(requests[1]).resourceLogs![0].scopeLogs![0].logRecords!;
    expect(crash).toMatchObject({ eventName: 'sidelog.crash', observedTimeUnixNano: '1767225605000000000' });
  });

  test.each([
    ['an empty 200', () => new Response(null, { status: 200 })],
    ['a 204 (Loki)', () => new Response(null, { status: 204 })],
    ['an empty partial success', json({ partialSuccess: {} })],
    ['a warning without rejections', json({ partialSuccess: { rejectedLogRecords: '0', errorMessage: 'slow down' } })],
  ])('%s is accepted', async (_what, answer) => {
    expect(await targetAnswering(answer).target.sendLogs(session, logs)).toEqual({ outcome: 'accepted' });
  });

  test('a partial success is accepted, letting go the records it rejected (an int64: a string, or a number)', async () => {
    const rejected = json({ partialSuccess: { rejectedLogRecords: '1', errorMessage: 'body too long' } });
    expect(await targetAnswering(rejected).target.sendLogs(session, logs)).toEqual({
      outcome: 'accepted',
      dropped: { count: 1, reason: 'body too long' },
    });
    expect(
      await targetAnswering(json({ partialSuccess: { rejectedLogRecords: 2 } })).target.sendLogs(session, logs),
    ).toEqual({
      outcome: 'accepted',
      dropped: { count: 2, reason: 'rejected' },
    });
  });

  test('400 and 413 refuse the data, with the Status message: the uploader splits the batch around it', async () => {
    const bad = json({ code: 3, message: 'severityNumber out of range' }, 400);
    expect(await targetAnswering(bad).target.sendLogs(session, logs)).toEqual({
      outcome: 'refused',
      reason: '400: severityNumber out of range',
    });
    expect(
      await targetAnswering(() => new Response('too large', { status: 413 })).target.sendLogs(session, logs),
    ).toEqual({ outcome: 'refused', reason: '413' });
  });

  test.each([429, 502, 503, 504])('%i is retried later, not before its Retry-After', async (status) => {
    expect(
      await targetAnswering(json({ message: 'busy' }, status, { 'Retry-After': '30' })).target.sendLogs(session, logs),
    ).toEqual({
      outcome: 'retry-later',
      reason: `OTLP export answered ${status}: busy`,
      afterMs: 30_000,
    });
    expect(await targetAnswering(json({}, status)).target.sendLogs(session, logs)).toEqual({
      outcome: 'retry-later',
      reason: `OTLP export answered ${status}`,
    });
  });

  test('statuses OTLP would drop the data for (401, 403, 404, 500) keep it, to be retried later; so do the network, a timeout and a body that is not OTLP', async () => {
    for (const status of [401, 403, 404, 500])
      expect(await targetAnswering(json({}, status)).target.sendLogs(session, logs)).toMatchObject({
        outcome: 'retry-later',
      });
    const offline = targetAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.target.sendLogs(session, logs)).toEqual({
      outcome: 'retry-later',
      reason: 'OTLP export failed: Failed to fetch',
    });
    const hanging = targetAnswering(
      (init) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      { timeoutMs: 50 },
    );
    expect(await hanging.target.sendLogs(session, logs)).toMatchObject({
      outcome: 'retry-later',
      reason: expect.stringMatching(/timed out|timeout/i),
    });
    expect(
      await targetAnswering(() => new Response('<html>Sign in to the Wi-Fi</html>')).target.sendLogs(session, logs),
    ).toMatchObject({ outcome: 'retry-later' });
    expect(await targetAnswering(json(['not', 'a', 'response'])).target.sendLogs(session, logs)).toMatchObject({
      outcome: 'retry-later',
    });
  });
});

describe('its bodies', () => {
  test('are gzipped by default, with Content-Encoding; a 415 makes them plain from then on', async () => {
    let status = 415;
    const { target, requests } = targetAnswering(() => new Response(null, { status }), {
      otlp: { compression: 'gzip' },
    });
    expect(await target.sendLogs(session, logs)).toMatchObject({ outcome: 'retry-later' });
    expect(requests[0].headers).toMatchObject({ 'Content-Encoding': 'gzip' });
    expect(bodyOf(requests[0]).resourceLogs![0].scopeLogs![0].logRecords).toHaveLength(2);
    status = 200;
    expect(await target.sendLogs(session, logs)).toEqual({ outcome: 'accepted' });
    expect(requests[1].headers).not.toHaveProperty('Content-Encoding');
    expect(typeof requests[1].body).toBe('string');
  });

  test('a gzipped request that gets no answer while a plain one does (a CORS preflight refusing Content-Encoding) makes them plain', async () => {
    const { target, requests } = targetAnswering(
      () =>
        requests.at(-1)!.body instanceof ArrayBuffer
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Response(null, { status: 200 }),
      { otlp: { compression: 'gzip' } },
    );
    expect(await target.sendLogs(session, logs)).toMatchObject({ outcome: 'retry-later' });
    expect(await target.sendLogs(session, logs)).toEqual({ outcome: 'accepted' });
    expect(await target.sendLogs(session, logs)).toEqual({ outcome: 'accepted' });
    expect(requests.map((init) => init.body instanceof ArrayBuffer)).toEqual([true, false, false]);
  });

  test('the network down for both kinds: gzip again once it is back', async () => {
    let online = false;
    const { target, requests } = targetAnswering(
      () => (online ? new Response(null, { status: 200 }) : Promise.reject(new TypeError('Failed to fetch'))),
      {
        otlp: { compression: 'gzip' },
      },
    );
    await target.sendLogs(session, logs);
    await target.sendLogs(session, logs);
    online = true;
    await target.sendLogs(session, logs);
    await target.sendLogs(session, logs);
    expect(requests.map((init) => init.body instanceof ArrayBuffer)).toEqual([true, false, true, true]);
  });

  test("keepalive ones are plain, outlive the page, and a batch over keepalive's cap goes in parts under it", async () => {
    const { target, requests } = targetAnswering(json({}), { keepalive: true, otlp: { compression: 'gzip' } });
    const many = Array.from({ length: 400 }, (_, i) => ({
      x: logs[0].x,
      at: logs[0].at + i,
      t: `line ${i} `.padEnd(300, '.'),
    }));
    expect(await target.sendLogs(session, many)).toEqual({ outcome: 'accepted' });
    expect(requests.length).toBeGreaterThan(1);
    for (const init of requests) {
      expect(init.keepalive).toBe(true);
      expect(init.headers).not.toHaveProperty('Content-Encoding');
      expect(new TextEncoder().encode(init.body as string).length).toBeLessThanOrEqual(KEEPALIVE_CHUNK_BYTES);
    }
    const sent = requests.flatMap((init) =>
      bodyOf(init).resourceLogs![0].scopeLogs![0].logRecords!.map((record) => plain(record.body)),
    );
    expect(sent).toEqual(many.map((log) => log.t));
  });
});
