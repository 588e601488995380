// The records of the files of stored data downloaded (docs/privacy.md#each-download-is-recorded): `GET downloads` in
// the explorer's API, the admin's alone (its Settings page lists every app's, as the admin reads every app), and
// `GET downloads?app=` in the admin API, one app's or, without `app`, every app's. The records are written where the
// files are made: a device's copy (server/explorer/device-copy.ts) and a view's export (server/explorer/export.ts).
import { Hono, type Env } from 'hono';
import type { DownloadRecordStore } from '../stores/store.types.ts';
import { adminOnly, type ExplorerEnv } from './api-params.ts';

/** The records listed, newest first. */
const DOWNLOADS_LISTED = 200;

export function createDownloadRoutes(store: Pick<DownloadRecordStore, 'downloads'>): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/downloads', adminOnly('only the admin reads the records of downloads'), async (c) =>
    c.json(await store.downloads(DOWNLOADS_LISTED)),
  );
  return routes;
}

export function adminDownloadRoutes<E extends Env>(store: Pick<DownloadRecordStore, 'downloads'>): Hono<E> {
  const routes = new Hono<E>();
  routes.get('/downloads', async (c) =>
    c.json(await store.downloads(DOWNLOADS_LISTED, c.req.query('app') || undefined)),
  );
  return routes;
}
