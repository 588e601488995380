// The admin API: guarded by the admin token, configures apps; the product injects no faults.
import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { device } from '../../../fixtures/wire-bodies.ts';
import { countRows, STORE_KINDS } from './test-databases.ts';

// Each test runs on SQLite and on PostgreSQL: one contract, two stores.
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  afterEach(() => service.close());

  describe('the admin token', () => {
    test.each([
      ['no Authorization header', {}],
      ['a wrong token', { Authorization: 'Bearer wrong' }],
      ['a token without the Bearer prefix', { Authorization: ADMIN_TOKEN }],
    ])('%s answers 401', async (_case, headers: Record<string, string>) => {
      service = await createHarness({ store: kind });
      for (const path of ['logs?app=x', 'requests?app=x', 'apps']) {
        const answer = await service.app.request(`/sidelog/admin/api/${path}`, { headers });
        expect(answer.status).toBe(401);
      }
      const create = await service.app.request('/sidelog/admin/api/apps', {
        method: 'POST',
        headers,
        body: JSON.stringify({ key: 'k', enabled: true }),
      });
      expect(create.status).toBe(401);
      expect(await service.store.app('k')).toBeUndefined();
    });

    test('list endpoints need ?app=', async () => {
      service = await createHarness({ store: kind });
      await expect(service.admin('logs')).rejects.toThrow(/400/);
    });
  });

  test("has no fault injection, nor its table: that is the tests' own (tests/support/collector-faults.ts)", async () => {
    service = await createHarness({ store: kind });
    const answer = await service.app.request('/sidelog/admin/api/faults', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ app: DEMO_APP_KEY, mode: 'error-500' }),
    });
    expect(answer.status).toBe(404);
    expect((await service.setFault({ app: DEMO_APP_KEY, mode: 'error-500' })).status).toBe(404);
    expect((await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() })).status).toBe(200);
    // The first migration made it; a later one drops it, on databases made before as on new ones.
    await expect(countRows(service.db, 'faults')).rejects.toThrow(/faults/);
  });

  describe('apps', () => {
    test('an app is created, then updated, and its appID is stored', async () => {
      service = await createHarness({ store: kind });
      expect(await service.admin('apps', { json: { key: 'my-app', enabled: false } })).toEqual({
        key: 'my-app',
        appId: expect.any(String),
        enabled: false,
      });
      expect(await service.admin('apps', { json: { key: 'my-app', enabled: true } })).toMatchObject({
        key: 'my-app',
        enabled: true,
      });
      const answer = await service.wire('getDeviceStatus', { app_token: 'my-app', device: device() }, 'my-app');
      expect(await answer.json()).toEqual({ logger_enabled: true });
    });
  });
});
