// Saved views and a device's key history in SQLite: the explorer's own small reads and writes beyond the stream
// (docs/explorer.md#saved-views, docs/explorer.md#device-key-history).
import type Database from 'better-sqlite3';
import type { KeyHistoryEntry, SavedView } from '../../../explorer-contract/insight.types.ts';
import { KEY_HISTORY_SQL, keyHistory, SESSION_KEYS_SQL, sessionKeys, type KeyChangeRow } from '../key-history.ts';
import type { DeviceHistoryStore, SavedViewStore } from '../store.types.ts';
import { promised, type Sync } from './rows.ts';

export function createSavedViewStore(db: Database.Database): SavedViewStore & DeviceHistoryStore {
  return promised<SavedViewStore & DeviceHistoryStore>(savedViewStoreSync(db));
}

/** Its writes (addSavedView, deleteSavedView) run in the writer thread (server/stores/sqlite/writer.types.ts). */
export function savedViewStoreSync(db: Database.Database): Sync<SavedViewStore & DeviceHistoryStore> {
  return {
    savedViews(appKey, viewer) {
      const rows = db
        .prepare(
          `SELECT id, name, path, query, shared, owner, created_at FROM saved_views WHERE app_key = ? AND (shared = 1 OR owner = ?) ORDER BY name, id`,
        )
        .all(appKey, viewer) as (Omit<SavedView, 'shared'> & { shared: number })[];
      return rows.map((row) => ({ ...row, shared: row.shared === 1 }));
    },
    addSavedView(appKey, view) {
      db.prepare(
        `INSERT INTO saved_views (id, app_key, owner, shared, name, path, query, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(view.id, appKey, view.owner, view.shared ? 1 : 0, view.name, view.path, view.query, view.created_at);
    },
    deleteSavedView(appKey, id, viewer, anyOwner) {
      return (
        db
          .prepare(`DELETE FROM saved_views WHERE app_key = ? AND id = ? AND (owner = ? OR ?)`)
          .run(appKey, id, viewer, anyOwner ? 1 : 0).changes === 1
      );
    },
    deviceKeyHistory(appKey, udid, limit): KeyHistoryEntry[] {
      return keyHistory(db.prepare(KEY_HISTORY_SQL(() => '?')).all(appKey, udid, limit) as KeyChangeRow[]);
    },
    sessionDeviceKeys(appKey, sessionUid) {
      return sessionKeys(
        db.prepare(SESSION_KEYS_SQL(() => '?')).all(appKey, sessionUid) as { key: string; value: string }[],
      );
    },
  };
}
