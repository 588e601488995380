// Erasing everything stored of one device, on request (docs/privacy.md#erasing-a-device): `DELETE
// /apps/{appID}/devices/{udid}` in the explorer's API, for the admin alone (its device page), and `DELETE
// /apps/{key}/devices/{udid}` in the admin API. Its logs go a batch a step, with a turn of the event loop between steps,
// as retention's do (server/stores/retention.ts), so that the collector's batches never wait on more than one step.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Hono, type Env } from 'hono';
import type { DeviceErasure } from '../../explorer-contract/api.types.ts';
import type { CollectedReads, DeviceErasureStore } from '../stores/store.types.ts';
import type { ExplorerEnv } from './api-params.ts';
import { ADMIN_VIEWER } from './viewer-accounts.ts';

/** Logs deleted a step: a few milliseconds of SQLite's time, as retention's. */
const ERASE_BATCH = 2_000;

type ErasureStore = DeviceErasureStore & Pick<CollectedReads, 'device'>;

/** Erases the device; what went, or undefined when the app holds no such device. */
export async function eraseDevice(
  store: ErasureStore,
  appKey: string,
  udid: string,
  batch = ERASE_BATCH,
): Promise<DeviceErasure | undefined> {
  if (!(await store.device(appKey, udid))) return undefined;
  const erased: DeviceErasure = { udid, logs: 0, sessions: 0, issues: 0, keyChanges: 0 };
  for (;;) {
    const { done, ...step } = await store.eraseDeviceStep(appKey, udid, batch);
    erased.logs += step.logs;
    erased.sessions += step.sessions;
    erased.issues += step.issues;
    erased.keyChanges += step.keyChanges;
    if (done) return erased;
    await yieldToEventLoop();
  }
}

/** The explorer's route: the app is the one its path names (server/explorer/api.ts). */
export function createDeviceErasureRoutes(store: ErasureStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.delete('/apps/:appId/devices/:udid', async (c) => {
    if (c.get('viewer') !== ADMIN_VIEWER) return c.json({ error: "only the admin erases a device's data" }, 403);
    const erased = await eraseDevice(store, c.get('app').key, c.req.param('udid'));
    return erased ? c.json(erased) : c.json({ error: 'no such device' }, 404);
  });
  return routes;
}

/** The admin API's route, the app named by its key. */
export function adminDeviceErasureRoutes<E extends Env>(store: ErasureStore): Hono<E> {
  const routes = new Hono<E>();
  routes.delete('/apps/:key/devices/:udid', async (c) => {
    const erased = await eraseDevice(store, c.req.param('key'), c.req.param('udid'));
    return erased ? c.json(erased) : c.json({ error: 'no such device' }, 404);
  });
  return routes;
}
