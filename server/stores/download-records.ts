// The record of each file of stored data downloaded (docs/privacy.md#each-download-is-recorded): a copy of a device's
// data, or an export of a view's logs. On both databases over the dialect (server/stores/dialect.ts): when, by whom,
// what, and how many logs the file held, kept as the erasures' records are (server/stores/erasure-records.ts). A record
// is written as the download begins and ended with its logs when the file reaches its end or is cut, so that a cut one
// reads as such.
import type { DownloadRecord } from '../../explorer-contract/api.types.ts';
import { appIdOf } from './app-id.ts';
import { sql, when, type Db, type Split } from './dialect.ts';
import type { DownloadRecordStore } from './store.types.ts';

export function downloadRecordStore(db: Db): Split<DownloadRecordStore, 'startDownload' | 'endDownload'> {
  return {
    reads: {
      async downloads(limit, appKey, udid) {
        const rows = await db.all<{
          app_key: string;
          kind: DownloadRecord['of'];
          udid: string | null;
          view: string | null;
          format: string;
          downloaded_at: string;
          downloaded_by: string;
          logs: number | string;
          finished: number;
        }>(
          sql`SELECT app_key, kind, udid, view, format, downloaded_at, downloaded_by, logs, finished
              FROM downloads ${when(appKey !== undefined, sql`WHERE app_key = ${appKey}`)}
                ${when(appKey !== undefined && udid !== undefined, sql`AND udid = ${udid}`)}
              ORDER BY id DESC LIMIT ${limit}`,
        );
        return rows.map((row) => ({
          app: row.app_key,
          appId: appIdOf(row.app_key),
          of: row.kind,
          udid: row.udid,
          view: row.view,
          format: row.format,
          downloaded_at: row.downloaded_at,
          downloaded_by: row.downloaded_by,
          logs: Number(row.logs),
          finished: row.finished === 1,
        }));
      },
    },
    writes: {
      async startDownload(appKey, { of, udid, view, format }, by, at) {
        const [row] = await db.all<{ id: number | string }>(
          sql`INSERT INTO downloads (app_key, kind, udid, view, format, downloaded_at, downloaded_by, logs, finished)
              VALUES (${appKey}, ${of}, ${udid}, ${view}, ${format}, ${at.toISOString()}, ${by}, 0, 0)
              RETURNING id`,
        );
        return Number(row!.id);
      },
      async endDownload(record, logs, finished) {
        await db.run(sql`UPDATE downloads SET logs = ${logs}, finished = ${finished ? 1 : 0} WHERE id = ${record}`);
      },
    },
  };
}
