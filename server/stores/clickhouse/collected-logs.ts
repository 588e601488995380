// A session's counts of logs (first and last time, how many of each level) on ClickHouse: the other stores keep them
// in session_stats as they store logs, which SIDELOG_DB cannot do for logs it never sees. They are read per page
// instead, one GROUP BY for the page's sessions (docs/clickhouse.md#what-lives-where). And CollectedReads' reads of
// logs: a session's logs (the admin API's and the intent look-ups'), and the admin API's list of an app's logs.
import type { ClickHouseClient } from '@clickhouse/client';
import { LEVEL_COLUMNS, type ExplorerSession } from '../../../explorer-contract/api.types.ts';
import type { CollectedReads, SessionLookup } from '../store.types.ts';
import { LIST_ROW, toLog } from '../store-rows.ts';
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

  /** The admin API's `logs` list: in arrival order (the second of arrival, then time and id), its cursor the count of
   * rows already listed, since ClickHouse's ids are hashes, not a sequence. A log arriving in the second a page was
   * read may shift the next page by a row. */
  async function logsPage(appKey: string, after: number, limit: number) {
    const found = await rows<Record<string, unknown> & { session_id: number }>(
      `SELECT session_id, ${columnList()} FROM ${table} WHERE app = ${sqlString(appKey)}
       ORDER BY received, at, id LIMIT ${sqlInteger(limit)} OFFSET ${sqlInteger(after)}`,
    );
    const ids = [...new Set(found.map((row) => row.session_id))];
    const uids = new Map(
      (ids.length ? await sessions.sessionsOfIds(appKey, ids) : []).map((s) => [s.id, s.session_uid]),
    );
    return {
      rows: found.map((row) => LIST_ROW.logs({ ...row, session_uid: uids.get(row.session_id) ?? '' })),
      last: found.length ? after + found.length : undefined,
    };
  }

  return { withCounts, sessionLogs, logsPage };
}
