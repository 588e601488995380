// Every field of each of the five operations, given any kind of JSON value: the collector answers below 500, and
// afterwards every view of the explorer over what it stored answers 200 (hostile-bodies.test.ts looks closer at
// what is stored of each).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import type { WireOperation } from '../../../protocol/wire.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { device, logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { isDatabaseKind, LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

/** Text that compresses badly (PostgreSQL compresses a long key before it checks its size): 3,000 characters drawn
 * from 20,000 ideographs, the same each run. */
function incompressible(length: number): string {
  let seed = 1;
  return Array.from({ length }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return String.fromCodePoint(0x4e00 + (seed % 20_000));
  }).join('');
}

const VALUES: unknown[] = [
  true,
  {},
  { toString: 1 },
  { ['k\uD800']: 'a\u0000' },
  [1, [2]],
  12.5,
  -1,
  1e300,
  null,
  '',
  'a\uD800',
  'a\u0000b',
  'x'.repeat(5000),
  incompressible(3000),
];

/** One body per field of each operation, that field replaced by `value`. */
function bodies(value: unknown, session_id: number, n: () => number): [WireOperation, unknown][] {
  const [log] = logs(1);
  const out: [WireOperation, unknown][] = [];
  for (const field of ['x', 't', 'm', 'at', 'tg', 'f', 'l', 'll', 'u'])
    out.push(['sendLogs', { session_id, logs: [{ ...log, at: log.at + n(), [field]: value }] }]);
  out.push(
    ['sendLogs', { session_id: value, logs: logs(1) }],
    ['sendLogs', { session_id, logs: value }],
    ['sendLogs', { session_id, logs: [value] }],
  );
  for (const field of ['uid', 'title', 'text', 'url', 'app', 'type', 'session_id']) {
    out.push([
      'sendIssue',
      {
        uid: `issue-${n()}`,
        title: 't',
        text: 'x',
        app: { key: DEMO_APP_KEY },
        type: 'issue',
        session_id,
        [field]: value,
      },
    ]);
  }
  for (const field of ['app_key', 'device_id', 'key', 'value'])
    out.push([
      'setDeviceKey',
      { app_key: DEMO_APP_KEY, device_id: 'device-1', key: `k${n()}`, value: 'v', [field]: value },
    ]);
  for (const field of [
    'udid',
    'name',
    'device_type',
    'os',
    'os_version',
    'language',
    'sdk_type',
    'sdk_version',
    'build',
    'version',
    'key_values',
    'firebase_test_lab',
  ]) {
    out.push(['getDeviceStatus', { app_token: DEMO_APP_KEY, device: { ...device('device-1'), [field]: value } }]);
    out.push(['sendSession', { ...sessionPayload(`s-${n()}`), device: { ...device('device-1'), [field]: value } }]);
  }
  out.push([
    'getDeviceStatus',
    { app_token: DEMO_APP_KEY, device: { ...device('device-1'), key_values: { a: value } } },
  ]);
  out.push(['getDeviceStatus', { app_token: DEMO_APP_KEY, device: value }]);
  for (const field of [
    'device',
    'orientation',
    'batteryLevel',
    'ram_total',
    'language',
    'time',
    'sdk_type',
    'sdk_version',
    'session_uid',
    'app_version',
  ]) {
    out.push(['sendSession', { ...sessionPayload(`s-${n()}`), [field]: value }]);
  }
  return out;
}

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeEach(async () => {
    service = await createHarness({ store: kind });
  });
  afterEach(() => service.close());

  /** Of the sessions' or issues' uids, those whose pages are read on this store. With the logs in ClickHouse, such a
   * page reads there by its uid: the pages of the ones this test names (`s-<n>`, `issue-<n>`), hostile only in fields
   * that SQLite keeps, read there what the first of them reads, and are read on SQLite and PostgreSQL only; the pages
   * named by a hostile value, and s-fields' (which holds the logs), are read on every store (docs/testing.md#budget). */
  const readHere = (uids: string[]) => {
    if (isDatabaseKind(kind)) return uids;
    const named = (uid: string) => /^(s|issue)-\d+$/.test(uid);
    const first = uids.find(named);
    return uids.filter((uid) => !named(uid) || uid === first);
  };

  test('any JSON value in any field answers below 500, and every view of what was stored answers 200', async () => {
    const session_id = await service.session('s-fields');
    let counter = 0;
    const n = () => ++counter;
    const failed: string[] = [];
    for (const value of VALUES) {
      for (const [op, body] of bodies(value, session_id, n)) {
        const answer = await service.wire(op, body);
        if (answer.status >= 500) failed.push(`${op} ${JSON.stringify(body).slice(0, 120)}: ${answer.status}`);
      }
    }
    const views = ['/sidelog/', '/sidelog/sessions', `/sidelog/intent/${APP_ID}/device/device-1`];
    const sessions = (await service.store.sessions(DEMO_APP_KEY)).map((session) => session.session_uid);
    for (const uid of readHere(sessions)) views.push(`/sidelog/intent/${APP_ID}/session/${encodeURIComponent(uid)}`);
    const issues = (await service.admin<{ uid: string }[]>(`issues?app=${DEMO_APP_KEY}`)).map((issue) => issue.uid);
    for (const uid of readHere(issues)) views.push(`/sidelog/intent/${APP_ID}/issue/${encodeURIComponent(uid)}`);
    for (const view of views) {
      const { status } = await service.explore(view);
      if (status !== 200) failed.push(`${view}: ${status}`);
    }
    for (const path of [
      '/logs',
      '/logs?q=line',
      '/logs/tail?after=0',
      '/logs/export?format=csv',
      '/logs/export?format=ndjson',
      '/tags',
      '/issues',
      '/devices',
      '/sessions?language=ru-RU',
      '/sessions?version=0.0.0',
    ]) {
      const { status } = await service.explorerGet(`/apps/${APP_ID}${path}`);
      if (status !== 200) failed.push(`${path}: ${status}`);
    }
    expect(failed).toEqual([]);
  }, 120_000);
});
