// The explorer's searches beyond the log search find text in any case, in any script: SQLite's
// lower() folds ASCII only, so "тверской" found no device whose key held "Тверской", and "не проходит" no issue
// titled "Не проходит". On both stores: the devices, the issues, the issue groups and the sessions (by device name).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    cookie = await service.adminCookie();
    const payload = sessionPayload('s-fold', DEMO_APP_KEY, 'd-fold');
    payload.device.name = 'Смартфон Ирины';
    const session = ((await (await service.wire('sendSession', payload)).json()) as { id: number }).id;
    await service.wire('sendSession', sessionPayload('s-other', DEMO_APP_KEY, 'd-other'));
    await service.wire('setDeviceKey', {
      app_key: DEMO_APP_KEY,
      device_id: 'd-fold',
      key: 'street',
      value: 'Тверской проспект',
    });
    const issue = await service.wire('sendIssue', {
      uid: 'issue-fold',
      url: '',
      title: 'Не проходит оплата',
      text: 'Ошибка ОПЛАТЫ',
      app: { key: DEMO_APP_KEY },
      type: 'issue',
      session_id: session,
    });
    expect(issue.status).toBe(200);
  });
  afterAll(() => service.close());

  async function found<T>(path: string, list: string, field: keyof T): Promise<unknown[]> {
    const answer = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}${path}`, { headers: { Cookie: cookie } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as Record<string, T[]>)[list]!.map((row) => row[field]);
  }

  test('a device by a key’s value, an issue and its group by title or text, a session by its device’s name', async () => {
    expect(await found<{ udid: string }>('/devices?q=тверской', 'devices', 'udid')).toEqual(['d-fold']);
    expect(await found<{ udid: string }>('/devices?q=ИРИНЫ', 'devices', 'udid')).toEqual(['d-fold']);
    expect(await found<{ uid: string }>(`/issues?q=${encodeURIComponent('не проходит')}`, 'issues', 'uid')).toEqual([
      'issue-fold',
    ]);
    expect(await found<{ uid: string }>('/issues?q=оплаты', 'issues', 'uid')).toEqual(['issue-fold']);
    expect(
      await found<{ title: string }>(`/issue-groups?q=${encodeURIComponent('не проходит')}`, 'groups', 'title'),
    ).toEqual(['Не проходит оплата']);
    expect(await found<{ session_uid: string }>('/sessions?q=смартфон', 'sessions', 'session_uid')).toEqual(['s-fold']);
  });
});
