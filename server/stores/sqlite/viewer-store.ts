// The explorer's viewer accounts and sign-ins in SQLite (the rules are server/explorer/viewer-accounts.ts's).
import type Database from 'better-sqlite3';
import { MAX_SIGN_INS, type ViewerStore } from '../store.types.ts';
import { promised, type Sync } from './rows.ts';

export function createViewerStore(db: Database.Database): ViewerStore {
  return promised<ViewerStore>(viewerStoreSync(db));
}

export function viewerStoreSync(db: Database.Database): Sync<ViewerStore> {
  return {
    viewerPasswordHash(name) {
      return (
        db.prepare(`SELECT password_hash FROM viewers WHERE name = ?`).get(name) as
          { password_hash: string } | undefined
      )?.password_hash;
    },
    putViewer(name, passwordHash, now) {
      return db.transaction(() => {
        const existed = db.prepare(`SELECT 1 FROM viewers WHERE name = ?`).get(name) !== undefined;
        db.prepare(
          `INSERT INTO viewers (name, password_hash, created_at) VALUES (?, ?, ?)
           ON CONFLICT (name) DO UPDATE SET password_hash = excluded.password_hash`,
        ).run(name, passwordHash, now.toISOString());
        if (existed) db.prepare(`DELETE FROM viewer_sessions WHERE viewer = ?`).run(name);
        return !existed;
      })();
    },
    addViewerSession(tokenHash, viewer, expiresAt, now) {
      db.prepare(`DELETE FROM viewer_sessions WHERE expires_at <= ?`).run(now.toISOString());
      db.prepare(`INSERT INTO viewer_sessions (token_hash, viewer, expires_at) VALUES (?, ?, ?)`).run(
        tokenHash,
        viewer,
        expiresAt.toISOString(),
      );
      db.prepare(
        `DELETE FROM viewer_sessions WHERE viewer = ? AND token_hash NOT IN
           (SELECT token_hash FROM viewer_sessions WHERE viewer = ? ORDER BY expires_at DESC, rowid DESC LIMIT ?)`,
      ).run(viewer, viewer, MAX_SIGN_INS);
    },
    viewerOfSession(tokenHash, now) {
      const row = db
        .prepare(`SELECT viewer FROM viewer_sessions WHERE token_hash = ? AND expires_at > ?`)
        .get(tokenHash, now.toISOString()) as { viewer: string } | undefined;
      return row?.viewer;
    },
    viewerApps(name) {
      const row = db.prepare(`SELECT apps FROM viewers WHERE name = ?`).get(name) as
        { apps: string | null } | undefined;
      return row?.apps ? (JSON.parse(row.apps) as string[]) : undefined;
    },
    setViewerApps(name, apps) {
      return (
        db.prepare(`UPDATE viewers SET apps = ? WHERE name = ?`).run(apps === null ? null : JSON.stringify(apps), name)
          .changes > 0
      );
    },
    deleteViewerSession(tokenHash) {
      db.prepare(`DELETE FROM viewer_sessions WHERE token_hash = ?`).run(tokenHash);
    },
  };
}
