// The devices list's reads on PostgreSQL: a page of an app's devices, newest seen first, by id, name or a key's value
// as it stands or was, one device with its keys, and the devices whose identity key holds a user's value.
import type pg from 'pg';
import { DEVICE_SELECT, toExplorerDevice } from '../../explorer-queries.ts';
import type { ExplorerDeviceRow, ExplorerQueries } from '../../explorer-queries.types.ts';
import { sql } from '../client.ts';
import { parameters } from './log-filter.ts';
import { contains } from './text-contains.ts';
import { keyedDevices, keyedDevicesSql, type KeyedDeviceRow } from '../../identity-devices.ts';

export function deviceQueries(pool: pg.Pool): ExplorerQueries['devices'] {
  const { one, all } = sql(pool);
  return {
    async list(filter) {
      const p = parameters();
      const clauses = [`d.app_key = ${p.add(filter.appKey)}`];
      if (filter.q) {
        // Or a value of its keys, as they stand or as they were (docs/explorer.md#device-key-history).
        const q = p.add(filter.q);
        clauses.push(`(strpos(d.udid, ${q}) > 0 OR ${contains('d.name', q)}
          OR EXISTS (SELECT 1 FROM device_keys k WHERE k.app_key = d.app_key AND k.udid = d.udid AND ${contains('k.value', q)})
          OR EXISTS (SELECT 1 FROM device_key_changes c WHERE c.app_key = d.app_key AND c.udid = d.udid AND ${contains('c.value', q)}))`);
      }
      const rows = await all<ExplorerDeviceRow>(
        `${DEVICE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY d.last_seen DESC, d.udid LIMIT ${p.add(filter.limit + 1)} OFFSET ${p.add(filter.offset ?? 0)}`,
        ...p.values,
      );
      return { devices: rows.slice(0, filter.limit).map(toExplorerDevice), more: rows.length > filter.limit };
    },
    async one(appKey, udid) {
      const row = await one<ExplorerDeviceRow>(`${DEVICE_SELECT} WHERE d.app_key = $1 AND d.udid = $2`, appKey, udid);
      if (!row) return undefined;
      const keys = await all<{ key: string; value: string }>(
        `SELECT key, value FROM device_keys WHERE app_key = $1 AND udid = $2 ORDER BY key`,
        appKey,
        udid,
      );
      return { ...toExplorerDevice(row), keys: keys.map((key) => ({ key: key.key, value: JSON.parse(key.value) })) };
    },
    async withKey(appKey, key, value, limit) {
      const p = parameters();
      const query = keyedDevicesSql(p.add, appKey, key, value, limit);
      return keyedDevices(await all<KeyedDeviceRow>(query, ...p.values), limit);
    },
  };
}
