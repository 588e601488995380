// The devices of an app whose identity key holds a value now (docs/explorer.md#finding-a-user-across-apps): the same
// SQL in both dialects, written with the store's placeholders, and its rows back to the API's answer. The value is
// matched as the key search matches it (deviceKeyValues: exact, case and all; `42` as the text or the number), through
// the device_keys index on each store; ordered by the devices' last log, a page at a time.
import type { IdentityDevice } from '../../explorer-contract/identity-search.types.ts';
import type { DeviceKeyValue, SessionPayload } from '../../protocol/records.types.ts';
import { DEVICE_COLUMNS, deviceKeyValues } from './explorer-queries.ts';
import type { ExplorerDeviceRow } from './explorer-queries.types.ts';

export interface KeyedDeviceRow extends ExplorerDeviceRow {
  /** The key's value as the table stores it (JSON). */
  who: string;
  /** The payload of the device's latest session (by its last log), for its app version. */
  last_payload: string | null;
}

/** The query for `limit` + 1 devices; `add` takes each parameter in order and answers its placeholder. */
export function keyedDevicesSql(
  add: (value: unknown) => string,
  appKey: string,
  key: string,
  value: string,
  limit: number,
): string {
  const app = add(appKey);
  const named = add(key);
  const values = deviceKeyValues(value).map(add).join(', ');
  return `SELECT * FROM (SELECT ${DEVICE_COLUMNS}, k.value AS who,
      (SELECT s.payload FROM sessions s LEFT JOIN session_stats st ON st.session_id = s.id
        WHERE s.app_key = d.app_key AND s.udid = d.udid ORDER BY coalesce(st.last_at, 0) DESC, s.id DESC LIMIT 1) AS last_payload
    FROM device_keys k JOIN devices d ON d.app_key = k.app_key AND d.udid = k.udid
    WHERE k.app_key = ${app} AND k.key = ${named} AND k.value IN (${values})) found
  ORDER BY coalesce(found.last_at, 0) DESC, found.udid LIMIT ${add(limit + 1)}`;
}

/** A page of the rows `keyedDevicesSql` read: `more` when it read one past `limit`. */
export function keyedDevices(rows: KeyedDeviceRow[], limit: number): { devices: IdentityDevice[]; more: boolean } {
  return {
    devices: rows.slice(0, limit).map((row) => {
      const payload = row.last_payload ? (JSON.parse(row.last_payload) as Partial<SessionPayload>) : undefined;
      return {
        udid: row.udid,
        name: row.name,
        who: JSON.parse(row.who) as DeviceKeyValue,
        sessions: Number(row.sessions),
        last_at: row.last_at === null ? null : Number(row.last_at),
        version: payload?.app_version?.version || null,
      };
    }),
    more: rows.length > limit,
  };
}
