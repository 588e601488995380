// The tests' fault injection (tests/support/collector-faults.ts), which the browser tests rely on to see Sidelog keep
// its data when the collector fails: each mode answers as it says, for the named operations and app only, stores
// nothing, and is recorded as the collector records a request.
import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { device, logs } from '../../../fixtures/wire-bodies.ts';

let service: Harness;
afterEach(() => service.close());

describe('collector faults', () => {
  test('error-500 fails the named operations only, stores nothing, and is recorded', async () => {
    service = await createHarness({ faults: true });
    const session_id = await service.session();
    expect((await service.setFault({ app: DEMO_APP_KEY, mode: 'error-500', ops: ['sendLogs'] })).status).toBe(200);
    expect((await service.wire('sendLogs', { session_id, logs: logs(2) })).status).toBe(500);
    expect((await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() })).status).toBe(200);
    expect(await service.admin(`logs?app=${DEMO_APP_KEY}`)).toEqual([]);
    expect(
      (await service.admin<{ operation: string; status: number }[]>(`requests?app=${DEMO_APP_KEY}`)).slice(-2),
    ).toEqual([
      { operation: 'sendLogs', status: 500 },
      { operation: 'getDeviceStatus', status: 200 },
    ]);

    await service.setFault({ app: DEMO_APP_KEY, mode: 'none' });
    expect((await service.wire('sendLogs', { session_id, logs: logs(2) })).status).toBe(200);
    expect((await service.admin<unknown[]>(`logs?app=${DEMO_APP_KEY}`)).length).toBe(2);
  });

  test('non-json answers 200 with a body that is not JSON, for every operation when ops is left out', async () => {
    service = await createHarness({ faults: true });
    await service.setFault({ app: DEMO_APP_KEY, mode: 'non-json' });
    const answer = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(
      (await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value: 1 })).status,
    ).toBe(200);
    expect(await service.admin(`device-keys?app=${DEMO_APP_KEY}`)).toEqual([]);
  });

  test.each([400, 413] as const)('error-%i refuses the body with that status and stores nothing', async (status) => {
    service = await createHarness({ faults: true });
    await service.setFault({ app: DEMO_APP_KEY, mode: `error-${status}`, ops: ['setDeviceKey'] });
    const answer = await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'd', key: 'k', value: 1 });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ error: expect.stringContaining('injected fault') });
    expect(await service.admin(`device-keys?app=${DEMO_APP_KEY}`)).toEqual([]);
  });

  test('a fault for one app leaves the others alone', async () => {
    service = await createHarness({ faults: true });
    await service.admin('apps', { json: { key: 'other', enabled: true } });
    await service.setFault({ app: 'other', mode: 'error-500' });
    expect((await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() })).status).toBe(200);
    expect((await service.wire('getDeviceStatus', { app_token: 'other', device: device() }, 'other')).status).toBe(500);
  });

  test('a faulted answer carries the CORS header a page on another origin needs to read it', async () => {
    service = await createHarness({ faults: true });
    await service.setFault({ app: DEMO_APP_KEY, mode: 'error-413' });
    const answer = await service.wire('getDeviceStatus', { app_token: DEMO_APP_KEY, device: device() }, DEMO_APP_KEY, {
      headers: { Origin: 'http://localhost:63315', 'Content-Type': 'application/json', 'X-App-Token': DEMO_APP_KEY },
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  test.each([
    [{ app: DEMO_APP_KEY, mode: 'explode' }],
    [{ app: DEMO_APP_KEY, mode: 'hang', ops: ['sendEverything'] }],
    [{ mode: 'hang' }],
  ])('a bad fault request answers 400: %j', async (body) => {
    service = await createHarness({ faults: true });
    expect((await service.setFault(body)).status).toBe(400);
  });
});
