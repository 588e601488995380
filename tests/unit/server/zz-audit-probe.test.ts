import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { createHarness, type Harness, device, logs, sessionPayload } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);
const HOSTILE: unknown[] = ['a\u0000b', 'a\uDC00', { ['k\uD800']: 'a\u0000' }, true, {}, { toString: 1 }, [1, [2]], 12.5, -1, 0, null, 'a\uD800', '', 'x'.repeat(5000), 1e300, -1e300];

describe.each(STORE_KINDS)('probe on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
  });
  afterEach(() => service.close());
  const statuses: string[] = [];
  const note = (what: string, status: number) => {
    if (status >= 500) statuses.push(`${kind} ${what}: ${status}`);
  };

  test('hostile values in every field of every op', async () => {
    const session_id = await service.session('s-probe');
    const [base] = logs(1);
    let n = 0;
    for (const value of HOSTILE) {
      const tag = JSON.stringify(value)?.slice(0, 20);
      // each log field
      for (const field of ['x', 't', 'm', 'at', 'tg', 'f', 'l', 'll', 'u']) {
        const r = await service.wire('sendLogs', { session_id, logs: [{ ...base, at: base.at + ++n, t: `p${n}`, [field]: value }] });
        note(`log.${field}=${tag}`, r.status);
      }
      const r1 = await service.wire('sendLogs', { session_id: value, logs: logs(1) });
      note(`sendLogs.session_id=${tag}`, r1.status);
      const r2 = await service.wire('sendLogs', { session_id, logs: value });
      note(`sendLogs.logs=${tag}`, r2.status);
      const r3 = await service.wire('sendLogs', { session_id, logs: [value] });
      note(`sendLogs.logs[0]=${tag}`, r3.status);
      for (const field of ['uid', 'title', 'text', 'url', 'app', 'type', 'session_id']) {
        const r = await service.wire('sendIssue', { uid: `i${++n}`, title: 't', text: 'x', app: { key: DEMO_APP_KEY }, type: 'issue', session_id, [field]: value });
        note(`issue.${field}=${tag}`, r.status);
      }
      for (const field of ['app_key', 'device_id', 'key', 'value']) {
        const r = await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: `k${++n}`, value: 'v', [field]: value });
        note(`key.${field}=${tag}`, r.status);
      }
      for (const field of ['udid', 'name', 'device_type', 'os', 'os_version', 'language', 'sdk_type', 'sdk_version', 'build', 'version', 'key_values', 'firebase_test_lab']) {
        const r = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: { ...device('device-1'), [field]: value } });
        note(`status.device.${field}=${tag}`, r.status);
        const r2 = await service.wire('sendSession', { ...sessionPayload(`s${++n}`), device: { ...device('device-1'), [field]: value } });
        note(`session.device.${field}=${tag}`, r2.status);
      }
      const r4 = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: { ...device('device-1'), key_values: { a: value } } });
      note(`status.device.key_values.a=${tag}`, r4.status);
      for (const field of ['device', 'orientation', 'batteryLevel', 'ram_total', 'language', 'time', 'sdk_type', 'sdk_version', 'session_uid', 'app_version']) {
        const r = await service.wire('sendSession', { ...sessionPayload(`s${++n}`), [field]: value });
        note(`session.${field}=${tag}`, r.status);
      }
      const r5 = await service.wire('getDeviceStatus', { app_token: value, device: device('device-1') }, null);
      note(`status.app_token(nohdr)=${tag}`, r5.status);
      const r6 = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: value });
      note(`status.device=${tag}`, r6.status);
    }
    // Now every view.
    for (const session of await service.store.sessions(DEMO_APP_KEY)) {
      const p = await service.explore(`/sidelog/intent/${APP_ID}/session/${encodeURIComponent(session.session_uid)}`);
      note(`view session ${session.session_uid}`, p.status);
    }
    const d = await service.explore(`/sidelog/intent/${APP_ID}/device/device-1`);
    note('view device', d.status);
    note('view root', (await service.explore('/sidelog/')).status);
    for (const issue of await service.admin<{ uid: string }[]>(`issues?app=${DEMO_APP_KEY}`)) {
      const p = await service.explore(`/sidelog/intent/${APP_ID}/issue/${encodeURIComponent(issue.uid)}`);
      note(`view issue ${issue.uid}`, p.status);
    }
    const api = async (path: string) => {
      const explorer = await service.app.request('/sidelog/explorer/api/sign-in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: 'test-admin-token' }) });
      const cookie = explorer.headers.get('Set-Cookie')!.split(';')[0];
      const a = await service.app.request(`/sidelog/explorer/api/apps/${APP_ID}${path}`, { headers: { Cookie: cookie } });
      await a.text();
      note(`api ${path}`, a.status);
    };
    for (const path of ['/logs', '/logs?q=line', '/logs?q=p1', '/logs/tail?after=0', '/logs/export?format=csv', '/logs/export?format=ndjson', '/tags', '/facets', '/sessions', '/sessions?sort=first', '/sessions?q=ru', '/issues', '/devices', '/logs?level=error', '/logs?key=k1&value=v', '/sessions?language=ru-RU', '/sessions?version=0.0.0', '/devices?q=a', '/issues?q=t', '/sessions?with=issues', '/sessions?device=device-1']) await api(path);
    console.log(statuses.join('\n') || 'no 5xx');
    expect(statuses).toEqual([]);
  }, 120_000);
});
