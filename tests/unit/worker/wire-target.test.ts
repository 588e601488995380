// The wire target reads the service's answers as outcomes (docs/uploader.md#targets-and-outcomes), through the real
// service client over a recording fetch: the one place where the wire's statuses mean anything.
import { describe, expect, test } from 'vitest';
import { UNKNOWN_SESSION_REASON, type SessionPayload } from '../../../protocol/index.ts';
import { createServiceClient } from '../../../worker/service-client.ts';
import { createWireTarget } from '../../../worker/wire-target.ts';

function targetAnswering(
  answer: (init: RequestInit) => Response | Promise<Response>,
  { keepalive = false, timeoutMs = 10_000 } = {},
) {
  const requests: RequestInit[] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    requests.push(init!);
    return answer(init!);
  };
  const client = createServiceClient({
    apiURL: 'http://svc/sidelog/api',
    appKey: 'app-key',
    sdkVersion: '1.0.0',
    fetch: fetch as typeof globalThis.fetch,
    timeoutMs,
  });
  const target = createWireTarget({
    client,
    appKey: 'app-key',
    udid: 'device-1',
    issueURL: (uuid) => `http://svc/issue/${uuid}`,
    keepalive,
  });
  return { target, requests };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const logs = [{ x: '2026-11-22T10:00:00.000Z', at: 1, t: 'hello' }];
const session = (id: number) => ({ id, uuid: 'session-1', payload: {} as SessionPayload });

describe('the wire target', () => {
  test('200 and 304 are accepted; a session is accepted with the id the service gave it', async () => {
    expect(
      await targetAnswering(json({ id: 7 })).target.registerSession({ session_uid: 's' } as SessionPayload),
    ).toEqual({ outcome: 'accepted', sessionId: 7 });
    expect(await targetAnswering(json({})).target.sendLogs(session(7), logs)).toEqual({ outcome: 'accepted' });
    expect(await targetAnswering(() => new Response(null, { status: 304 })).target.sendKey('user', 1)).toEqual({
      outcome: 'accepted',
    });
    const issue = { uuid: 'i', title: 'T', text: 'X', type: 'issue' as const };
    expect(await targetAnswering(json({})).target.sendIssue(session(7), issue)).toEqual({ outcome: 'accepted' });
  });

  test('a batch taken with logs the service could not store is accepted, counting them', async () => {
    const skipped = json({
      skipped: [
        { index: 0, reason: "'x' is not a time" },
        { index: 3, reason: 'not an object' },
      ],
    });
    expect(await targetAnswering(skipped).target.sendLogs(session(7), logs)).toEqual({
      outcome: 'accepted',
      dropped: { count: 2, reason: "'x' is not a time" },
    });
  });

  test("400 and 413 refuse the data, with the status and the service's reason", async () => {
    expect(await targetAnswering(json({ error: 'no thanks' }, 400)).target.sendLogs(session(7), logs)).toEqual({
      outcome: 'refused',
      reason: '400: no thanks',
    });
    expect(
      await targetAnswering(() => new Response('too large', { status: 413 })).target.sendLogs(session(7), logs),
    ).toEqual({ outcome: 'refused', reason: '413' });
  });

  test(`400 '${UNKNOWN_SESSION_REASON}' is about the session, not the data`, async () => {
    expect(
      await targetAnswering(json({ error: UNKNOWN_SESSION_REASON }, 400)).target.sendLogs(session(7), logs),
    ).toMatchObject({ outcome: 'unknown-session' });
  });

  test.each([500, 502, 401, 429])('%i is retried later', async (status) => {
    expect(await targetAnswering(json({ error: 'later' }, status)).target.sendLogs(session(7), logs)).toEqual({
      outcome: 'retry-later',
      reason: `sendLogs answered ${status} (later)`,
    });
  });

  test('Retry-After, in seconds or as a date, says how long to wait', async () => {
    expect(
      await targetAnswering(json({}, 503, { 'Retry-After': '5' })).target.sendLogs(session(7), logs),
    ).toMatchObject({ outcome: 'retry-later', afterMs: 5_000 });
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const dated = await targetAnswering(json({}, 429, { 'Retry-After': inAMinute })).target.sendLogs(session(7), logs);
    expect(dated.outcome === 'retry-later' && dated.afterMs).toBeGreaterThan(55_000);
  });

  test('a network failure, a timeout, an answer that is not JSON and a session without an id are retried later', async () => {
    const offline = targetAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.target.sendLogs(session(7), logs)).toEqual({
      outcome: 'retry-later',
      reason: 'Failed to fetch',
    });
    const hanging = targetAnswering(
      (init) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      { timeoutMs: 20 },
    );
    expect(await hanging.target.sendLogs(session(7), logs)).toMatchObject({
      outcome: 'retry-later',
      reason: expect.stringMatching(/timed out|timeout/i),
    });
    expect(
      await targetAnswering(() => new Response('<html>proxy</html>')).target.sendLogs(session(7), logs),
    ).toMatchObject({ outcome: 'retry-later' });
    expect(await targetAnswering(json({ ok: true })).target.registerSession({} as SessionPayload)).toMatchObject({
      outcome: 'retry-later',
    });
  });

  test('its keepalive flavour makes every request outlive the page', async () => {
    const { target, requests } = targetAnswering(json({ id: 1 }), { keepalive: true });
    await target.registerSession({} as SessionPayload);
    await target.sendLogs(session(1), logs);
    expect(requests.map((init) => init.keepalive)).toEqual([true, true]);
    const ordinary = targetAnswering(json({}));
    await ordinary.target.sendLogs(session(1), logs);
    expect(ordinary.requests[0].keepalive).toBeFalsy();
  });
});
