// CollectedReads' reads of logs on ClickHouse: a session's logs (the admin API's and the intent look-ups'), and the
// admin API's list of an app's logs. (A session's counts are SIDELOG_DB's session_stats, counted by the collector once
// ClickHouse has a batch: docs/clickhouse.md#sessions-ordered-by-their-logs.)
import type { ClickHouseClient } from '@clickhouse/client';
import type { CollectedReads, SessionLookup } from '../store.types.ts';
import { LIST_ROW, toLog } from '../store-rows.ts';
import { columnList } from '../log-columns.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';

export function createCollectedLogs(client: ClickHouseClient, database: string, sessions: SessionLookup) {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const rows = async <T>(query: string) => (await (await client.query({ query, format: 'JSONEachRow' })).json()) as T[];

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

  return { sessionLogs, logsPage };
}
