// Who each row is from (docs/explorer.md#identity): the value, as it stands now, of the device key that says who a
// user is: `who=<key>` on a view, else the app's identity key (its setting, server/explorer/identity.ts). One read of
// the keys of the rows' devices, whatever their number: log rows, sessions, devices, a group's occurrences, sequences.
import type { DeviceKeyValue } from '../../protocol/records.types.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { App } from '../stores/store.types.ts';

/** The key a view shows who by: its own `who=` (empty: none), else the app's identity key, else none. */
export function whoKey(params: URLSearchParams, app: App): string | null {
  return params.has('who') ? params.get('who') || null : (app.identityKey ?? null);
}

/** Each device's value of `key` now (absent when it has none). */
export async function whoOf(
  queries: ExplorerQueries,
  appKey: string,
  key: string | null,
  udids: string[],
): Promise<Map<string, DeviceKeyValue>> {
  if (!key || udids.length === 0) return new Map();
  const rows = await queries.deviceKeys(appKey, [...new Set(udids)], key);
  return new Map(rows.map((row) => [row.udid, JSON.parse(row.value) as DeviceKeyValue]));
}

/** `rows`, each with `who` (null when its device has no such key), or as they are when no key applies. */
export async function withWho<T extends { udid: string }>(
  queries: ExplorerQueries,
  appKey: string,
  key: string | null,
  rows: T[],
): Promise<(T & { who?: DeviceKeyValue })[]> {
  if (!key || rows.length === 0) return rows;
  const values = await whoOf(
    queries,
    appKey,
    key,
    rows.map((row) => row.udid),
  );
  return rows.map((row) => ({ ...row, who: values.get(row.udid) ?? null }));
}
