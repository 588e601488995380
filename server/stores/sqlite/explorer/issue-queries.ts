// The issues list's reads on SQLite: a page of an app's issues, newest first, by type, session or text; one
// issue; and the titles of those a page of logs names.
import type Database from 'better-sqlite3';
import type { ExplorerIssue, IssueFilter } from '../../explorer-queries.types.ts';
import { containsFolded } from '../case-fold.ts';

const ISSUE_SELECT = `SELECT i.id, i.uid, i.type, i.title, i.text, i.url, i.received_at, s.session_uid, s.udid, ifnull(d.name, '') AS device_name
  FROM issues i JOIN sessions s ON s.id = i.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

export function issueQueries(db: Database.Database) {
  return {
    /** Newest first, older than issue `before` when given. */
    list(filter: IssueFilter): { issues: ExplorerIssue[]; next: number | null } {
      const clauses = ['i.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.types && filter.types.length > 0) {
        clauses.push(`i.type IN (${filter.types.map(() => '?').join(', ')})`);
        params.push(...filter.types);
      }
      if (filter.session) {
        clauses.push('s.session_uid = ?');
        params.push(filter.session);
      }
      if (filter.q) {
        clauses.push(`(${containsFolded('i.title')} OR ${containsFolded('i.text')})`);
        params.push(filter.q, filter.q);
      }
      if (filter.before !== undefined) {
        clauses.push('i.id < ?');
        params.push(filter.before);
      }
      const rows = db
        .prepare(`${ISSUE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY i.id DESC LIMIT ?`)
        .all(...params, filter.limit + 1) as ExplorerIssue[];
      const page = rows.slice(0, filter.limit);
      return { issues: page, next: rows.length > filter.limit ? page.at(-1)!.id : null };
    },
    one(appKey: string, uid: string): (ExplorerIssue & { session_id: number }) | undefined {
      return db
        .prepare(
          `SELECT * FROM (${ISSUE_SELECT.replace('SELECT i.id,', 'SELECT i.id, i.session_id,')} WHERE i.app_key = ? AND i.uid = ?)`,
        )
        .get(appKey, uid) as (ExplorerIssue & { session_id: number }) | undefined;
    },
    titles(appKey: string, uids: string[]): { uid: string; title: string }[] {
      if (uids.length === 0) return [];
      return db
        .prepare(`SELECT uid, title FROM issues WHERE app_key = ? AND uid IN (SELECT value FROM json_each(?))`)
        .all(appKey, JSON.stringify(uids)) as { uid: string; title: string }[];
    },
  };
}
