// The sessions list's reads on SQLite: a page of an app's sessions by its filters and order, one session, and the app
// versions and languages its sessions name.
import type Database from 'better-sqlite3';
import { SESSION_ORDER, SESSION_SELECT, toExplorerSession } from '../../explorer-queries.ts';
import type { ExplorerSession, ExplorerSessionRow, SessionFilter } from '../../explorer-queries.types.ts';
import { containsFolded } from '../case-fold.ts';

export function sessionQueries(db: Database.Database) {
  return {
    list(filter: SessionFilter): { sessions: ExplorerSession[]; more: boolean } {
      const clauses = ['s.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.q) {
        clauses.push(`(instr(s.session_uid, ?) OR instr(s.udid, ?) OR ${containsFolded('d.name')})`);
        params.push(filter.q, filter.q, filter.q);
      }
      if (filter.device) {
        clauses.push('s.udid = ?');
        params.push(filter.device);
      }
      if (filter.version) {
        clauses.push(`json_extract(s.payload, '$.app_version.version') = ?`);
        params.push(filter.version);
      }
      if (filter.language) {
        clauses.push(`json_extract(s.payload, '$.language') = ?`);
        params.push(filter.language);
      }
      if (filter.with === 'issues') clauses.push('EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id)');
      if (filter.with === 'errors') clauses.push('st.error + st.fatal > 0');
      const rows = db
        .prepare(
          `${SESSION_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY ${SESSION_ORDER[filter.sort ?? 'last']} LIMIT ? OFFSET ?`,
        )
        .all(...params, filter.limit + 1, filter.offset ?? 0) as ExplorerSessionRow[];
      return { sessions: rows.slice(0, filter.limit).map(toExplorerSession), more: rows.length > filter.limit };
    },
    one(appKey: string, uid: string): ExplorerSession | undefined {
      const row = db.prepare(`${SESSION_SELECT} WHERE s.app_key = ? AND s.session_uid = ?`).get(appKey, uid) as
        | ExplorerSessionRow
        | undefined;
      return row && toExplorerSession(row);
    },
    /** The app versions and languages its sessions name (for the filter's choices). */
    facets(appKey: string): { versions: string[]; languages: string[] } {
      const distinct = (path: string) =>
        (
          db
            .prepare(
              `SELECT DISTINCT json_extract(payload, ?) AS v FROM sessions WHERE app_key = ? AND v IS NOT NULL ORDER BY v LIMIT 100`,
            )
            .all(path, appKey) as { v: string }[]
        ).map((row) => String(row.v));
      return { versions: distinct('$.app_version.version'), languages: distinct('$.language') };
    },
  };
}
