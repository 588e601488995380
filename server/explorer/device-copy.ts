// A copy of everything stored of one device, as one JSON file (docs/privacy.md#a-copy-of-a-device): for a person who
// asks what is kept of them (GDPR's article 15, 152-ФЗ's article 14), as erasing is for one who asks that it go.
// `GET /apps/{appID}/devices/{udid}/copy` in the explorer's API (the device's page and its row of the Users page link
// to it), and `GET /apps/{key}/devices/{udid}/copy` in the admin API. The device, its keys and their history, its sessions and its
// issues are read first; its logs follow a page at a time as the export's do (server/explorer/export.ts), so that a
// device of a million logs is never held in memory, the file still one JSON document.
import { Hono, type Context, type Env } from 'hono';
import type { DeviceDetail, ExplorerIssue, ExplorerSession } from '../../explorer-contract/api.types.ts';
import type { DeviceCopy } from '../../explorer-contract/insight.types.ts';
import { allLogs } from '../stores/explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { AppStore, DeviceHistoryStore } from '../stores/store.types.ts';
import { appIdOf } from '../stores/app-id.ts';
import type { ExplorerEnv } from './api-params.ts';
import { EXPORT_PAGE, EXPORT_STEP_MS, streamDownload } from './export.ts';

/** Sessions and issues read a page at a time. */
const PAGE = 500;
/** More key changes than any device makes: a key history past it is cut to its newest. */
const KEY_CHANGES = 1_000_000;

type CopyReads = Pick<ExplorerQueries, 'devices' | 'sessions' | 'issues' | 'logs'>;

/** Every session of the device; one that started while the pages were read is listed once. */
async function sessionsOf(queries: CopyReads, appKey: string, udid: string): Promise<ExplorerSession[]> {
  const found = new Map<string, ExplorerSession>();
  for (let offset = 0; ; offset += PAGE) {
    const { sessions, more } = await queries.sessions.list({
      appKey,
      device: udid,
      sort: 'first',
      offset,
      limit: PAGE,
    });
    for (const session of sessions) if (!found.has(session.session_uid)) found.set(session.session_uid, session);
    if (!more) return [...found.values()];
  }
}

/** The issues of those of `sessions` that have any, newest first. */
async function issuesOf(queries: CopyReads, appKey: string, sessions: ExplorerSession[]): Promise<ExplorerIssue[]> {
  const issues: ExplorerIssue[] = [];
  for (const session of sessions.filter(({ issues }) => issues > 0)) {
    for (let before: number | undefined; ;) {
      const page = await queries.issues.list({ appKey, session: session.session_uid, before, limit: PAGE });
      issues.push(...page.issues);
      if (page.next === null) break;
      before = page.next;
    }
  }
  return issues.sort((a, b) => b.id - a.id);
}

/** The file's text: the head indented, then a log a line, the logs' pages read as the download goes. */
async function* copyText(head: Omit<DeviceCopy, 'logs'>, logs: AsyncGenerator<ExplorerLog[]>): AsyncGenerator<string> {
  let text = `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "logs": [`;
  let separator = '\n';
  for await (const page of logs) {
    for (const log of page) {
      text += separator + JSON.stringify(log);
      separator = ',\n';
    }
    yield text;
    text = '';
  }
  yield `${text}\n  ]\n}\n`;
}

/** The copy's download, or a 404 when the app holds no such device. */
async function deviceCopy(
  c: Context,
  queries: CopyReads,
  history: DeviceHistoryStore,
  appKey: string,
  udid: string,
): Promise<Response> {
  const device: DeviceDetail | undefined = await queries.devices.one(appKey, udid);
  if (!device) return c.json({ error: 'no such device' }, 404);
  const sessions = await sessionsOf(queries, appKey, udid);
  const head: Omit<DeviceCopy, 'logs'> = {
    copied_at: new Date().toISOString(),
    app: appIdOf(appKey),
    device,
    key_history: await history.deviceKeyHistory(appKey, udid, KEY_CHANGES),
    sessions,
    issues: await issuesOf(queries, appKey, sessions),
  };
  const logs = allLogs(queries, { appKey, device: udid }, EXPORT_PAGE, EXPORT_STEP_MS);
  // The udid as the file's name only when it is plain: any other is the client's own text.
  const name = /^[\w.-]{1,100}$/.test(udid) ? udid : 'device';
  return streamDownload(c, copyText(head, logs), {
    type: 'application/json; charset=utf-8',
    file: `sidelog-${head.app}-${name}.json`,
  });
}

/** The explorer's route: the app is the one its path names (server/explorer/api.ts), for any account that reads it. */
export function createDeviceCopyRoutes(queries: CopyReads, history: DeviceHistoryStore): Hono<ExplorerEnv> {
  const routes = new Hono<ExplorerEnv>();
  routes.get('/apps/:appId/devices/:udid/copy', (c) =>
    deviceCopy(c, queries, history, c.get('app').key, c.req.param('udid')),
  );
  return routes;
}

/** The admin API's route, the app named by its key. */
export function adminDeviceCopyRoutes<E extends Env>(
  store: DeviceHistoryStore & Pick<AppStore, 'app'> & { explorer: CopyReads },
): Hono<E> {
  const routes = new Hono<E>();
  routes.get('/apps/:key/devices/:udid/copy', async (c) => {
    const appKey = c.req.param('key');
    if (!(await store.app(appKey))) return c.json({ error: 'no such app' }, 404);
    return deviceCopy(c, store.explorer, store, appKey, c.req.param('udid'));
  });
  return routes;
}
