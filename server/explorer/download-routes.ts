// The records of the files of stored data downloaded (docs/privacy.md#each-download-is-recorded): `GET downloads` in
// the explorer's API, the admin's alone (its Settings page lists every app's, as the admin reads every app), and `GET
// apps/{appID}/devices/{udid}/downloads`, one device's copies (its page); `GET downloads?app=&udid=` in the admin API,
// one app's or, without `app`, every app's, and one device's with `udid`. The records are written where the files are
// made: a device's copy (server/explorer/device-copy.ts) and a view's export (server/explorer/export.ts).
import { Hono, type Env } from 'hono';
import type { DownloadRecordStore } from '../stores/store.types.ts';
import { adminOnly, type ExplorerEnv } from './api-params.ts';

/** The records listed, newest first. */
const DOWNLOADS_LISTED = 200;

export function createDownloadRoutes(store: Pick<DownloadRecordStore, 'downloads'>): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  const gate = adminOnly('only the admin reads the records of downloads');
  routes.get('/downloads', gate, async (c) => c.json(await store.downloads(DOWNLOADS_LISTED)));
  routes.get('/apps/:appId/devices/:udid/downloads', gate, async (c) =>
    c.json(await store.downloads(DOWNLOADS_LISTED, c.get('app').key, c.req.param('udid'))),
  );
  return routes;
}

export function adminDownloadRoutes<E extends Env>(store: Pick<DownloadRecordStore, 'downloads'>): Hono<E> {
  const routes = new Hono<E>();
  routes.get('/downloads', async (c) => {
    const app = c.req.query('app') || undefined;
    const udid = c.req.query('udid') || undefined;
    if (udid !== undefined && app === undefined)
      return c.json({ error: `'udid' names a device of the app 'app' names` }, 400);
    return c.json(await store.downloads(DOWNLOADS_LISTED, app, udid));
  });
  return routes;
}
