// `who=<key>` on the lists of logs: each log with its device's value of that key as it stands now, for the rows to
// show who a log is from by that key rather than by the device's name (docs/facets.md#who). One read of the keys of
// the list's devices, whatever its length.
import type { ExplorerLog } from '../../explorer-contract/api.types.ts';
import type { DeviceKeyValue } from '../../protocol/records.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';

/** `logs`, each with `who` (null when its device has no such key), or as they are when no key is chosen. */
export async function withWho<T extends ExplorerLog>(
  queries: ExplorerQueries,
  appKey: string,
  key: string | null,
  logs: T[],
): Promise<T[]> {
  if (!key || logs.length === 0) return logs;
  const rows = await queries.deviceKeys(appKey, [...new Set(logs.map((log) => log.udid))], key);
  const values = new Map(rows.map((row) => [row.udid, JSON.parse(row.value) as DeviceKeyValue]));
  return logs.map((log) => ({ ...log, who: values.get(log.udid) ?? null }));
}
