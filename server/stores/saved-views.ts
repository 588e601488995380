// Saved views and a device's key history: the explorer's own small reads and writes beyond the stream
// (docs/explorer.md#saved-views, docs/explorer.md#device-key-history), on both databases over the dialect
// (server/stores/dialect.ts).
import type { SavedView } from '../../explorer-contract/insight.types.ts';
import { conditionOf, deleteViewAlerts } from './alerts.ts';
import { keyHistory, sessionKeys, type KeyChangeRow } from './key-history.ts';
import { list, sql, type Db, type Split } from './dialect.ts';
import type { DeviceHistoryStore, SavedViewStore } from './store.types.ts';

export function savedViewStore(db: Db): Split<SavedViewStore & DeviceHistoryStore, 'addSavedView' | 'deleteSavedView'> {
  return {
    reads: {
      async savedViews(appKey, viewer) {
        const rows = await db.all<
          Omit<SavedView, 'shared' | 'alert'> & {
            shared: number;
            kind: string | null;
            threshold: number | null;
            minutes: number;
          }
        >(
          sql`SELECT v.id, v.name, v.path, v.query, v.shared, v.owner, v.created_at, a.kind, a.threshold, a.minutes
              FROM saved_views v LEFT JOIN view_alerts a ON a.view_id = v.id
              WHERE v.app_key = ${appKey} AND (v.shared = 1 OR v.owner = ${viewer}) ORDER BY v.name${db.byCodePoint}, v.id`,
        );
        return rows.map(({ kind, threshold, minutes, ...row }) => ({
          ...row,
          shared: row.shared === 1,
          alert: kind === null ? null : conditionOf({ kind, threshold, minutes }),
        }));
      },
      // Each change with the key's value before it, newest first. A call that set a key to the value it had (an app
      // sets its user's id at every start) changed nothing: left out before the limit, so that its repeats never push
      // a real change out of the newest `limit`.
      async deviceKeyHistory(appKey, udid, limit) {
        return keyHistory(
          await db.all<KeyChangeRow>(
            sql`SELECT key, value, previous, received_at FROM (
                  SELECT id, key, value, received_at, lag(value) OVER (PARTITION BY key ORDER BY id) AS previous
                  FROM device_key_changes WHERE app_key = ${appKey} AND udid = ${udid}
                ) AS changes WHERE previous IS NULL OR previous <> value ORDER BY id DESC LIMIT ${limit}`,
          ),
        );
      },
      // Each key's last change received before the device's next session arrived (docs/facets.md#session-header); a
      // removal is the JSON null.
      async sessionDeviceKeys(appKey, sessionUid) {
        return sessionKeys(
          await db.all<{ key: string; value: string }>(
            sql`SELECT key, value FROM (
                  SELECT c.key, c.value, row_number() OVER (PARTITION BY c.key ORDER BY c.id DESC) AS n
                  FROM sessions s JOIN device_key_changes c ON c.app_key = s.app_key AND c.udid = s.udid
                  WHERE s.app_key = ${appKey} AND s.session_uid = ${sessionUid}
                    AND NOT EXISTS (SELECT 1 FROM sessions later
                      WHERE later.app_key = s.app_key AND later.udid = s.udid AND later.id > s.id AND later.received_at < c.received_at)
                ) AS latest WHERE n = 1`,
          ),
        );
      },
    },
    writes: {
      async addSavedView(appKey, view) {
        await db.run(
          sql`INSERT INTO saved_views (id, app_key, owner, shared, name, path, query, created_at)
              VALUES (${view.id}, ${appKey}, ${view.owner}, ${view.shared ? 1 : 0}, ${view.name}, ${view.path}, ${view.query}, ${view.created_at})`,
        );
      },
      deleteSavedView: (appKey, id, viewer, anyOwner) =>
        db.transaction(async (tx) => {
          const deleted = await tx.run(
            sql`DELETE FROM saved_views WHERE app_key = ${appKey} AND id = ${id} AND (owner = ${viewer} OR ${anyOwner ? 1 : 0} = 1)`,
          );
          if (deleted !== 1) return false;
          await deleteViewAlerts(tx, list([id]));
          return true;
        }),
    },
  };
}
