// The record of each device erased on request (docs/privacy.md#erasing-a-device), on both databases over the dialect
// (server/stores/dialect.ts): when, by whom and what went, kept after the device's data, which retention leaves.
import type { ErasureRecord } from '../../explorer-contract/api.types.ts';
import { sql, when, type Db, type Split } from './dialect.ts';
import type { ErasureRecordStore } from './store.types.ts';

export function erasureRecordStore(db: Db): Split<ErasureRecordStore, 'recordErasure'> {
  return {
    reads: {
      async erasures(limit, appKey) {
        const rows = await db.all<Omit<ErasureRecord, 'keyChanges' | 'app'> & { app_key: string; key_changes: number }>(
          sql`SELECT app_key, udid, erased_at, erased_by, logs, sessions, issues, key_changes FROM device_erasures
              ${when(appKey !== undefined, sql`WHERE app_key = ${appKey}`)} ORDER BY id DESC LIMIT ${limit}`,
        );
        return rows.map(({ app_key, key_changes, ...row }) => ({
          app: app_key,
          udid: row.udid,
          erased_at: row.erased_at,
          erased_by: row.erased_by,
          logs: Number(row.logs),
          sessions: row.sessions,
          issues: row.issues,
          keyChanges: key_changes,
        }));
      },
    },
    writes: {
      async recordErasure(appKey, erased, by, at) {
        await db.run(
          sql`INSERT INTO device_erasures (app_key, udid, erased_at, erased_by, logs, sessions, issues, key_changes)
              VALUES (${appKey}, ${erased.udid}, ${at.toISOString()}, ${by}, ${erased.logs}, ${erased.sessions},
                ${erased.issues}, ${erased.keyChanges})`,
        );
      },
    },
  };
}
