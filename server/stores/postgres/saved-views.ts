// Saved views and a device's key history in PostgreSQL, as in SQLite (server/stores/sqlite/saved-views.ts).
import type pg from 'pg';
import type { SavedView } from '../../../explorer-contract/insight.types.ts';
import { KEY_HISTORY_SQL, keyHistory, SESSION_KEYS_SQL, sessionKeys, type KeyChangeRow } from '../key-history.ts';
import type { DeviceHistoryStore, SavedViewStore } from '../store.types.ts';
import { sql } from './client.ts';

export function createSavedViewStore(pool: pg.Pool): SavedViewStore & DeviceHistoryStore {
  const { all, run } = sql(pool);
  return {
    async savedViews(appKey, viewer) {
      const rows = await all<Omit<SavedView, 'shared'> & { shared: number }>(
        `SELECT id, name, path, query, shared, owner, created_at FROM saved_views WHERE app_key = $1 AND (shared = 1 OR owner = $2) ORDER BY name COLLATE "C", id`,
        appKey,
        viewer,
      );
      return rows.map((row) => ({ ...row, shared: row.shared === 1 }));
    },
    async addSavedView(appKey, view) {
      await run(
        `INSERT INTO saved_views (id, app_key, owner, shared, name, path, query, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        view.id,
        appKey,
        view.owner,
        view.shared ? 1 : 0,
        view.name,
        view.path,
        view.query,
        view.created_at,
      );
    },
    async deleteSavedView(appKey, id, viewer, anyOwner) {
      return (
        (await run(
          `DELETE FROM saved_views WHERE app_key = $1 AND id = $2 AND (owner = $3 OR $4)`,
          appKey,
          id,
          viewer,
          anyOwner,
        )) === 1
      );
    },
    async sessionDeviceKeys(appKey, sessionUid) {
      return sessionKeys(
        await all<{ key: string; value: string }>(
          SESSION_KEYS_SQL((n) => `$${n}`),
          appKey,
          sessionUid,
        ),
      );
    },
    async deviceKeyHistory(appKey, udid, limit) {
      return keyHistory(
        await all<KeyChangeRow>(
          KEY_HISTORY_SQL((n) => `$${n}`),
          appKey,
          udid,
          limit,
        ),
      );
    },
  };
}
