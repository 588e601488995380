// A device's key history (docs/explorer.md#device-key-history) from device_key_changes, where the collector keeps
// every call that set or removed a key: the same SQL in both dialects, each change with the key's value before it;
// and the keys as they stood in one session, for the stream's session header.
import type { DeviceKeyValue } from '../../protocol/records.types.ts';
import type { KeyHistoryEntry, SessionKey } from '../../explorer-contract/insight.types.ts';

/** The newest changes of one device (app key and udid its two parameters, then the limit), newest first. */
export const KEY_HISTORY_SQL = (p: (n: number) => string) => `SELECT key, value, previous, received_at FROM (
    SELECT id, key, value, received_at, lag(value) OVER (PARTITION BY key ORDER BY id) AS previous
    FROM device_key_changes WHERE app_key = ${p(1)} AND udid = ${p(2)}
  ) AS changes ORDER BY id DESC LIMIT ${p(3)}`;

/** A device's keys as they stood in one of its sessions (app key and session uid its two parameters): each key's last
 * change received before the device's next session arrived (docs/facets.md#session-header); a removal is the JSON
 * null. */
export const SESSION_KEYS_SQL = (p: (n: number) => string) => `SELECT key, value FROM (
    SELECT c.key, c.value, row_number() OVER (PARTITION BY c.key ORDER BY c.id DESC) AS n
    FROM sessions s JOIN device_key_changes c ON c.app_key = s.app_key AND c.udid = s.udid
    WHERE s.app_key = ${p(1)} AND s.session_uid = ${p(2)}
      AND NOT EXISTS (SELECT 1 FROM sessions later
        WHERE later.app_key = s.app_key AND later.udid = s.udid AND later.id > s.id AND later.received_at < c.received_at)
  ) AS latest WHERE n = 1`;

/** The keys SESSION_KEYS_SQL read, the removed ones left out, in key order. */
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
