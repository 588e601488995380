// The devices list's reads on SQLite: a page of an app's devices, newest seen first, by id, name or a key's value as
// it stands or was, one device with its keys, and the devices whose identity key holds a user's value.
import type Database from 'better-sqlite3';
import type { DeviceKeyValue } from '../../../../protocol/records.types.ts';
import { DEVICE_SELECT, toExplorerDevice } from '../../explorer-queries.ts';
import type { DeviceFilter, ExplorerDevice, ExplorerDeviceRow } from '../../explorer-queries.types.ts';
import { containsFolded } from '../case-fold.ts';
import { keyedDevices, keyedDevicesSql, type KeyedDeviceRow } from '../../identity-devices.ts';

export function deviceQueries(db: Database.Database) {
  return {
    list(filter: DeviceFilter): { devices: ExplorerDevice[]; more: boolean } {
      const clauses = ['d.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.q) {
        // Or a value of its keys, as they stand or as they were (docs/explorer.md#device-key-history).
        clauses.push(`(instr(d.udid, ?) OR ${containsFolded('d.name')}
          OR EXISTS (SELECT 1 FROM device_keys k WHERE k.app_key = d.app_key AND k.udid = d.udid AND ${containsFolded('k.value')})
          OR EXISTS (SELECT 1 FROM device_key_changes c WHERE c.app_key = d.app_key AND c.udid = d.udid AND ${containsFolded('c.value')}))`);
        params.push(filter.q, filter.q, filter.q, filter.q);
      }
      const rows = db
        .prepare(`${DEVICE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY d.last_seen DESC, d.udid LIMIT ? OFFSET ?`)
        .all(...params, filter.limit + 1, filter.offset ?? 0) as ExplorerDeviceRow[];
      return { devices: rows.slice(0, filter.limit).map(toExplorerDevice), more: rows.length > filter.limit };
    },
    one(
      appKey: string,
      udid: string,
    ): (ExplorerDevice & { keys: { key: string; value: DeviceKeyValue }[] }) | undefined {
      const row = db.prepare(`${DEVICE_SELECT} WHERE d.app_key = ? AND d.udid = ?`).get(appKey, udid) as
        | ExplorerDeviceRow
        | undefined;
      if (!row) return undefined;
      const keys = (
        db
          .prepare(`SELECT key, value FROM device_keys WHERE app_key = ? AND udid = ? ORDER BY key`)
          .all(appKey, udid) as { key: string; value: string }[]
      ).map((key) => ({ key: key.key, value: JSON.parse(key.value) as DeviceKeyValue }));
      return { ...toExplorerDevice(row), keys };
    },
    withKey(appKey: string, key: string, value: string, limit: number) {
      const params: unknown[] = [];
      const query = keyedDevicesSql((param) => (params.push(param), '?'), appKey, key, value, limit);
      return keyedDevices(db.prepare(query).all(...params) as KeyedDeviceRow[], limit);
    },
  };
}
