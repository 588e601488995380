// The local service's admin API as a developer's script uses it: what the collector received, read back, and the POST
// that sets up what a test needs.
import { readAllPages } from '../../server/admin/admin-pages.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import type { CollectedLog, DeviceKeyChange, StoredIssue, StoredSession } from '../../server/stores/store.types.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import type { WireOperation } from '../../protocol/wire.ts';

export interface AdminClient {
  logs(): Promise<CollectedLog[]>;
  /** One session's logs, oldest first (the admin API's session lookup): what a test polls for while a page uploads,
   * without reading again every log the app stored before (the whole list is megabytes in some files). */
  sessionLogs(session: string): Promise<LogRecord[]>;
  batches(): Promise<{ session_uid: string; count: number; stored: number }[]>;
  sessions(): Promise<StoredSession[]>;
  issues(): Promise<StoredIssue[]>;
  deviceKeys(): Promise<DeviceKeyChange[]>;
  requests(): Promise<{ operation: WireOperation; status: number }[]>;
}

/** The admin API of the service at `url`, for one app key. */
export function createAdminClient(url: () => string, adminToken: string, appKey: string): AdminClient {
  const get = (path: string) => fetch(`${url()}${path}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  /** The whole list, page after page. */
  const read = async <T>(list: string): Promise<T> =>
    (await readAllPages(get, `/sidelog/admin/api/${list}?${new URLSearchParams({ app: appKey })}`)) as T;
  return {
    logs: () => read('logs'),
    async sessionLogs(session) {
      const response = await get(`/sidelog/admin/api/intent/${appIdOf(appKey)}/session/${encodeURIComponent(session)}`);
      // Not found until the session's first upload has arrived.
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`admin session ${session}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { logs: LogRecord[] }).logs;
    },
    batches: () => read('batches'),
    sessions: () => read('sessions'),
    issues: () => read('issues'),
    deviceKeys: () => read('device-keys'),
    requests: () => read('requests'),
  };
}

/** A POST of `body` as JSON to the admin API of the service at `url`, as a developer's script makes one: what a test
 * sets up through the API (an app, a viewer, an identity key, a webhook). */
export function adminPost(url: string, adminToken: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}/sidelog/admin/api/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
