// An issue group's analytics and "resolved in <version>" (docs/explorer.md#an-issue-groups-analytics,
// docs/explorer.md#resolved-in-a-version), through the explorer's API on SQLite and on PostgreSQL: occurrences by
// version, OS and browser, counted exactly; first seen by the collector's clock, the device's own and the earliest
// version; a group resolved in 2.4.1 staying resolved on an occurrence from 2.4.0 and reopening on one from 2.4.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import { compareVersions } from '../../../server/analysis/version-order.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import type { GroupAnalytics } from '../../../server/explorer/group-analytics.ts';
import { VERSION_REFUSED } from '../../../server/explorer/issue-groups.ts';
import { device, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);
/** When the device logged the first occurrence, by its own clock: long before it reached the collector. */
const LOGGED = Date.UTC(2026, 9, 30, 23, 50);

test('versions in order, as docs/explorer.md#resolved-in-a-version reads them', () => {
  const doc = (a: string, b: string) => Math.sign(compareVersions(a, b) ?? NaN);
  expect(doc('2.4.0', '2.4.1')).toBe(-1);
  expect(doc('2.10.0', '2.9.9')).toBe(1);
  expect(doc('2.4', '2.4.0')).toBe(0);
  expect(doc('v2.4.1', '2.4.1')).toBe(0);
  expect(doc('2.4.1-beta', '2.4.1')).toBe(-1);
  expect(doc('2.4.1-beta', '2.4.1-rc.1')).toBe(-1);
  expect(doc('2.4.1+build.7', '2.4.1')).toBe(0);
  expect(compareVersions('dev', '2.4.1')).toBeUndefined();
});

