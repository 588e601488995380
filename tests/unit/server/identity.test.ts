// One identity per app (docs/explorer.md#identity), on SQLite and on PostgreSQL: the app's identity key set through
// the admin API and the explorer, and who each device's user is on every answer that names a device (log rows, the
// device facet, the devices list, sessions, a group's occurrences, sequences), the device's name and a short id where
// it has no such key, so that two devices of one name are told apart. A view's own `who=` still wins.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP = 'identity-app';
const APP_ID = appIdOf(APP);
/** Two devices of one name ("Chrome on Linux", as wire-bodies' device() names each): only the first has a user_id. */
const ANN = 'aaaa1111-0000-4000-8000-000000000001';
const BOB = 'bbbb2222-0000-4000-8000-000000000002';
const START = Date.UTC(2026, 11, 1, 9);
const PLACES = ['rows', 'devices', 'sessions', 'occurrences', 'sequences'] as const;

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    await service.admin('apps', { json: { key: APP } });
    for (const [i, udid] of [ANN, BOB].entries()) {
      const answer = await service.wire('sendSession', sessionPayload(`session-${i}`, APP, udid), APP);
      const session = ((await answer.json()) as { id: number }).id;
      await service.store.addLogs(APP, session, [
        { x: new Date(START + i * 10).toISOString(), at: START + i * 10, t: 'cart opened', ll: 4 },
        { x: new Date(START + i * 10 + 1).toISOString(), at: START + i * 10 + 1, t: 'payment failed', ll: 2 },
      ]);
      const issue = {
        uid: `crash-${i}`,
        url: '',
        title: 'Payment failed',
        text: 'Error: x',
        app: { key: APP },
        type: 'crash',
        session_id: session,
      };
      expect((await service.wire('sendIssue', issue, APP)).status).toBe(200);
    }
    await service.store.setDeviceKey(APP, ANN, 'user_id', 'u-42');
    await service.store.setDeviceKey(APP, BOB, 'plan', 'gold');
  });
  afterAll(() => service.close());

  const get = async <T = any>(path: string): Promise<T> => {
    const answer = await service.explorerGet(`/apps/${APP_ID}${path}`);
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as T;
  };
  /** Who each place says each device is: udid → what the answer carries. */
  async function everyPlace(query = '') {
    const byUdid = (rows: { udid: string; who?: unknown }[]) =>
      Object.fromEntries(rows.map((row) => [row.udid, row.who]));
    const groupId = (await get<{ groups: { id: number }[] }>('/issue-groups')).groups[0]!.id;
    return {
      rows: byUdid((await get(`/logs?q=payment${query}`)).logs),
      facet: Object.fromEntries(
        (await get(`/logs/facets?${query}`)).device.map((one: { value: string; label: string }) => [
          one.value,
          one.label,
        ]),
      ),
      devices: byUdid((await get(`/devices?${query}`)).devices),
      sessions: byUdid((await get(`/sessions?${query}`)).sessions),
      occurrences: byUdid((await get(`/issue-groups/${groupId}/occurrences?${query}`)).issues),
      sequences: byUdid((await get(`/sequences?a=cart&b=payment&within=60${query}`)).sessions),
    };
  }

  test('without an identity key, two devices of one name are told apart by a short id; no row names a who', async () => {
    const places = await everyPlace();
    expect(places.facet).toEqual({ [ANN]: 'Chrome on Linux · aaaa1111', [BOB]: 'Chrome on Linux · bbbb2222' });
    for (const place of PLACES) expect(places[place], place).toEqual({ [ANN]: undefined, [BOB]: undefined });
  });

  test('the admin API sets the key; every place then says who, a view’s who= overriding it', async () => {
    const app = await service.admin('apps/identity-app/identity', { json: { key: ' user_id ' } });
    expect(app).toMatchObject({ key: APP, identityKey: 'user_id' });
    const places = await everyPlace();
    expect(places.facet).toEqual({ [ANN]: 'user_id u-42', [BOB]: 'Chrome on Linux · bbbb2222' });
    for (const place of PLACES) expect(places[place], place).toEqual({ [ANN]: 'u-42', [BOB]: null });

    const byPlan = await everyPlace('&who=plan');
    expect(byPlan.facet).toEqual({ [ANN]: 'Chrome on Linux · aaaa1111', [BOB]: 'plan gold' });
    for (const place of PLACES) expect(byPlan[place], place).toEqual({ [ANN]: null, [BOB]: 'gold' });
    // An empty who= is no key for this view.
    expect((await everyPlace('&who=')).rows).toEqual({ [ANN]: undefined, [BOB]: undefined });
  });

  test('the explorer lists the key with the app, the admin sets and clears it, and a wrong one is refused', async () => {
    const cookie = await service.adminCookie();
    const post = (body: unknown) =>
      service.app.request(`${EXPLORER_API}/apps/${APP_ID}/identity`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await post({ key: 'email' })).json()).toEqual({ key: 'email' });
    expect(await get('/identity')).toEqual({ key: 'email' });
    const apps = JSON.parse((await service.explorerGet('/apps')).body) as { key: string; identityKey: string | null }[];
    expect(apps.find((app) => app.key === APP)?.identityKey).toBe('email');
    for (const body of [{ key: '' }, { key: 5 }, {}, { key: 'a\u0000b' }, { key: 'k'.repeat(129) }, []])
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    expect(await (await post({ key: null })).json()).toEqual({ key: null });
    expect((await service.store.app(APP))?.identityKey).toBeUndefined();
    // The admin API refuses the same, and an unknown app is 404.
    await expect(service.admin('apps/identity-app/identity', { json: { key: '' } })).rejects.toThrow(/400/);
    await expect(service.admin('apps/no-such-app/identity', { json: { key: 'email' } })).rejects.toThrow(/404/);
  });
});
