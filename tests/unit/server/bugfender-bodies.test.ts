// Bodies as @bugfender/sdk 2.4.0 posts them (read from its built code in node_modules): what the collector keeps of
// each and how the explorer shows it. The end-to-end run of the real SDK is tests/e2e/bugfender-sdk.test.ts.
import { afterEach, beforeEach, expect, test, describe } from 'vitest';
import { bugfenderAppIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

// Each test runs on SQLite and on PostgreSQL: one contract, two stores.
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
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
  /** What the explorer's API answers a signed-in viewer for one of its page URLs. */
  const page = async (path: string) => {
    const { status, body } = await service.explore(path);
    expect(status, path).toBe(200);
    return body;
  };

  test('a session, an issue without url and its bf_issue line, keys set and removed as the SDK sends them', async () => {
    const { id: session_id } = await (await service.wire('sendSession', bfSession)).json();
    const issue = {
      uid: 'bf-issue-1',
      title: 'Checkout',
      text: 'Broke',
      app: { key: DEMO_APP_KEY },
      type: 'issue',
      session_id,
    };
    expect((await service.wire('sendIssue', issue)).status).toBe(200);
    const line = {
      x: '2026-11-23T10:00:01.000Z',
      t: 'bf-issue-1',
      m: '',
      at: 1,
      tg: 'bf_issue',
      f: '',
      l: 0,
      ll: 2,
      u: 'http://127.0.0.1:1/',
    };
    const keyLine = { ...line, at: 2, t: 'Set device data "plan"="gold"', tg: 'bf_key_value', ll: 0 };
    expect((await service.wire('sendLogs', { session_id, logs: [line, keyLine] })).status).toBe(200);
    for (const value of ['gold', 'null']) {
      expect(
        (await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'bf-device', key: 'plan', value }))
          .status,
      ).toBe(200);
    }

    const [sessionAnswer, logsAnswer] = (await page(`/sidelog/intent/${BF_APP_ID}/session/bf-session`))
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(sessionAnswer.sdk).toBe('web 20251107');
    expect(logsAnswer.logs.map((log: { tg: string; t: string }) => [log.tg, log.t])).toEqual(
      expect.arrayContaining([
        ['bf_issue', 'bf-issue-1'],
        ['bf_key_value', 'Set device data "plan"="gold"'],
      ]),
    );
    // The issue's line names an issue the explorer opens (the link itself is the page's; tests/e2e/bugfender-sdk.test.ts).
    const issueAnswer = JSON.parse(await page(`/sidelog/intent/${BF_APP_ID}/issue/bf-issue-1`));
    expect(issueAnswer.issue.text).toBe('Broke');
    expect(issueAnswer.around.logs.map((log: { tg: string }) => log.tg)).toContain('bf_issue');

    const devicePage = await page(`/sidelog/intent/${BF_APP_ID}/device/bf-device`);
    expect(JSON.parse(devicePage.split('\n')[0]).os_version).toBe('Linux');
    // "null" removed the key: it is not shown, not even as "null".
    expect(devicePage).not.toContain('plan');
    expect(await service.store.deviceKeys(DEMO_APP_KEY, 'bf-device')).toEqual([]);
  });
});
