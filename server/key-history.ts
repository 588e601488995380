// A device's key history (docs/explorer.md#device-key-history) from device_key_changes, where the collector keeps
// every call that set or removed a key: the same SQL in both dialects, each change with the key's value before it.
import type { DeviceKeyValue } from '../protocol/records.types.ts';
import type { KeyHistoryEntry } from '../explorer-contract/insight.types.ts';

/** The newest changes of one device (app key and udid its two parameters, then the limit), newest first. */
export const KEY_HISTORY_SQL = (p: (n: number) => string) => `SELECT key, value, previous, received_at FROM (
    SELECT id, key, value, received_at, lag(value) OVER (PARTITION BY key ORDER BY id) AS previous
    FROM device_key_changes WHERE app_key = ${p(1)} AND udid = ${p(2)}
  ) AS changes ORDER BY id DESC LIMIT ${p(3)}`;

export interface KeyChangeRow {
  key: string;
  value: string;
  previous: string | null;
  received_at: string;
}

/** Rows newest first back to the history, oldest first; a removal is stored as the JSON null. */
export function keyHistory(rows: KeyChangeRow[]): KeyHistoryEntry[] {
  return rows.reverse().map((row) => ({
    key: row.key,
    value: JSON.parse(row.value) as DeviceKeyValue,
    previous: row.previous === null ? null : (JSON.parse(row.previous) as DeviceKeyValue),
    received_at: row.received_at,
  }));
}
