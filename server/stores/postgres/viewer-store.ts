// The explorer's viewer accounts and sign-ins in PostgreSQL (the rules are server/explorer/viewer-accounts.ts's).
import type pg from 'pg';
import { MAX_SIGN_INS, type ViewerStore } from '../store.types.ts';
import { sql, transaction } from './client.ts';

export function createViewerStore(pool: pg.Pool): ViewerStore {
  const { one, run } = sql(pool);
  return {
    async viewerPasswordHash(name) {
      return (await one<{ password_hash: string }>(`SELECT password_hash FROM viewers WHERE name = $1`, name))
        ?.password_hash;
    },
    async putViewer(name, passwordHash, now) {
      return transaction(pool, async (client) => {
        const db = sql(client);
        // xmax = 0 only on a row this statement inserted: whether the account is new, in one statement.
        const row = await db.one<{ created: boolean }>(
          `INSERT INTO viewers (name, password_hash, created_at) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET password_hash = excluded.password_hash RETURNING (xmax = 0) AS created`,
          name,
          passwordHash,
          now.toISOString(),
        );
        if (!row!.created) await db.run(`DELETE FROM viewer_sessions WHERE viewer = $1`, name);
        return row!.created;
      });
    },
    async addViewerSession(tokenHash, viewer, expiresAt, now) {
      await run(`DELETE FROM viewer_sessions WHERE expires_at <= $1`, now.toISOString());
      await run(
        `INSERT INTO viewer_sessions (token_hash, viewer, expires_at) VALUES ($1, $2, $3)`,
        tokenHash,
        viewer,
        expiresAt.toISOString(),
      );
      await run(
        `DELETE FROM viewer_sessions WHERE viewer = $1 AND token_hash NOT IN
           (SELECT token_hash FROM viewer_sessions WHERE viewer = $1 ORDER BY expires_at DESC LIMIT $2)`,
        viewer,
        MAX_SIGN_INS,
      );
    },
    async viewerOfSession(tokenHash, now) {
      return (
        await one<{ viewer: string }>(
          `SELECT viewer FROM viewer_sessions WHERE token_hash = $1 AND expires_at > $2`,
          tokenHash,
          now.toISOString(),
        )
      )?.viewer;
    },
    async viewerApps(name) {
      const row = await one<{ apps: string | null }>(`SELECT apps FROM viewers WHERE name = $1`, name);
      return row?.apps ? (JSON.parse(row.apps) as string[]) : undefined;
    },
    async setViewerApps(name, apps) {
      return (
        (await run(`UPDATE viewers SET apps = $1 WHERE name = $2`, apps === null ? null : JSON.stringify(apps), name)) >
        0
      );
    },
    async deleteViewerSession(tokenHash) {
      await run(`DELETE FROM viewer_sessions WHERE token_hash = $1`, tokenHash);
    },
  };
}
