// What the collector received, read through the local service's admin API as a developer would.
import { readAllPages } from '../../server/admin/admin-pages.ts';
import type { CollectedLog, DeviceKeyChange, StoredIssue, StoredSession } from '../../server/stores/store.types.ts';
import type { WireOperation } from '../../protocol/wire.ts';

export interface AdminClient {
  logs(): Promise<CollectedLog[]>;
  batches(): Promise<{ session_uid: string; count: number; stored: number }[]>;
  sessions(): Promise<StoredSession[]>;
  issues(): Promise<StoredIssue[]>;
  deviceKeys(): Promise<DeviceKeyChange[]>;
  requests(): Promise<{ operation: WireOperation; status: number }[]>;
}

/** The admin API of the service at `url`, for one app key. */
export function createAdminClient(url: () => string, adminToken: string, appKey: string): AdminClient {
  /** The whole list, page after page. */
  const read = async <T>(list: string): Promise<T> => {
    const get = (path: string) => fetch(`${url()}${path}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    return (await readAllPages(get, `/sidelog/admin/api/${list}?${new URLSearchParams({ app: appKey })}`)) as T;
  };
  return {
    logs: () => read('logs'),
    batches: () => read('batches'),
    sessions: () => read('sessions'),
    issues: () => read('issues'),
    deviceKeys: () => read('device-keys'),
    requests: () => read('requests'),
  };
}
