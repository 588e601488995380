// The issue groups' reads of logs on ClickHouse (docs/clickhouse.md#issue-groups): when a group's occurrences were
// logged by the devices' own clocks, from their `bf_issue` lines (the line Bugfender's SDK writes with the issue's
// uid), for the groups' list (docs/explorer.md#event-time-first) and a group's analytics' "first seen, logged"
// (docs/explorer.md#an-issue-groups-analytics). The issues live in SIDELOG_DB, their lines here: SIDELOG_DB names each
// issue's session and uid, and ClickHouse finds the lines of those sessions with those texts, a chunk of issues a query.
import type { ClickHouseClient } from '@clickhouse/client';
import type { IssueGroupStore } from '../store.types.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier, sqlList, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

/** Issues a query: their uids and session ids keep it well under max_query_size (256 KiB). */
const CHUNK = 2_000;

type Times = Map<number, { first_at: number; last_at: number }>;

export function createIssueLogTimes(
  client: ClickHouseClient,
  database: string,
  issues: IssueGroupStore,
): Pick<IssueGroupStore, 'groupEventTimes' | 'groupBreakdown'> {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;

  async function groupEventTimes(appKey: string, ids: number[]): Promise<Times> {
    const keys = ids.length ? await issues.groupIssueKeys(appKey, ids) : [];
    const times: Times = new Map();
    for (let start = 0; start < keys.length; start += CHUNK) {
      const chunk = keys.slice(start, start + CHUNK);
      const groupOf = new Map(chunk.map((key) => [`${key.session_id} ${key.uid}`, key.group_id]));
      const rows = await rowsOf<{ session_id: number; t: string; first_at: number; last_at: number }>(
        client,
        `SELECT session_id, t, min(at) AS first_at, max(at) AS last_at FROM ${table}
          WHERE app = ${sqlString(appKey)} AND tg = 'bf_issue'
            AND session_id IN ${sqlList([...new Set(chunk.map((key) => key.session_id))])}
            AND t IN ${sqlList([...new Set(chunk.map((key) => key.uid))])}
          GROUP BY session_id, t`,
      );
      // A uid is one issue's, but a line of that text in another session is not its line.
      for (const row of rows) {
        const group = groupOf.get(`${row.session_id} ${row.t}`);
        if (group === undefined) continue;
        const seen = times.get(group);
        times.set(group, {
          first_at: Math.min(seen?.first_at ?? Infinity, row.first_at),
          last_at: Math.max(seen?.last_at ?? -Infinity, row.last_at),
        });
      }
    }
    return times;
  }

  return {
    groupEventTimes,
    async groupBreakdown(appKey, id) {
      const [breakdown, times] = await Promise.all([issues.groupBreakdown(appKey, id), groupEventTimes(appKey, [id])]);
      return { ...breakdown, firstLogged: times.get(id)?.first_at ?? null };
    },
  };
}
