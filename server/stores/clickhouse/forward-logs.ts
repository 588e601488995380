// Forwarding's reads of the logs on ClickHouse (docs/clickhouse.md#forwarding): the forwarder's cursor, kept in
// SIDELOG_DB's forward_cursors as on the other stores, is a number of the arrival order (arrival.ts), so a restart
// resumes where the last acknowledged page ended, with no log lost or sent twice. Pages go up to the board's horizon
// (writer-board.ts), which holds for every process and host writing the database: forwarding runs about a second
// behind another host's writes, and exactly.
import type { ClickHouseClient } from '@clickhouse/client';
import { columnList } from '../log-columns.ts';
import { toLog } from '../store-rows.ts';
import type { ForwardLog, ForwardStore, Store } from '../store.types.ts';
import { receivedAfter } from './arrival.ts';
import { arrivalPage, inArrivalOrder } from './arrival-page.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

type Row = Record<string, unknown> & { arrival: number; session_id: number };

export function createForwardLogs(
  client: ClickHouseClient,
  database: string,
  /** The board's horizon (writer-board.ts): no row below it is still to land, this process's or another's. */
  horizonOf: () => Promise<number>,
  base: Pick<Store, 'sessionById'>,
): Pick<ForwardStore, 'forwardHorizon' | 'forwardPage' | 'forwardLag'> {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const rows = (query: string) => rowsOf<Row>(client, query);
  const select = `SELECT arrival, session_id, ${columnList()} FROM ${table}`;
  /** Rows past `after`, read from the days that may hold them. */
  const past = (appKey: string, after: number) =>
    `app = ${sqlString(appKey)} AND arrival > ${sqlInteger(after)} AND ${receivedAfter(after)}`;

  return {
    forwardHorizon: horizonOf,
    // `upTo` is the forwarder's bound of ids read in one step; here every read is by app and day, so a page reads up
    // to the horizon and says so (`through`).
    async forwardPage(appKey, after, _upTo, limit) {
      const horizon = await horizonOf();
      const { rows: found } = await arrivalPage(
        (range, want) => rows(`${select} WHERE app = ${sqlString(appKey)} AND ${range} ${inArrivalOrder(want)}`),
        after,
        horizon,
        limit,
      );
      const logs: ForwardLog[] = found.map((row) => ({ ...toLog(row), id: row.arrival, session_id: row.session_id }));
      const ids = [...new Set(logs.map((log) => log.session_id))];
      const sessions = (await Promise.all(ids.map((id) => base.sessionById(appKey, id)))).filter(
        (s) => s !== undefined,
      );
      return { logs, sessions, through: horizon };
    },
    async forwardLag(appKey, after, cap) {
      const [row] = await rowsOf<{ n: number }>(
        client,
        `SELECT count() AS n FROM (SELECT 1 FROM ${table} WHERE ${past(appKey, after)} LIMIT ${sqlInteger(cap)})`,
      );
      return row?.n ?? 0;
    },
  };
}
