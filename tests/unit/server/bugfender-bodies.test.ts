// Bodies as @bugfender/sdk 2.4.0 posts them (read from its built code in node_modules): what the collector keeps of
// each and how the viewer shows it. The end-to-end run of the real SDK is tests/e2e/bugfender-sdk.test.ts.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { bugfenderAppIdOf } from '../../../server/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { createHarness } from './service-harness.ts';

let service: ReturnType<typeof createHarness>;
beforeEach(() => {
  service = createHarness();
});
afterEach(() => service.close());

const BF_APP_ID = bugfenderAppIdOf(DEMO_APP_KEY);
const bfDevice = {
  udid: 'bf-device',
  name: 'Chrome 156',
  device_type: 'Chrome',
  firebase_test_lab: false,
  key_values: { $browser: 'Chrome' },
  language: 'en-US',
  os: 'Linux',
  sdk_type: 'web',
  sdk_version: '20251107',
};
const bfSession = {
  device: bfDevice,
  orientation: 0,
  batteryLevel: -1,
  ram_total: 0,
  ram_free: 0,
  ram_used: 0,
  language: 'en-US',
  time: '2026-11-23T10:00:00.000Z',
  sdk_type: 'web',
  sdk_version: 20251107,
  session_uid: 'bf-session',
  app_version: { app: { key: DEMO_APP_KEY } },
};
const page = async (path: string) => (await service.app.request(path)).text();

test("a session, an issue without url and its bf_issue line, keys set and removed as the SDK sends them", async () => {
  const { id: session_id } = await (await service.wire('sendSession', bfSession)).json();
  const issue = { uid: 'bf-issue-1', title: 'Checkout', text: 'Broke', app: { key: DEMO_APP_KEY }, type: 'issue', session_id };
  expect((await service.wire('sendIssue', issue)).status).toBe(200);
  const line = { x: '2026-11-23T10:00:01.000Z', t: 'bf-issue-1', m: '', at: 1, tg: 'bf_issue', f: '', l: 0, ll: 2, u: 'http://127.0.0.1:1/' };
  const keyLine = { ...line, at: 2, t: 'Set device data "plan"="gold"', tg: 'bf_key_value', ll: 0 };
  expect((await service.wire('sendLogs', { session_id, logs: [line, keyLine] })).status).toBe(200);
  for (const value of ['gold', 'null']) {
    expect((await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'bf-device', key: 'plan', value })).status).toBe(200);
  }

  const sessionPage = await page(`/sidelog/intent/${BF_APP_ID}/session/bf-session`);
  expect(sessionPage).toContain('web 20251107');
  // The issue's line in the log links to the issue.
  expect(sessionPage).toMatch(/<a href="\/sidelog\/intent\/[^/]+\/issue\/bf-issue-1">bf-issue-1<\/a>/);
  expect(sessionPage).toContain('Set device data &quot;plan&quot;=&quot;gold&quot;');
  expect(await page(`/sidelog/intent/${BF_APP_ID}/issue/bf-issue-1`)).toContain('Broke');

  const devicePage = await page(`/sidelog/intent/${BF_APP_ID}/device/bf-device`);
  expect(devicePage).toMatch(/<dt>OS<\/dt><dd>Linux<\/dd>/);
  // "null" removed the key: it is not shown, not even as "null".
  expect(devicePage).not.toContain('plan');
  expect(service.store.deviceKeys(DEMO_APP_KEY, 'bf-device')).toEqual([]);
});