describe.each(LOG_STORE_KINDS)('an issue group on %s', (kind) => {
  let service: Harness;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  async function explorer<T = any>(path: string, json?: unknown): Promise<{ status: number; body: T }> {
    const answer = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { Cookie: cookie, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }
  /** A session of device `udid` on app version `version`, in `browser` on `os`. */
  const sessions = new Map<string, number>();
  async function sessionOf(udid: string, [version, browser, os, name]: readonly string[]): Promise<number> {
    if (!sessions.has(udid)) {
      const payload = {
        ...sessionPayload(`s-${udid}`, DEMO_APP_KEY, udid),
        device: { ...device(udid), device_type: browser, os_version: os, ...(name && { name }) },
        app_version: { app: { key: DEMO_APP_KEY }, version, build: '1' },
      };
      const response = await service.wire('sendSession', payload);
      sessions.set(udid, ((await response.json()) as { id: number }).id);
    }
    return sessions.get(udid)!;
  }
  const DEVICES = {
    'd-old': ['2.4.0', 'Chrome', 'macOS 14'],
    'd-fix': ['2.4.1', 'Firefox', 'Windows 11'],
    'd-new': ['2.5.0', 'Chrome', 'Windows 11'],
    // Sidelog's own devices send no device_type (docs/wire-format.md#device), and name themselves by the browser
    // and the OS unless the app gave a name.
    'd-sidelog': ['2.5.0', '', 'Windows', 'Edge 131 (Windows)'],
    'd-named': ['2.5.0', '', 'Linux', 'Kiosk 3 (hall)'],
  } as const;
  let issues = 0;
  async function occurrence(udid: keyof typeof DEVICES, what = 'Payment'): Promise<string> {
    const uid = `analytics-${++issues}`;
    const answer = await service.wire('sendIssue', {
      uid,
      url: '',
      title: `${what} ${issues} declined`,
      text: `Error: ${what} ${issues} declined\nStack: Error\n    at pay (https://shop.example/app.js:1:1)`,
      app: { key: DEMO_APP_KEY },
      type: 'crash',
      session_id: await sessionOf(udid, DEVICES[udid]),
    });
    expect(answer.status).toBe(200);
    return uid;
  }

  test('occurrences by version, OS and browser; first seen by arrival, by the device and by version', async () => {
    const first = await occurrence('d-old');
    // The device's own line for the first occurrence, Bugfender's bf_issue line with its uid.
    await service.store.addLogs(DEMO_APP_KEY, sessions.get('d-old')!, [
      { x: new Date(LOGGED).toISOString(), at: LOGGED, t: first, tg: 'bf_issue', ll: 2 },
    ]);
    await service.store.settled();
    await occurrence('d-old');
    await occurrence('d-new');
    await occurrence('d-fix');
    const group = (await explorer<IssueGroup>(`/issues/${first}/group`)).body;
    const { body } = await explorer<GroupAnalytics>(`/issue-groups/${group.id}/analytics`);
    expect(body).toMatchObject({
      occurrences: 4,
      versions: [
        { value: '2.5.0', count: 1 },
        { value: '2.4.1', count: 1 },
        { value: '2.4.0', count: 2 },
      ],
      os: [
        { value: 'Windows 11', count: 2 },
        { value: 'macOS 14', count: 2 },
      ],
      browsers: [
        { value: 'Chrome', count: 3 },
        { value: 'Firefox', count: 1 },
      ],
      first_seen: { received: group.first_seen, logged: LOGGED, version: '2.4.0' },
      resolved_in: null,
    });
    // Every day from the first occurrence to the last, summing to them.
    expect(body.days.reduce((sum, day) => sum + day.count, 0)).toBe(4);
    expect(body.days[0]!.day).toBe(group.first_seen.slice(0, 10));
    expect(body.versions.at(-1)!.first_seen).toBe(group.first_seen);
    // What a log store apart from SIDELOG_DB asks of it to find the occurrences' lines: each issue's session and uid.
    const keys = await service.store.groupIssueKeys(DEMO_APP_KEY, [group.id, 0]);
    expect(keys.map((key) => key.uid).sort()).toEqual([first, 'analytics-2', 'analytics-3', 'analytics-4']);
    expect(keys.find((key) => key.uid === first)).toEqual({
      group_id: group.id,
      session_id: sessions.get('d-old'),
      uid: first,
    });
  });

  test("a device that named no browser counts as the browser its default name gives, a name of the app's own as unknown", async () => {
    const first = await occurrence('d-sidelog', 'Render');
    await occurrence('d-new', 'Render');
    await occurrence('d-named', 'Render');
    const group = (await explorer<IssueGroup>(`/issues/${first}/group`)).body;
    const { body } = await explorer<GroupAnalytics>(`/issue-groups/${group.id}/analytics`);
    expect(body.browsers).toEqual([
      { value: '(unknown)', count: 1 },
      { value: 'Chrome', count: 1 },
      { value: 'Edge', count: 1 },
    ]);
  });

  test('resolved in 2.4.1: an occurrence from 2.4.0 leaves it resolved, one from 2.4.1 reopens it', async () => {
    const uid = await occurrence('d-old');
    const { id } = (await explorer<IssueGroup>(`/issues/${uid}/group`)).body;
    expect((await explorer(`/issue-groups/${id}/status`, { status: 'open', version: '2.4.1' })).body).toEqual({
      error: VERSION_REFUSED,
    });
    expect((await explorer(`/issue-groups/${id}/status`, { status: 'resolved', version: 'dev' })).status).toBe(400);
    const resolved = await explorer<IssueGroup>(`/issue-groups/${id}/status`, { status: 'resolved', version: '2.4.1' });
    expect(resolved.body).toMatchObject({ status: 'resolved', status_by: 'admin' });
    expect((await explorer<GroupAnalytics>(`/issue-groups/${id}/analytics`)).body.resolved_in).toBe('2.4.1');

    await occurrence('d-old');
    expect((await explorer<IssueGroup>(`/issue-groups/${id}`)).body).toMatchObject({
      status: 'resolved',
      status_by: 'admin',
      occurrences: 6,
    });
    await occurrence('d-fix');
    expect((await explorer<IssueGroup>(`/issue-groups/${id}`)).body).toMatchObject({
      status: 'open',
      status_by: null,
      occurrences: 7,
    });
    expect((await explorer<GroupAnalytics>(`/issue-groups/${id}/analytics`)).body.resolved_in).toBeNull();

    // Resolved without a version, any occurrence reopens it, as before.
    await explorer(`/issue-groups/${id}/status`, { status: 'resolved' });
    await occurrence('d-old');
    expect((await explorer<IssueGroup>(`/issue-groups/${id}`)).body.status).toBe('open');
  });
});
