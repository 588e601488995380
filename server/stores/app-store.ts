// The collector's apps, found by key or by either form of appID: one store for both databases over the dialect
// (server/stores/dialect.ts).
import { appIdOf, bugfenderAppIdOf } from './app-id.ts';
import { raw, sql, type Db, type Split } from './dialect.ts';
import { APP_COLUMNS, toApp, type AppRow } from './store-rows.ts';
import type { AppStore } from './store.types.ts';

const COLUMNS = raw(APP_COLUMNS);

export function appStore(db: Db): Split<AppStore, 'putApp' | 'setIdentityKey'> {
  const app = async (key: string) => {
    const row = await db.one<AppRow>(sql`SELECT ${COLUMNS} FROM apps WHERE key = ${key}`);
    return row && toApp(row);
  };
  return {
    reads: {
      app,
      async appById(appId) {
        const row = await db.one<AppRow>(
          sql`SELECT ${COLUMNS} FROM apps WHERE app_id = ${appId} OR bugfender_app_id = ${appId} ORDER BY key LIMIT 1`,
        );
        return row && toApp(row);
      },
      async apps() {
        return (await db.all<AppRow>(sql`SELECT ${COLUMNS} FROM apps ORDER BY key`)).map(toApp);
      },
    },
    writes: {
      async putApp(key, enabled, redact) {
        // Without a rule set in the call, an existing app keeps its own.
        const keepRedact = redact === undefined;
        const row = await db.one<AppRow>(
          sql`INSERT INTO apps (key, app_id, bugfender_app_id, enabled, redact)
              VALUES (${key}, ${appIdOf(key)}, ${bugfenderAppIdOf(key)}, ${enabled ? 1 : 0}, ${redact ? JSON.stringify(redact) : null})
              ON CONFLICT (key) DO UPDATE SET enabled = excluded.enabled${raw(keepRedact ? '' : ', redact = excluded.redact')}
              RETURNING ${COLUMNS}`,
        );
        return toApp(row!);
      },
      async setIdentityKey(key, identityKey) {
        const row = await db.one<AppRow>(
          sql`UPDATE apps SET identity_key = ${identityKey} WHERE key = ${key} RETURNING ${COLUMNS}`,
        );
        return row && toApp(row);
      },
    },
  };
}
