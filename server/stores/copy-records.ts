// The record of each copy of a device's data given (docs/privacy.md#each-copy-is-recorded), on both databases over the
// dialect (server/stores/dialect.ts): when, by whom, and how many of its logs the file held, kept as the erasures'
// records are (server/stores/erasure-records.ts), after the device's data. A record is written as the download
// begins and ended with the logs the file held when it reaches the device's end or is cut, so that a cut one reads
// as such.
import type { CopyRecord } from '../../explorer-contract/api.types.ts';
import { appIdOf } from './app-id.ts';
import { sql, when, type Db, type Split } from './dialect.ts';
import type { CopyRecordStore } from './store.types.ts';

export function copyRecordStore(db: Db): Split<CopyRecordStore, 'startCopy' | 'endCopy'> {
  return {
    reads: {
      async copies(limit, appKey) {
        const rows = await db.all<{
          app_key: string;
          udid: string;
          copied_at: string;
          copied_by: string;
          kind: CopyRecord['of'];
          logs: number | string;
          finished: number;
        }>(
          sql`SELECT app_key, udid, copied_at, copied_by, kind, logs, finished
              FROM device_copies ${when(appKey !== undefined, sql`WHERE app_key = ${appKey}`)}
              ORDER BY id DESC LIMIT ${limit}`,
        );
        return rows.map((row) => ({
          app: row.app_key,
          appId: appIdOf(row.app_key),
          udid: row.udid,
          copied_at: row.copied_at,
          copied_by: row.copied_by,
          of: row.kind,
          logs: Number(row.logs),
          finished: row.finished === 1,
        }));
      },
    },
    writes: {
      async startCopy(appKey, udid, by, of, at) {
        const [row] = await db.all<{ id: number | string }>(
          sql`INSERT INTO device_copies (app_key, udid, copied_at, copied_by, kind, logs, finished)
              VALUES (${appKey}, ${udid}, ${at.toISOString()}, ${by}, ${of}, 0, 0)
              RETURNING id`,
        );
        return Number(row!.id);
      },
      async endCopy(record, logs, finished) {
        await db.run(sql`UPDATE device_copies SET logs = ${logs}, finished = ${finished ? 1 : 0} WHERE id = ${record}`);
      },
    },
  };
}
