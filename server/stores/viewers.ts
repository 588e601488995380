// The explorer's viewer accounts and their sign-ins, on both databases over the dialect (server/stores/dialect.ts);
// the rules are server/explorer/viewer-accounts.ts's.
import { ADMIN_VIEWER } from '../../explorer-contract/insight.types.ts';
import { deleteViewAlerts } from './alerts.ts';
import { sql, type Db, type Split } from './dialect.ts';
import { addSignIn } from './sign-ins.ts';
import type { ViewerStore } from './store.types.ts';

export function viewerStore(
  db: Db,
): Split<
  ViewerStore,
  'putViewer' | 'setViewerPassword' | 'addViewerSession' | 'deleteViewerSession' | 'setViewerApps' | 'deleteViewer'
> {
  return {
    reads: {
      async viewerPasswordHash(name) {
        return (await db.one<{ password_hash: string }>(sql`SELECT password_hash FROM viewers WHERE name = ${name}`))
          ?.password_hash;
      },
      async viewerOfSession(tokenHash, now) {
        // Only while its account is there (the admin's has no row): a sign-in whose password was checked as the
        // account was removed may still have stored its token after the removal deleted the others.
        return (
          await db.one<{ viewer: string }>(
            sql`SELECT viewer FROM viewer_sessions s WHERE token_hash = ${tokenHash} AND expires_at > ${now.toISOString()}
                  AND (viewer = ${ADMIN_VIEWER} OR EXISTS (SELECT 1 FROM viewers v WHERE v.name = s.viewer))`,
          )
        )?.viewer;
      },
      async viewerApps(name) {
        const row = await db.one<{ apps: string | null }>(sql`SELECT apps FROM viewers WHERE name = ${name}`);
        return appsOf(row?.apps ?? null) ?? undefined;
      },
      async viewers() {
        const rows = await db.all<{ name: string; apps: string | null; created_at: string }>(
          sql`SELECT name, apps, created_at FROM viewers ORDER BY name${db.byCodePoint}`,
        );
        return rows.map((row) => ({ ...row, apps: appsOf(row.apps) }));
      },
    },
    writes: {
      putViewer: (name, passwordHash, now) =>
        db.transaction(async (tx) => {
          // The insert tells whether the account is new, in one statement: a process setting the same new account at
          // once waits for this one's, then finds it and sets the password.
          const created = await tx.run(
            sql`INSERT INTO viewers (name, password_hash, created_at) VALUES (${name}, ${passwordHash}, ${now.toISOString()})
                ON CONFLICT (name) DO NOTHING`,
          );
          if (created) return true;
          await newPassword(tx, name, passwordHash);
          return false;
        }),
      setViewerPassword: (name, passwordHash) => db.transaction((tx) => newPassword(tx, name, passwordHash)),
      addViewerSession: (tokenHash, viewer, expiresAt, now) =>
        addSignIn(
          db,
          { table: 'viewer_sessions', owner: 'viewer' },
          { tokenHash, of: viewer, expiresAt, now: now.toISOString() },
        ),
      async deleteViewerSession(tokenHash) {
        await db.run(sql`DELETE FROM viewer_sessions WHERE token_hash = ${tokenHash}`);
      },
      deleteViewer: (name) =>
        db.transaction(async (tx) => {
          if ((await tx.run(sql`DELETE FROM viewers WHERE name = ${name}`)) === 0) return false;
          await tx.run(sql`DELETE FROM viewer_sessions WHERE viewer = ${name}`);
          // Its own views, which no one else could read, go with their alerts (as deleteSavedView deletes one), so
          // that an account made later with the name finds none of them; the views it shared stay, the team's.
          const own = sql`SELECT id FROM saved_views WHERE owner = ${name} AND shared = 0`;
          await deleteViewAlerts(tx, own);
          await tx.run(sql`DELETE FROM saved_views WHERE id IN (${own})`);
          return true;
        }),
      async setViewerApps(name, apps) {
        return (
          (await db.run(
            sql`UPDATE viewers SET apps = ${apps === null ? null : JSON.stringify(apps)} WHERE name = ${name}`,
          )) > 0
        );
      },
    },
  };
}

/** An existing account's new password, which ends its sign-ins; false when there is no such account. */
async function newPassword(tx: Db, name: string, passwordHash: string): Promise<boolean> {
  if ((await tx.run(sql`UPDATE viewers SET password_hash = ${passwordHash} WHERE name = ${name}`)) === 0) return false;
  await tx.run(sql`DELETE FROM viewer_sessions WHERE viewer = ${name}`);
  return true;
}

/** An account's apps as the column keeps them: a JSON list, or NULL for every app. */
const appsOf = (apps: string | null): string[] | null => (apps === null ? null : (JSON.parse(apps) as string[]));
