// A session's counts of logs (first and last time, how many of each level) on ClickHouse: the other stores keep them
// in session_stats as they store logs, which SIDELOG_DB cannot do for logs it never sees. They are read per page
// instead, one GROUP BY for the page's sessions (docs/clickhouse.md#what-lives-where), and so is CollectedReads'
// sessionLogs (the admin API's and the intent look-ups' logs of one session).
import type { ClickHouseClient } from '@clickhouse/client';
import { LEVEL_COLUMNS, type ExplorerSession } from '../../../explorer-contract/api.types.ts';
import type { CollectedReads, SessionLookup } from '../store.types.ts';
import { toLog } from '../store-rows.ts';
import { columnList } from '../log-columns.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier, sqlInteger, sqlList, sqlString } from './sql-literal.ts';

interface Counts {
  session_id: number;
  first_at: number;
  last_at: number;
  total: number;
  /** count per level 0…5, in LEVEL_COLUMNS' order. */
  levels: number[];
}

export function createSessionCounts(client: ClickHouseClient, database: string, sessions: SessionLookup) {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const rows = async <T>(query: string) => (await (await client.query({ query, format: 'JSONEachRow' })).json()) as T[];
  const levels = LEVEL_COLUMNS.map((_, level) => `countIf(ifNull(ll, 0) = ${level})`).join(', ');

  /** The explorer's sessions with their counts read from ClickHouse. */
  async function withCounts(appKey: string, listed: ExplorerSession[]): Promise<ExplorerSession[]> {
    if (listed.length === 0) return listed;
    const ids = await sessions.sessionIdsWhere(appKey, {
      field: 'session',
      values: listed.map((session) => session.session_uid),
    });
    const uids = new Map(
      (await sessions.sessionsOfIds(appKey, ids)).map((session) => [session.session_uid, session.id]),
    );
    const counted = ids.length
      ? await rows<Counts>(
          `SELECT session_id, min(at) AS first_at, max(at) AS last_at, count() AS total, [${levels}] AS levels
           FROM ${table} WHERE app = ${sqlString(appKey)} AND session_id IN ${sqlList(ids)} GROUP BY session_id`,
        )
      : [];
    const byId = new Map(counted.map((row) => [row.session_id, row]));
    return listed.map((session) => {
      const row = byId.get(uids.get(session.session_uid) ?? -1);
      if (!row) return session;
      return {
        ...session,
        first_at: row.first_at,
        last_at: row.last_at,
        total: row.total,
        counts: Object.fromEntries(
          LEVEL_COLUMNS.map((column, level) => [column, row.levels[level] ?? 0]),
        ) as ExplorerSession['counts'],
      };
    });
  }

  const sessionLogs: CollectedReads['sessionLogs'] = async (sessionId) =>
    (
      await rows<Record<string, unknown>>(
        `SELECT ${columnList()} FROM ${table} WHERE session_id = ${sqlInteger(sessionId)} ORDER BY at, id`,
      )
    ).map(toLog);

  return { withCounts, sessionLogs };
}
