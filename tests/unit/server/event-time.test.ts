// A device's first and last seen by its logs' own time, beside when the collector received them (the explorer's time
// rule, docs/explorer.md#event-time-first): a device that uploads after days offline was "first seen" on the day of
// the upload, above sessions of days before. On both stores.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API, type ExplorerDevice } from '../../../explorer-contract/api.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);
const DAY = 86_400_000;

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  const get = async <T>(path: string) =>
    (await (
      await service.app.request(`${EXPLORER_API}/apps/${APP_ID}${path}`, { headers: { Cookie: cookie } })
    ).json()) as T;

  test('a device’s first and last seen by its logs’ own time, the times it arrived beside them', async () => {
    // Two sessions logged days before they arrive (the harness's logs are of 2026-09-21).
    for (const [uid, from] of [
      ['s-offline-1', 0],
      ['s-offline-2', 2 * DAY],
    ] as const) {
      const session = (
        (await (await service.wire('sendSession', sessionPayload(uid, DEMO_APP_KEY, 'd-offline'))).json()) as {
          id: number;
        }
      ).id;
      await service.wire('sendLogs', { session_id: session, logs: logs(3, from) });
    }
    await service.wire('sendSession', sessionPayload('s-silent', DEMO_APP_KEY, 'd-silent'));
    const first = logs(1)[0]!.at;
    const last = first + 2 * DAY + 2;
    const device = await get<ExplorerDevice>('/devices/d-offline');
    expect([device.first_at, device.last_at]).toEqual([first, last]);
    expect(Date.parse(device.first_seen)).toBeGreaterThan(last);
    const listed = (await get<{ devices: ExplorerDevice[] }>('/devices')).devices;
    expect(listed.map(({ udid, first_at, last_at }) => [udid, first_at, last_at])).toEqual(
      expect.arrayContaining([
        ['d-offline', first, last],
        ['d-silent', null, null],
      ]),
    );
  });
});
