// The record of each device erased on request (docs/privacy.md#erasing-a-device), on both databases over the dialect
// (server/stores/dialect.ts): when, by whom and what went, kept after the device's data, which retention leaves. A
// record is written unfinished as its erasure starts, and each step of the erasure adds what it deleted to it in the
// step's own transaction (the stores' device-erasure.ts, ERASURE_STEP_RECORD), so that a failure midway leaves a
// record of what went so far, which the next erasure of the device goes on with; logs ClickHouse took while the last
// step ran are added after it (addErasedLogs, server/stores/clickhouse/with-logs.ts).
import type { DeviceErasure } from '../../explorer-contract/api.types.ts';
import { appIdOf } from './app-id.ts';
import { sql, when, type Db, type Split } from './dialect.ts';
import type { ErasureRecordStore } from './store.types.ts';

/** What a step adds to its record, in each database's own statement: `logs`, `sessions`, `issues`, `keyChanges`,
 * `done` (1 or 0), `now` (ISO) and `record` (its id), as SQLite's named parameters; PostgreSQL's are numbered so. */
export const ERASURE_STEP_RECORD = {
  sqlite: `UPDATE device_erasures SET logs = logs + @logs, sessions = sessions + @sessions, issues = issues + @issues,
             key_changes = key_changes + @keyChanges, finished = @done,
             erased_at = CASE WHEN @done = 1 THEN @now ELSE erased_at END
           WHERE id = @record`,
  postgres: `UPDATE device_erasures SET logs = logs + $1, sessions = sessions + $2, issues = issues + $3,
               key_changes = key_changes + $4, finished = $5, erased_at = CASE WHEN $5 = 1 THEN $6 ELSE erased_at END
             WHERE id = $7`,
};

type Counts = { logs: number | string; sessions: number; issues: number; key_changes: number };
const counted = (udid: string, row: Counts): DeviceErasure => ({
  udid,
  logs: Number(row.logs),
  sessions: row.sessions,
  issues: row.issues,
  keyChanges: row.key_changes,
});

export function erasureRecordStore(db: Db): Split<ErasureRecordStore, 'startErasure' | 'addErasedLogs'> {
  return {
    reads: {
      async erasures(limit, appKey) {
        const rows = await db.all<
          Counts & { app_key: string; udid: string; erased_at: string; erased_by: string; finished: number }
        >(
          sql`SELECT app_key, udid, erased_at, erased_by, logs, sessions, issues, key_changes, finished
              FROM device_erasures ${when(appKey !== undefined, sql`WHERE app_key = ${appKey}`)}
              ORDER BY id DESC LIMIT ${limit}`,
        );
        return rows.map((row) => ({
          app: row.app_key,
          appId: appIdOf(row.app_key),
          ...counted(row.udid, row),
          erased_at: row.erased_at,
          erased_by: row.erased_by,
          finished: row.finished === 1,
        }));
      },
    },
    writes: {
      // One statement: two erasures of the device started at once share the one unfinished record.
      async startErasure(appKey, udid, by, at) {
        const [row] = await db.all<Counts & { id: number | string }>(
          sql`INSERT INTO device_erasures (app_key, udid, erased_at, erased_by, logs, sessions, issues, key_changes,
                finished)
              VALUES (${appKey}, ${udid}, ${at.toISOString()}, ${by}, 0, 0, 0, 0, 0)
              ON CONFLICT (app_key, udid) WHERE finished = 0 DO UPDATE SET erased_by = excluded.erased_by
              RETURNING id, logs, sessions, issues, key_changes`,
        );
        return { id: Number(row!.id), erased: counted(udid, row!) };
      },
      async addErasedLogs(record, logs) {
        await db.run(sql`UPDATE device_erasures SET logs = logs + ${logs} WHERE id = ${record}`);
      },
    },
  };
}
