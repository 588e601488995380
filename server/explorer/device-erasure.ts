// Erasing everything stored of one device, on request (docs/privacy.md#erasing-a-device): `DELETE
// /apps/{appID}/devices/{udid}` in the explorer's API, for the admin alone (its device page and the Users page), and
// `DELETE /apps/{key}/devices/{udid}` in the admin API, beside `GET /apps/{key}/devices?key=&value=`, which finds the
// devices a person's key names. Its logs go a batch a step, with a turn of the event loop between steps, as
// retention's do (server/stores/retention.ts), so that the collector's batches never wait on more than one step. Each
// erasure is recorded as it goes (server/stores/erasure-records.ts), and `GET erasures` lists the records (the admin's
// Settings page, the admin API).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Hono, type Env } from 'hono';
import type { DeviceErasure } from '../../explorer-contract/api.types.ts';
import { MAX_IDENTITY_PAGE } from '../../explorer-contract/identity-search.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { AppStore, CollectedReads, DeviceErasureStore, ErasureRecordStore } from '../stores/store.types.ts';
import { adminOnly, type ExplorerEnv } from './api-params.ts';
import { typedKeyValue } from './identity-search.ts';

/** Logs deleted a step: a few milliseconds of SQLite's time, as retention's. */
const ERASE_BATCH = 2_000;
/** The erasures `GET erasures` lists, newest first. */
const ERASURES_LISTED = 200;
/** Who erased, as the admin API's records name it: its token is no one's. */
export const ADMIN_API = 'admin API';

type ErasureStore = DeviceErasureStore & ErasureRecordStore & Pick<CollectedReads, 'device'>;

/** Erases the device as `by`, its record counting each step as it goes; everything its record counts (with what an
 * erasure of it that failed midway erased), or undefined when the app holds no such device. */
export async function eraseDevice(
  store: ErasureStore,
  appKey: string,
  udid: string,
  by: string,
  batch = ERASE_BATCH,
): Promise<DeviceErasure | undefined> {
  if (!(await store.device(appKey, udid))) return undefined;
  // Before anything goes: an erasure that cannot be recorded erases nothing.
  const { id, erased } = await store.startErasure(appKey, udid, by, new Date());
  for (;;) {
    const { done, ...step } = await store.eraseDeviceStep(appKey, udid, batch, id);
    erased.logs += step.logs;
    erased.sessions += step.sessions;
    erased.issues += step.issues;
    erased.keyChanges += step.keyChanges;
    if (done) return erased;
    await yieldToEventLoop();
  }
}

/** The explorer's routes: the app is the one its path names (server/explorer/api.ts); `GET erasures` (its Settings
 * page) lists every app's records, as the admin reads every app. */
export function createDeviceErasureRoutes(store: ErasureStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  const gate = adminOnly("only the admin erases a device's data");
  routes.get('/erasures', gate, async (c) => c.json(await store.erasures(ERASURES_LISTED)));
  routes.delete('/apps/:appId/devices/:udid', gate, async (c) => {
    const erased = await eraseDevice(store, c.get('app').key, c.req.param('udid'), c.get('viewer'));
    return erased ? c.json(erased) : c.json({ error: 'no such device' }, 404);
  });
  return routes;
}

/** The admin API's routes, the app named by its key: `GET apps/{key}/devices?key=&value=` finds the devices an
 * erasure request names (a page of those whose key holds the value now, as the Users page finds them), `DELETE
 * apps/{key}/devices/{udid}` erases one, and `GET erasures?app=` lists the records, of every app without. */
export function adminDeviceErasureRoutes<E extends Env>(
  store: ErasureStore & Pick<AppStore, 'app'> & { explorer: Pick<ExplorerQueries, 'devices'> },
): Hono<E> {
  const routes = new Hono<E>();
  routes.get('/apps/:key/devices', async (c) => {
    const key = c.req.query('key')?.trim();
    if (!key) return c.json({ error: `'key' must name a device key` }, 400);
    const typed = typedKeyValue(c.req.query('value') ?? null);
    if ('problem' in typed) return c.json({ error: typed.problem }, 400);
    const limit = c.req.query('limit') ?? String(MAX_IDENTITY_PAGE);
    if (!/^\d+$/.test(limit)) return c.json({ error: `'limit' must be a whole number` }, 400);
    const appKey = c.req.param('key');
    if (!(await store.app(appKey))) return c.json({ error: 'no such app' }, 404);
    return c.json(
      await store.explorer.devices.withKey(
        appKey,
        key,
        typed.value,
        Math.max(1, Math.min(Number(limit), MAX_IDENTITY_PAGE)),
      ),
    );
  });
  routes.delete('/apps/:key/devices/:udid', async (c) => {
    const erased = await eraseDevice(store, c.req.param('key'), c.req.param('udid'), ADMIN_API);
    return erased ? c.json(erased) : c.json({ error: 'no such device' }, 404);
  });
  routes.get('/erasures', async (c) => c.json(await store.erasures(ERASURES_LISTED, c.req.query('app') || undefined)));
  return routes;
}
