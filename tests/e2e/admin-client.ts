// What the collector received, read through the local service's admin API as a developer would.
import type { CollectedLog, DeviceKeyChange, StoredIssue, StoredSession } from '../../server/db.ts';
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
  const read = async <T>(list: string): Promise<T> => {
    const response = await fetch(`${url()}/sidelog/admin/api/${list}?${new URLSearchParams({ app: appKey })}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    if (!response.ok) throw new Error(`admin ${list}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
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
