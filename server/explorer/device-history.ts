// `GET /apps/{appID}/devices/{udid}/key-history`: every change of a device's keys (docs/explorer.md#device-key-history);
// `GET /apps/{appID}/sessions/{uid}/keys`: the keys as they stood in one session.
import { Hono } from 'hono';
import type { DeviceHistoryStore } from '../stores/store.types.ts';
import type { ExplorerEnv } from './api-params.ts';

/** The newest changes shown: far more than a device sets in normal use. */
const KEY_HISTORY_LIMIT = 1_000;

export function createDeviceHistoryRoutes(store: DeviceHistoryStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/devices/:udid/key-history', async (c) =>
    c.json(await store.deviceKeyHistory(c.get('app').key, c.req.param('udid'), KEY_HISTORY_LIMIT)),
  );
  // The keys as they stood in a session, for the stream's session header (docs/facets.md#session-header).
  routes.get('/apps/:appId/sessions/:uid/keys', async (c) =>
    c.json(await store.sessionDeviceKeys(c.get('app').key, c.req.param('uid'))),
  );
  return routes;
}
