// The collector's apps in SQLite, found by key or by either form of appID.
import type Database from 'better-sqlite3';
import { appIdOf, bugfenderAppIdOf } from '../app-id.ts';
import type { AppStore } from '../store.types.ts';
import { APP_COLUMNS, queries, toApp, type AppRow, promised, type Sync } from './rows.ts';

export function createAppStore(db: Database.Database): AppStore {
  return promised<AppStore>(appStoreSync(db));
}

export function appStoreSync(db: Database.Database): Sync<AppStore> {
  const { one, all } = queries(db);
  // Every collector request looks its app up: prepared once.
  const appRow = db.prepare(`SELECT ${APP_COLUMNS} FROM apps WHERE key = ?`);
  const app = (key: string) => {
    const row = appRow.get(key) as AppRow | undefined;
    return row && toApp(row);
  };
  return {
    putApp(key, enabled, redact) {
      // Without a rule set in the call, an existing app keeps its own.
      const keepRedact = redact === undefined;
      db.prepare(
        `INSERT INTO apps (key, app_id, bugfender_app_id, enabled, redact) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled${keepRedact ? '' : ', redact = excluded.redact'}`,
      ).run(key, appIdOf(key), bugfenderAppIdOf(key), enabled ? 1 : 0, redact ? JSON.stringify(redact) : null);
      return app(key)!;
    },
    app,
    appById(appId) {
      const row = one<AppRow>(
        `SELECT ${APP_COLUMNS} FROM apps WHERE app_id = ? UNION SELECT ${APP_COLUMNS} FROM apps WHERE bugfender_app_id = ?`,
        appId,
        appId,
      );
      return row && toApp(row);
    },
    apps() {
      return all<AppRow>(`SELECT ${APP_COLUMNS} FROM apps ORDER BY key`).map(toApp);
    },
  };
}
