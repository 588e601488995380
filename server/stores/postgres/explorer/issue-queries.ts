// The issues list's reads on PostgreSQL: a page of an app's issues, newest first, by type, session or text; one
// issue; and the titles of those a page of logs names.
import type pg from 'pg';
import type { ExplorerIssue, ExplorerQueries } from '../../explorer-queries.types.ts';
import { sql } from '../client.ts';
import { parameters } from './log-filter.ts';
import { contains } from './text-contains.ts';

const ISSUE_SELECT = `SELECT i.id, i.session_id, i.uid, i.type, i.title, i.text, i.url, i.received_at, s.session_uid, s.udid, coalesce(d.name, '') AS device_name
  FROM issues i JOIN sessions s ON s.id = i.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

export function issueQueries(pool: pg.Pool): ExplorerQueries['issues'] {
  const { one, all } = sql(pool);
  return {
    async list(filter) {
      const p = parameters();
      const clauses = [`i.app_key = ${p.add(filter.appKey)}`];
      if (filter.types && filter.types.length > 0) clauses.push(`i.type = ANY (${p.add(filter.types)}::text[])`);
      if (filter.session) clauses.push(`s.session_uid = ${p.add(filter.session)}`);
      if (filter.q) {
        const q = p.add(filter.q);
        clauses.push(`(${contains('i.title', q)} OR ${contains('i.text', q)})`);
      }
      if (filter.before !== undefined) clauses.push(`i.id < ${p.add(filter.before)}::bigint`);
      const rows = await all<ExplorerIssue & { session_id?: number }>(
        `${ISSUE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY i.id DESC LIMIT ${p.add(filter.limit + 1)}`,
        ...p.values,
      );
      const page = rows.slice(0, filter.limit).map(({ session_id: _id, ...issue }) => issue);
      return { issues: page, next: rows.length > filter.limit ? page.at(-1)!.id : null };
    },
    async one(appKey, uid) {
      return one<ExplorerIssue & { session_id: number }>(
        `${ISSUE_SELECT} WHERE i.app_key = $1 AND i.uid = $2`,
        appKey,
        uid,
      );
    },
    async titles(appKey, uids) {
      if (uids.length === 0) return [];
      return all<{ uid: string; title: string }>(
        `SELECT uid, title FROM issues WHERE app_key = $1 AND uid = ANY ($2::text[])`,
        appKey,
        uids,
      );
    },
  };
}
