// The viewer pages at the URLs Sidelog hands out, and the same data as JSON on the admin API.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { createHarness } from './service-harness.ts';

const XSS = '<img src=x onerror=alert(1)>';
const APP_ID = appIdOf(DEMO_APP_KEY);

let service: ReturnType<typeof createHarness>;
beforeEach(async () => {
  service = createHarness();
  const session_id = await service.session('session-1');
  await service.wire('sendLogs', {
    session_id,
    logs: [
      { x: '2026-11-22T10:00:00.000Z', at: 1, t: `clicked ${XSS}`, ll: 1, tg: XSS, f: 'cart.ts', l: 42, m: 'open' },
      { x: '2026-11-22T10:00:01.000Z', at: 2, t: 'plain line', ll: 4 },
    ],
  });
  await service.wire('sendIssue', {
    uid: 'issue-1',
    url: `http://127.0.0.1/sidelog/intent/${APP_ID}/issue/issue-1`,
    title: `Broken ${XSS}`,
    text: `Steps: ${XSS}`,
    app: { key: DEMO_APP_KEY },
    type: 'crash',
    session_id,
  });
  await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: XSS, value: XSS });
});
afterEach(() => service.close());

async function page(path: string) {
  const answer = await service.app.request(path);
  return { status: answer.status, type: answer.headers.get('Content-Type'), body: await answer.text() };
}

describe('the viewer', () => {
  test('appID is the first 10 characters of the URL-safe base64 SHA-256 of the key', () => {
    // echo -n sidelog-demo-key | openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | cut -c1-10
    expect(APP_ID).toMatch(/^[A-Za-z0-9_-]{10}$/);
    expect(service.store.app(DEMO_APP_KEY)?.appId).toBe(APP_ID);
  });

  test('an issue page shows the issue and its session logs, escaped', async () => {
    const { status, type, body } = await page(`/sidelog/intent/${APP_ID}/issue/issue-1`);
    expect(status).toBe(200);
    expect(type).toMatch(/text\/html/);
    expect(body).not.toContain(XSS);
    expect(body).toContain('Broken &lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain('Steps: &lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain('clicked &lt;img');
    expect(body).toContain('plain line');
    expect(body).toContain('crash');
  });

  test('a session page shows each log with level name, tag, time, file:line and text', async () => {
    const { status, body } = await page(`/sidelog/intent/${APP_ID}/session/session-1`);
    expect(status).toBe(200);
    expect(body).not.toContain(XSS);
    for (const shown of ['Warning', 'Info', '2026-11-22T10:00:00.000Z', 'cart.ts:42', 'clicked &lt;img', 'Broken &lt;img']) expect(body).toContain(shown);
  });

  test('a device page shows its keys and sessions', async () => {
    const { status, body } = await page(`/sidelog/intent/${APP_ID}/device/device-1`);
    expect(status).toBe(200);
    expect(body).not.toContain(XSS);
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain(`/sidelog/intent/${APP_ID}/session/session-1`);
  });

  test('the index lists recent sessions and issues', async () => {
    const { status, body } = await page('/sidelog/');
    expect(status).toBe(200);
    expect(body).not.toContain(XSS);
    expect(body).toContain(`/sidelog/intent/${APP_ID}/issue/issue-1`);
    expect(body).toContain(`/sidelog/intent/${APP_ID}/session/session-1`);
  });

  test.each(['issue/nope', 'session/nope', 'device/nope'])('an unknown %s is a 404 page', async (path) => {
    expect((await page(`/sidelog/intent/${APP_ID}/${path}`)).status).toBe(404);
    expect((await page(`/sidelog/intent/wrong-app-/${path}`)).status).toBe(404);
  });
});

describe('the viewer data as JSON (admin API)', () => {
  test('issue by uuid, with its session logs', async () => {
    const view = await service.admin(`intent/${APP_ID}/issue/issue-1`);
    expect(view.issue).toMatchObject({ uid: 'issue-1', type: 'crash', session_uid: 'session-1' });
    expect(view.logs.map((log: { t: string }) => log.t)).toEqual([`clicked ${XSS}`, 'plain line']);
  });

  test('session by uuid, with its logs and issues', async () => {
    const view = await service.admin(`intent/${APP_ID}/session/session-1`);
    expect(view.session).toMatchObject({ session_uid: 'session-1', udid: 'device-1' });
    expect(view.logs).toHaveLength(2);
    expect(view.issues.map((issue: { uid: string }) => issue.uid)).toEqual(['issue-1']);
  });

  test('device by udid, with its keys and sessions', async () => {
    const view = await service.admin(`intent/${APP_ID}/device/device-1`);
    expect(view.keys).toEqual([{ key: XSS, value: XSS }]);
    expect(view.sessions.map((session: { session_uid: string }) => session.session_uid)).toEqual(['session-1']);
  });

  test('unknown ids answer 404', async () => {
    await expect(service.admin(`intent/${APP_ID}/issue/nope`)).rejects.toThrow(/404/);
  });
});

test('the index leaves out apps that have received nothing', async () => {
  await service.admin('apps', { json: { key: 'silent-app', enabled: true } });
  const { body } = await page('/sidelog/');
  expect(body).toContain(DEMO_APP_KEY);
  expect(body).not.toContain('silent-app');
});
