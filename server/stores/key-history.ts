// A device's key history (docs/explorer.md#device-key-history) from device_key_changes, where the collector keeps
// every call that set or removed a key, and the keys as they stood in one session, for the stream's session header:
// their rows, read by server/stores/saved-views.ts, back to what the explorer shows.
import type { DeviceKeyValue } from '../../protocol/records.types.ts';
import type { KeyHistoryEntry, SessionKey } from '../../explorer-contract/insight.types.ts';

/** A session's keys as server/stores/saved-views.ts reads them, the removed ones left out, in key order. */
export function sessionKeys(rows: { key: string; value: string }[]): SessionKey[] {
  return rows
    .map((row) => ({ key: row.key, value: JSON.parse(row.value) as DeviceKeyValue }))
    .filter((row) => row.value !== null)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

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
