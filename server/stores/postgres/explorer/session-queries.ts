// The sessions list's reads on PostgreSQL: a page of an app's sessions by its filters and order, one session, and the
// app versions and languages its sessions name.
import type pg from 'pg';
import { SESSION_ORDER, SESSION_SELECT, toExplorerSession } from '../../explorer-queries.ts';
import type { ExplorerQueries, ExplorerSessionRow } from '../../explorer-queries.types.ts';
import { sql } from '../client.ts';
import { parameters } from './log-filter.ts';
import { contains } from './text-contains.ts';

export function sessionQueries(pool: pg.Pool): ExplorerQueries['sessions'] {
  const { one, all } = sql(pool);
  return {
    async list(filter) {
      const p = parameters();
      const clauses = [`s.app_key = ${p.add(filter.appKey)}`];
      if (filter.q) {
        const q = p.add(filter.q);
        clauses.push(`(strpos(s.session_uid, ${q}) > 0 OR strpos(s.udid, ${q}) > 0 OR ${contains('d.name', q)})`);
      }
      if (filter.device) clauses.push(`s.udid = ${p.add(filter.device)}`);
      if (filter.version) clauses.push(`(s.payload::json -> 'app_version' ->> 'version') = ${p.add(filter.version)}`);
      if (filter.language) clauses.push(`(s.payload::json ->> 'language') = ${p.add(filter.language)}`);
      if (filter.with === 'issues') clauses.push('EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id)');
      if (filter.with === 'errors') clauses.push('st.error + st.fatal > 0');
      const rows = await all<ExplorerSessionRow>(
        `${SESSION_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY ${SESSION_ORDER[filter.sort ?? 'last']} LIMIT ${p.add(filter.limit + 1)} OFFSET ${p.add(filter.offset ?? 0)}`,
        ...p.values,
      );
      return { sessions: rows.slice(0, filter.limit).map(toExplorerSession), more: rows.length > filter.limit };
    },
    async one(appKey, uid) {
      const row = await one<ExplorerSessionRow>(
        `${SESSION_SELECT} WHERE s.app_key = $1 AND s.session_uid = $2`,
        appKey,
        uid,
      );
      return row && toExplorerSession(row);
    },
    async facets(appKey) {
      const distinct = async (path: string) =>
        (
          await all<{ v: string }>(
            // GROUP BY, not DISTINCT: PostgreSQL refuses DISTINCT with an ORDER BY expression (the collation) not in the list.
            `SELECT v FROM (SELECT s.payload::json #>> $1::text[] AS v FROM sessions s WHERE app_key = $2) AS values_of
             WHERE v IS NOT NULL GROUP BY v ORDER BY v COLLATE "C" LIMIT 100`,
            path.split('.'),
            appKey,
          )
        ).map((row) => String(row.v));
      return { versions: await distinct('app_version.version'), languages: await distinct('language') };
    },
  };
}
