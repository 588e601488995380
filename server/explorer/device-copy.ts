// A copy of everything stored of a person's devices, as one JSON file (docs/privacy.md#a-copy-of-a-device): for a
// person who asks what is kept of them (GDPR's article 15, 152-ФЗ's article 14), as erasing is for one who asks that
// it go. `GET /apps/{appID}/devices/{udid}/copy` in the explorer's API (the device's page and its row of the Users page
// link to it) and `GET /apps/{key}/devices/{udid}/copy` in the admin API, one device; `GET /identity/copy?value=`,
// every device the Users page finds for the person in the apps the account may read. Each device but its logs is read
// as its turn comes (server/explorer/device-data.ts); its logs follow a page at a time as the export's do
// (server/explorer/export.ts), so that no more than one device and a page of logs is held in memory, the file still
// one JSON document. Each device copied is recorded, by whom and how far the file went
// (server/stores/download-records.ts, listed by server/explorer/download-routes.ts).
import { Hono, type Context, type Env } from 'hono';
import {
  IDENTITY_SEARCH_PATH,
  MAX_IDENTITY_PAGE,
  type IdentitySearch,
} from '../../explorer-contract/identity-search.types.ts';
import type { DeviceCopy, UserCopy } from '../../explorer-contract/insight.types.ts';
import { allLogs } from '../stores/explorer-queries.ts';
import type { App, AppStore, DownloadRecordStore } from '../stores/store.types.ts';
import { mayRead, type ExplorerEnv } from './api-params.ts';
import { EXPORT_PAGE, EXPORT_STEP_MS, streamDownload } from './export.ts';
import { recordedDownload, type Tally } from './recorded-download.ts';
import { deviceHead, type CopyReads, type Records } from './device-data.ts';
import { ADMIN_API } from './device-erasure.ts';
import { findUser } from './identity-search.ts';

const JSON_FILE = 'application/json; charset=utf-8';
type CopyStore = Records & DownloadRecordStore;

/** `head` as indented JSON, `depth` levels in, with the device's logs after it, one a line, their pages read as the
 * download goes and counted in `tally`. JSON.stringify escapes a newline inside a value, so each one in its text is the
 * layout's. */
async function* withLogs(
  queries: CopyReads,
  appKey: string,
  head: object & { device: { udid: string } },
  depth: number,
  tally: Tally,
): AsyncGenerator<string> {
  const indent = '  '.repeat(depth);
  let text = `${JSON.stringify(head, null, 2).slice(0, -2).replaceAll('\n', `\n${indent}`)},\n${indent}  "logs": [`;
  let separator = `\n${indent}    `;
  for await (const page of allLogs(queries, { appKey, device: head.device.udid }, EXPORT_PAGE, EXPORT_STEP_MS)) {
    for (const log of page) {
      text += separator + JSON.stringify(log);
      separator = `,\n${indent}    `;
    }
    tally.logs += page.length;
    yield text;
    text = '';
  }
  tally.whole = true;
  yield `${text}\n${indent}  ]\n${indent}}`;
}

/** A name for the file from `text`, when it is plain: any other is the client's own text, kept out of a header. */
const fileName = (text: string, otherwise: string) => (/^[\w.@-]{1,100}$/.test(text) ? text : otherwise);

/** One device's copy, or a 404 when the app holds no such device. */
async function deviceCopy(
  c: Context,
  queries: CopyReads,
  records: CopyStore,
  appKey: string,
  udid: string,
  by: string,
): Promise<Response> {
  const head = await deviceHead(queries, records, appKey, udid);
  if (!head) return c.json({ error: 'no such device' }, 404);
  const at = new Date();
  const copy: Omit<DeviceCopy, 'logs'> = { copied_at: at.toISOString(), ...head };
  const what = { of: 'device', udid, view: null, format: 'json' } as const;
  async function* text() {
    yield* recordedDownload(records, appKey, what, by, (tally) => withLogs(queries, appKey, copy, 0, tally), at);
    yield '\n';
  }
  return streamDownload(c, text(), { type: JSON_FILE, file: `sidelog-${head.app}-${fileName(udid, 'device')}.json` });
}

/** Every device the Users page finds for the person whose identity key holds `typed`, in the apps `readable` lets
 * through, as one file; a 400 for a value the search cannot take. */
async function userCopy(
  c: Context,
  apps: Pick<AppStore, 'apps'>,
  queries: CopyReads,
  records: CopyStore,
  typed: string | null,
  readable: (app: App) => boolean,
  by: string,
): Promise<Response> {
  const search = await findUser(apps, queries, typed, MAX_IDENTITY_PAGE, readable);
  if ('problem' in search) return c.json({ error: search.problem }, 400);
  const found: IdentitySearch = search;
  const copy: Omit<UserCopy, 'devices'> = {
    copied_at: new Date().toISOString(),
    value: found.value,
    apps_with_more_devices: found.apps.flatMap((app) => (app.identityKey !== null && app.more ? [app.appId] : [])),
  };
  // A device at a time, read as the download goes: a person of a hundred devices is never held in memory at once.
  async function* text() {
    yield `${JSON.stringify(copy, null, 2).slice(0, -2)},\n  "devices": [`;
    let separator = '\n    ';
    for (const app of found.apps) {
      if (app.identityKey === null) continue;
      for (const { udid } of app.devices) {
        const head = await deviceHead(queries, records, app.key, udid);
        // One erased since the search found it is left out.
        if (!head) continue;
        yield separator;
        const what = { of: 'user', udid, view: null, format: 'json' } as const;
        yield* recordedDownload(records, app.key, what, by, (tally) => withLogs(queries, app.key, head, 2, tally));
        separator = ',\n    ';
      }
    }
    yield `\n  ]\n}\n`;
  }
  return streamDownload(c, text(), { type: JSON_FILE, file: `sidelog-user-${fileName(found.value, 'copy')}.json` });
}

/** The explorer's routes: a device's copy, its app the one its path names (server/explorer/api.ts), for any account
 * that reads it; and a user's, of the apps the account may read. */
export function createDeviceCopyRoutes(
  apps: Pick<AppStore, 'apps'>,
  queries: CopyReads,
  records: CopyStore,
): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/devices/:udid/copy', (c) =>
    deviceCopy(c, queries, records, c.get('app').key, c.req.param('udid'), c.get('viewer')),
  );
  routes.get(`${IDENTITY_SEARCH_PATH}/copy`, (c) =>
    userCopy(c, apps, queries, records, c.req.query('value') ?? null, (app) => mayRead(c, app), c.get('viewer')),
  );
  return routes;
}

/** The admin API's routes: a device's copy, the app named by its key; a user's, of every app. */
export function adminDeviceCopyRoutes<E extends Env>(
  store: CopyStore & Pick<AppStore, 'app' | 'apps'> & { explorer: CopyReads },
): Hono<E> {
  const routes = new Hono<E>();
  routes.get('/apps/:key/devices/:udid/copy', async (c) => {
    const appKey = c.req.param('key');
    if (!(await store.app(appKey))) return c.json({ error: 'no such app' }, 404);
    return deviceCopy(c, store.explorer, store, appKey, c.req.param('udid'), ADMIN_API);
  });
  routes.get(`${IDENTITY_SEARCH_PATH}/copy`, (c) =>
    userCopy(c, store, store.explorer, store, c.req.query('value') ?? null, () => true, ADMIN_API),
  );
  return routes;
}
