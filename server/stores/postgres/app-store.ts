// The collector's apps in PostgreSQL, found by key or by either form of appID.
import type pg from 'pg';
import { appIdOf, bugfenderAppIdOf } from '../app-id.ts';
import { APP_COLUMNS, toApp, type AppRow } from '../store-rows.ts';
import type { AppStore } from '../store.types.ts';
import { sql } from './client.ts';

export function createAppStore(pool: pg.Pool): AppStore {
  const { one, all } = sql(pool);
  const app = async (key: string) => {
    const row = await one<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE key = $1`, key);
    return row && toApp(row);
  };
  return {
    async putApp(key, enabled, redact) {
      // Without a rule set in the call, an existing app keeps its own.
      const keepRedact = redact === undefined;
      const row = await one<AppRow>(
        `INSERT INTO apps (key, app_id, bugfender_app_id, enabled, redact) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled${keepRedact ? '' : ', redact = excluded.redact'} RETURNING ${APP_COLUMNS}`,
        key,
        appIdOf(key),
        bugfenderAppIdOf(key),
        enabled ? 1 : 0,
        redact ? JSON.stringify(redact) : null,
      );
      return toApp(row!);
    },
    app,
    async appById(appId) {
      const row = await one<AppRow>(
        `SELECT ${APP_COLUMNS} FROM apps WHERE app_id = $1 OR bugfender_app_id = $1 ORDER BY key LIMIT 1`,
        appId,
      );
      return row && toApp(row);
    },
    async apps() {
      return (await all<AppRow>(`SELECT ${APP_COLUMNS} FROM apps ORDER BY key`)).map(toApp);
    },
  };
}
