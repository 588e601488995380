// Finding a user across apps (docs/explorer.md#finding-a-user-across-apps), on SQLite and on PostgreSQL, and with the
// logs in ClickHouse (chdb in this process), where the device keys stay in SIDELOG_DB: the doc's
// example is the answer a viewer kept to three apps gets, each app searched by its own identity key, an app without
// one listed as not searched, and an app it may not read (holding the same value) never named; the value matched
// exactly as the key search matches it; a page per app with `more`; a value the search cannot take refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API, type DownloadRecord } from '../../../explorer-contract/api.types.ts';
import type { IdentitySearch } from '../../../explorer-contract/identity-search.types.ts';
import type { UserCopy } from '../../../explorer-contract/insight.types.ts';
import { device, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import type { DeviceKeyValue } from '../../../protocol/records.types.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { downloadRow } from './download-row.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const doc = readFileSync(new URL('../../../docs/explorer.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## Finding a user across apps'));
/** The doc's answer to `GET identity?value=u-42` for the viewer `support`. */
const EXAMPLE = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as IdentitySearch;

const DAY = Date.UTC(2026, 10, 20, 9);
const NEXT_DAY = DAY + 86_400_000;
/** Each device: its app, name, identity-ish keys, and its sessions (app version and logs' times). */
const DEVICES: {
  app: string;
  udid: string;
  name?: string;
  keys: Record<string, DeviceKeyValue>;
  sessions: { version: string; at: number[] }[];
}[] = [
  {
    app: 'shop-web',
    udid: 'web-ann',
    keys: { user_id: 'u-42' },
    sessions: [
      { version: '2.4.0', at: [DAY] },
      { version: '2.4.1', at: [NEXT_DAY, NEXT_DAY + 60_000] },
    ],
  },
  { app: 'shop-web', udid: 'web-case', keys: { user_id: 'U-42' }, sessions: [{ version: '2.4.1', at: [DAY] }] },
  { app: 'shop-web', udid: 'web-number', keys: { user_id: 42 }, sessions: [{ version: '2.4.1', at: [DAY] }] },
  {
    app: 'shop-ios',
    udid: 'ios-ann',
    name: "Ann's iPhone",
    keys: { customer: 'u-42' },
    sessions: [{ version: '3.0.0', at: [NEXT_DAY] }],
  },
  {
    app: 'shop-ios',
    udid: 'ios-old',
    name: "Ann's old iPad",
    keys: { customer: 'u-42' },
    sessions: [{ version: '2.9.0', at: [] }],
  },
  // shop-ios names users by `customer`: its `user_id` is not who a user is there.
  {
    app: 'shop-ios',
    udid: 'ios-other',
    keys: { user_id: 'u-42', customer: 'u-7' },
    sessions: [{ version: '3.0.0', at: [DAY] }],
  },
  { app: 'billing', udid: 'billing-ann', keys: { user_id: 'u-42' }, sessions: [{ version: '1.0.0', at: [DAY] }] },
  { app: 'kiosk', udid: 'kiosk-ann', keys: { user_id: 'u-42' }, sessions: [{ version: '1.0.0', at: [DAY] }] },
];
const IDENTITY_KEYS: Record<string, string | null> = {
  'shop-web': 'user_id',
  'shop-ios': 'customer',
  billing: 'user_id',
  kiosk: null,
};

describe.each([...STORE_KINDS, 'chdb'] as const)('on %s', (kind) => {
  let service: Harness;
  let support: string;

  const search = async (query: string, cookie: string) => {
    const answer = await service.app.request(`${EXPLORER_API}/identity?${query}`, { headers: { Cookie: cookie } });
    return { status: answer.status, text: await answer.text() };
  };
  const found = async (query: string, cookie = support) => {
    const answer = await search(query, cookie);
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text) as IdentitySearch;
  };

  beforeAll(async () => {
    service = await createHarness({ store: kind });
    for (const [app, key] of Object.entries(IDENTITY_KEYS)) {
      await service.admin('apps', { json: { key: app } });
      if (key) await service.admin(`apps/${app}/identity`, { json: { key } });
    }
    for (const one of DEVICES) {
      for (const [i, session] of one.sessions.entries()) {
        const payload = sessionPayload(`${one.udid}-${i}`, one.app, one.udid);
        payload.device = { ...device(one.udid), name: one.name ?? 'Chrome on Linux' };
        payload.app_version = { ...payload.app_version, version: session.version };
        const id = await service.store.putSession(one.app, payload);
        const logs = session.at.map((at) => ({ x: new Date(at).toISOString(), at, t: 'opened', ll: 4 as const }));
        if (logs.length > 0) await service.store.addLogs(one.app, id, logs);
      }
      for (const [key, value] of Object.entries(one.keys))
        await service.store.setDeviceKey(one.app, one.udid, key, value);
    }
    await service.store.settled();
    await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
    await service.admin('viewers/support/apps', { json: { apps: ['shop-web', 'shop-ios', 'kiosk'] } });
    const signIn = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'support', password: 'long-enough-1' }),
    });
    support = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
  });
  afterAll(() => service.close());

  test("the doc's example: each readable app by its own key, one without a key listed as not searched", async () => {
    expect(await found('value=u-42&limit=20')).toEqual(EXAMPLE);
    // Spaces around the value are not part of it; the page's size is 20 by default.
    expect(await found(`value=${encodeURIComponent(' u-42 ')}`)).toEqual(EXAMPLE);
  });

  test('an app the viewer may not read is never named, though it holds the value; the admin reads it', async () => {
    const answer = await search('value=u-42', support);
    expect(answer.text).not.toMatch(/billing|DJXH7OHOGp|billing-ann/);
    const admin = await found('value=u-42', await service.adminCookie());
    expect(
      admin.apps.map((app) => [app.key, app.identityKey === null ? 'not searched' : app.devices.map((d) => d.udid)]),
    ).toEqual([
      ['billing', ['billing-ann']],
      ['shop-ios', ['ios-ann', 'ios-old']],
      ['shop-web', ['web-ann']],
      // The demo app names users by the cabinet's user_id (server/partner/demo.ts), and none of its devices has u-42.
      [DEMO_APP_KEY, []],
      ['kiosk', 'not searched'],
    ]);
  });

  test('the value is matched whole and exactly, case and all; a number typed finds the number', async () => {
    const devicesOf = async (value: string) =>
      Object.fromEntries(
        (await found(`value=${encodeURIComponent(value)}`)).apps.map((app) => [
          app.key,
          app.identityKey === null ? null : app.devices.map((one) => [one.udid, one.who]),
        ]),
      );
    expect(await devicesOf('U-42')).toEqual({ 'shop-web': [['web-case', 'U-42']], 'shop-ios': [], kiosk: null });
    expect(await devicesOf('42')).toEqual({ 'shop-web': [['web-number', 42]], 'shop-ios': [], kiosk: null });
    expect(await devicesOf('u-4')).toEqual({ 'shop-ios': [], 'shop-web': [], kiosk: null });
    expect(await devicesOf('u-7')).toEqual({ 'shop-ios': [['ios-other', 'u-7']], 'shop-web': [], kiosk: null });
  });

  test('a page per app, with more when the app has more', async () => {
    const [ios, web] = (await found('value=u-42&limit=1')).apps;
    expect(ios).toMatchObject({ key: 'shop-ios', more: true });
    expect(ios!.identityKey !== null && ios!.devices.map((one) => one.udid)).toEqual(['ios-ann']);
    expect(web).toMatchObject({ key: 'shop-web', more: false });
  });

  test('a value the search cannot take answers 400, and no one signed out reads anything', async () => {
    for (const query of ['', 'value=', 'value=%20', 'value=a%00b', `value=${'x'.repeat(4097)}`, 'value=u-42&limit=x'])
      expect((await search(query, support)).status, query).toBe(400);
    expect((await search(`value=${'x'.repeat(4096)}`, support)).status).toBe(200);
    expect((await search('value=u-42', '')).status).toBe(401);
  });
  // docs/privacy.md#a-copy-of-a-device: the person's copy is what the search finds, each device whole.
  test("a user's copy holds each device the search finds in the apps the account may read, with its logs", async () => {
    const copy = async (value: string, cookie = support) => {
      const answer = await service.app.request(`${EXPLORER_API}/identity/copy?value=${value}`, {
        headers: { Cookie: cookie },
      });
      return { status: answer.status, file: answer.headers.get('Content-Disposition'), text: await answer.text() };
    };
    const devicesIn = (text: string) =>
      (JSON.parse(text) as UserCopy).devices.map(({ app, device, sessions, logs }) => [
        app,
        device.udid,
        sessions.length,
        logs.map((log) => log.at),
      ]);
    const bySupport = await copy('u-42');
    expect(bySupport.file).toBe('attachment; filename="sidelog-user-u-42.json"');
    expect(JSON.parse(bySupport.text)).toMatchObject({ value: 'u-42', apps_with_more_devices: [] });
    expect(devicesIn(bySupport.text)).toEqual([
      [appIdOf('shop-ios'), 'ios-ann', 1, [NEXT_DAY]],
      [appIdOf('shop-ios'), 'ios-old', 1, []],
      [appIdOf('shop-web'), 'web-ann', 2, [NEXT_DAY + 60_000, NEXT_DAY, DAY]],
    ]);
    // Each device copied is recorded, by whom and as one of a user's (docs/privacy.md#each-download-is-recorded): the
    // admin's Settings page reads every app's.
    const records = JSON.parse((await service.explorerGet('/downloads')).body) as DownloadRecord[];
    expect(records.map(downloadRow)).toEqual([
      ['shop-web', 'user', 'web-ann', 'json', 'support', 3, true],
      ['shop-ios', 'user', 'ios-old', 'json', 'support', 0, true],
      ['shop-ios', 'user', 'ios-ann', 'json', 'support', 1, true],
    ]);
    const byAdmin = (await copy('u-42', await service.adminCookie())).text;
    expect(devicesIn(byAdmin).map(([, udid]) => udid)).toEqual(['billing-ann', 'ios-ann', 'ios-old', 'web-ann']);
    // The admin API's, for a script: every app's, as the admin's.
    const byApi = await service.app.request('/sidelog/admin/api/identity/copy?value=u-42', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const withoutTime = (text: string) => ({ ...(JSON.parse(text) as UserCopy), copied_at: '' });
    expect(withoutTime(await byApi.text())).toEqual(withoutTime(byAdmin));
    expect(JSON.parse((await copy('nobody')).text)).toMatchObject({ value: 'nobody', devices: [] });
    expect((await copy('%20')).status).toBe(400);
    expect((await copy('u-42', '')).status).toBe(401);
  });
});
