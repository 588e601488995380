// Brings a SQLite database's schema up to date on start: each migration (server/stores/sqlite/schema.ts) runs once, in
// order, tracked by `user_version`. Each step takes the write lock first (IMMEDIATE) and re-reads the version, so
// processes starting together migrate once.
import type Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.ts';

export function migrate(db: Database.Database): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  while (version() < MIGRATIONS.length) {
    db.transaction(() => {
      const next = version();
      if (next >= MIGRATIONS.length) return;
      db.exec(MIGRATIONS[next]);
      db.pragma(`user_version = ${next + 1}`);
    }).immediate();
  }
}
