// CollectedReads' reads of logs on ClickHouse: a session's logs (the admin API's and the intent look-ups'), and the
// admin API's list of an app's logs. (A session's counts are SIDELOG_DB's session_stats, counted by the collector once
// ClickHouse has a batch: docs/clickhouse.md#sessions-ordered-by-their-logs.)
import type { ClickHouseClient } from '@clickhouse/client';
import type { CollectedReads, SessionLookup } from '../store.types.ts';
import { LIST_ROW, toLog } from '../store-rows.ts';
import { columnList } from '../log-columns.ts';
import { LOGS_TABLE } from './schema.ts';
import { arrivalPage, inArrivalOrder } from './arrival-page.ts';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

export function createCollectedLogs(
  client: ClickHouseClient,
  database: string,
  sessions: SessionLookup,
  /** The live tail's horizon (writer-board.ts): no row below it is still to land, this process's or another's. */
  horizon: () => Promise<number>,
) {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const rows = <T>(query: string) => rowsOf<T>(client, query);

  const sessionLogs: CollectedReads['sessionLogs'] = async (sessionId) =>
    (
      await rows<Record<string, unknown>>(
        `SELECT ${columnList()} FROM ${table} WHERE session_id = ${sqlInteger(sessionId)} ORDER BY at, id`,
      )
    ).map(toLog);

  /** The admin API's `logs` list in arrival order, its cursor an arrival number (arrival-page.ts), read up to the live
   * tail's horizon: a log arriving while the list is read comes on a later page, and none is listed twice or passed.
   * A full page may hold more than `limit`: its last number's ties. */
  async function logsPage(appKey: string, after: number, limit: number) {
    const page = await arrivalPage(
      (range, want) =>
        rows<Record<string, unknown> & { arrival: number; session_id: number }>(
          `SELECT arrival, session_id, ${columnList()} FROM ${table} WHERE app = ${sqlString(appKey)} AND ${range}
           ${inArrivalOrder(want)}`,
        ),
      after,
      await horizon(),
      limit,
    );
    const ids = [...new Set(page.rows.map((row) => row.session_id))];
    const uids = new Map(
      (ids.length ? await sessions.sessionsOfIds(appKey, ids) : []).map((s) => [s.id, s.session_uid]),
    );
    return {
      rows: page.rows.map((row) => LIST_ROW.logs({ ...row, session_uid: uids.get(row.session_id) ?? '' })),
      last: page.last,
    };
  }

  return { sessionLogs, logsPage };
}
