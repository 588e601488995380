// The admin API: guarded by the admin token, configures apps and injected faults.
import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness, device, logs } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

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
      const create = await service.app.request('/sidelog/admin/api/apps', { method: 'POST', headers, body: JSON.stringify({ key: 'k', enabled: true }) });
      expect(create.status).toBe(401);
      expect(await service.store.app('k')).toBeUndefined();
    });

    test('list endpoints need ?app=', async () => {
      service = await createHarness({ store: kind });
      await expect(service.admin('logs')).rejects.toThrow(/400/);
    });
  });

  describe('apps', () => {
    test('an app is created, then updated, and its appID is stored', async () => {
      service = await createHarness({ store: kind });
      expect(await service.admin('apps', { json: { key: 'my-app', enabled: false } })).toEqual({ key: 'my-app', appId: expect.any(String), enabled: false });
      expect(await service.admin('apps', { json: { key: 'my-app', enabled: true } })).toMatchObject({ key: 'my-app', enabled: true });
      const answer = await service.wire('getDeviceStatus', { app_token: 'my-app', device: device() }, 'my-app');
      expect(await answer.json()).toEqual({ logger_enabled: true });
    });
  });

  describe('faults', () => {
    test('are refused with 404 unless the service was started with faults', async () => {
      service = await createHarness({ store: kind });
      await expect(service.admin('faults', { json: { app: DEMO_APP_KEY, mode: 'error-500' } })).rejects.toThrow(/404/);
    });

    test('error-500 fails the named operations only, stores nothing, and is recorded', async () => {
      service = await createHarness({ faults: true, store: kind });
      const session_id = await service.session();
      await service.admin('faults', { json: { app: DEMO_APP_KEY, mode: 'error-500', ops: ['sendLogs'] } });
      expect((await service.wire('sendLogs', { session_id, logs: logs(2) })).status).toBe(500);
      expect((await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() })).status).toBe(200);
      expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([]);
      expect((await service.admin<{ operation: string; status: number }[]>(`requests?app=${DEMO_APP_KEY}`)).slice(-2)).toEqual([
        { operation: 'sendLogs', status: 500 },
        { operation: 'getDeviceStatus', status: 200 },
      ]);

      await service.admin('faults', { json: { app: DEMO_APP_KEY, mode: 'none' } });
      expect((await service.wire('sendLogs', { session_id, logs: logs(2) })).status).toBe(200);
      expect((await service.admin<unknown[]>(`logs?app=${DEMO_APP_KEY}`)).length).toBe(2);
    });

    test('non-json answers 200 with a body that is not JSON, for every operation when ops is left out', async () => {
      service = await createHarness({ faults: true, store: kind });
      await service.admin('faults', { json: { app: DEMO_APP_KEY, mode: 'non-json' } });
      const answer = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(() => JSON.parse(text)).toThrow();
      expect((await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value: 1 })).status).toBe(200);
      expect(await service.admin(`device-keys?app=${DEMO_APP_KEY}`)).toEqual([]);
    });

    test.each([400, 413] as const)('error-%i refuses the body with that status and stores nothing', async (status) => {
      service = await createHarness({ faults: true, store: kind });
      await service.admin('faults', { json: { app: DEMO_APP_KEY, mode: `error-${status}`, ops: ['setDeviceKey'] } });
      const answer = await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value: 1 });
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ error: expect.stringContaining('injected fault') });
      expect(await service.admin(`device-keys?app=${DEMO_APP_KEY}`)).toEqual([]);
    });

    test('a fault for one app leaves the others alone', async () => {
      service = await createHarness({ faults: true, store: kind });
      await service.admin('apps', { json: { key: 'other', enabled: true } });
      await service.admin('faults', { json: { app: 'other', mode: 'error-500' } });
      expect((await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() })).status).toBe(200);
      expect((await service.wire('getDeviceStatus', { app_token: 'other', device: device() }, 'other')).status).toBe(500);
    });

    test.each([
      [{ app: DEMO_APP_KEY, mode: 'explode' }],
      [{ app: DEMO_APP_KEY, mode: 'hang', ops: ['sendEverything'] }],
      [{ mode: 'hang' }],
    ])('a bad fault request answers 400: %j', async (body) => {
      service = await createHarness({ faults: true, store: kind });
      await expect(service.admin('faults', { json: body })).rejects.toThrow(/400/);
    });
  });
});
