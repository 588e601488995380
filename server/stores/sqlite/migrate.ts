// Brings a SQLite database's schema up to date on start: each migration (server/stores/sqlite/schema.ts) runs once, in
// order, tracked by `user_version`. Each step takes the write lock first (IMMEDIATE) and re-reads the version, so
// processes starting together migrate once. Then the columns of `logs` described since (server/stores/log-columns.ts)
// that the file lacks are added, under the same lock.
import type Database from 'better-sqlite3';
import { missingColumns } from '../log-columns.ts';
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
  const missing = () =>
    missingColumns('sqlite', new Set((db.pragma('table_info(logs)') as { name: string }[]).map(({ name }) => name)));
  // Looked at first without the write lock: a start with nothing to add writes nothing.
  if (missing().length > 0)
    db.transaction(() => {
      for (const statement of missing()) db.exec(statement);
    }).immediate();
}
