// The facet panel's device keys (docs/facets.md#device-keys) on a real SQLite database and a real PostgreSQL one: each
// key of the view's devices as it stands now, each value counting exactly the logs of the devices that have it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { logFacets } from '../../../server/explorer/facets.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { RECENT_START } from './recent-start.ts';
import { LOG_STORE_KINDS, openTestStore } from './test-databases.ts';

const APP = 'key-facets-app';
const START = RECENT_START;

describe.each(LOG_STORE_KINDS)('device keys as a facet on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const facetsOf = async (query: string) =>
    (await logFacets(store.explorer, { appKey: APP, ...parseLogFilters(new URLSearchParams(query)) })).keys;

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await store.putApp(APP, true);
    // d-1 logs 3 lines, d-2 2, d-3 1.
    for (const [udid, lines] of [
      ['d-1', 3],
      ['d-2', 2],
      ['d-3', 1],
    ] as const) {
      const session = await store.putSession(APP, sessionPayload(`s-${udid}`, APP, udid));
      await store.addLogs(
        APP,
        session,
        Array.from({ length: lines }, (_, i) => ({
          x: new Date(START + i).toISOString(),
          at: START + i,
          t: `${udid} line ${i}`,
          ll: 4,
        })),
      );
    }
    await store.setDeviceKey(APP, 'd-1', 'plan', 'gold');
    await store.setDeviceKey(APP, 'd-1', 'email', 'ann@shop.example');
    await store.setDeviceKey(APP, 'd-2', 'plan', 'gold');
    await store.setDeviceKey(APP, 'd-3', 'plan', 'free');
    await store.setDeviceKey(APP, 'd-3', 'user_id', 42);
    // Removed: no longer the device's.
    await store.setDeviceKey(APP, 'd-2', 'email', 'bob@shop.example');
    await store.setDeviceKey(APP, 'd-2', 'email', null);
  });
  afterAll(() => close());

  test('every log: the keys covering the most logs first, each value counting its devices’ logs', async () => {
    expect(await facetsOf('')).toEqual([
      {
        key: 'plan',
        values: [
          { value: 'gold', count: 5 },
          { value: 'free', count: 1 },
        ],
      },
      { key: 'email', values: [{ value: 'ann@shop.example', count: 3 }] },
      { key: 'user_id', values: [{ value: '42', count: 1 }] },
    ]);
  });

  test('the counts follow the query: a device hidden, a key searched for', async () => {
    expect(await facetsOf('-device=d-1')).toEqual([
      {
        key: 'plan',
        values: [
          { value: 'gold', count: 2 },
          { value: 'free', count: 1 },
        ],
      },
      { key: 'user_id', values: [{ value: '42', count: 1 }] },
    ]);
    expect(await facetsOf('q=key.plan:gold -key.email:ann@shop.example')).toEqual([
      { key: 'plan', values: [{ value: 'gold', count: 2 }] },
    ]);
    expect(await facetsOf('q=key.user_id:42')).toEqual([
      { key: 'plan', values: [{ value: 'free', count: 1 }] },
      { key: 'user_id', values: [{ value: '42', count: 1 }] },
    ]);
    expect(await facetsOf('q=nothing-like-this')).toEqual([]);
  });
});
