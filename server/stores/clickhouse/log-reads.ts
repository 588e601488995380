// The simplest of the explorer's reads on ClickHouse's logs (docs/clickhouse.md#reads): a page of an app's logs newest
// first, a capped count and the per-bucket histogram, with the answers the other stores give
// (server/stores/explorer-queries.types.ts). A log's session and device facts live in SIDELOG_DB: a page gives each log's
// session_id, which the explorer's layer turns into them (ExplorerQueries.sessionFacts). Filters and search are the
// next step (docs/clickhouse.md#what-is-left).
import type { ClickHouseClient } from '@clickhouse/client';
import type { StoredLogFields } from '../../../explorer-contract/api.types.ts';
import { encodeCursor } from '../explorer-queries.ts';
import { columnList } from '../log-columns.ts';
import type { LogCursor } from '../explorer-queries.types.ts';
import { LOGS_TABLE } from './schema.ts';
import { sqlFloat, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

export interface ClickHouseLog extends StoredLogFields {
  id: number;
  at: number;
  session_id: number;
}

export interface LogReads {
  /** One page of the app's logs, newest first ((at, id) descending), older than `before` when given. */
  page(
    appKey: string,
    options: { before?: LogCursor; limit: number },
  ): Promise<{ logs: ClickHouseLog[]; next: string | null }>;
  /** How many logs the app has, counting no further than `cap` + 1 (ExplorerQueries.count). */
  count(appKey: string, cap: number): Promise<number>;
  /** The app's logs counted per bucket of `bucketMs` and level (a log without one as Debug, 0); the non-empty pairs. */
  volume(appKey: string, bucketMs: number): Promise<{ bucket: number; level: number; n: number }[]>;
}

const COLUMNS = `id, session_id, ${columnList()}`;

export function createLogReads(client: ClickHouseClient, database: string): LogReads {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const rows = <T>(query: string) => rowsOf<T>(client, query);
  return {
    async page(appKey, { before, limit }) {
      // (at, id) < (before.at, before.id), spelled out: 18.16 compares no tuples.
      const older = before
        ? `AND (at < ${sqlFloat(before.at)} OR (at = ${sqlFloat(before.at)} AND id < ${sqlInteger(before.id)}))`
        : '';
      const found = await rows<ClickHouseLog>(
        `SELECT ${COLUMNS} FROM ${table} WHERE app = ${sqlString(appKey)} ${older}
         ORDER BY at DESC, id DESC LIMIT ${sqlInteger(limit + 1)}`,
      );
      const more = found.length > limit;
      const logs = more ? found.slice(0, limit) : found;
      const last = logs.at(-1);
      return { logs, next: more && last ? encodeCursor(last) : null };
    },
    async count(appKey, cap) {
      const [row] = await rows<{ n: number }>(
        `SELECT count() AS n FROM (SELECT 1 FROM ${table} WHERE app = ${sqlString(appKey)} LIMIT ${sqlInteger(cap + 1)})`,
      );
      return row?.n ?? 0;
    },
    async volume(appKey, bucketMs) {
      // floor, not intDiv: a time before 1970 belongs to the bucket below it, as Math.floor puts it.
      return rows(
        `SELECT toInt64(floor(at / ${sqlInteger(bucketMs)})) AS bucket, ifNull(ll, 0) AS level, count() AS n
         FROM ${table} WHERE app = ${sqlString(appKey)} GROUP BY bucket, level ORDER BY bucket, level`,
      );
    },
  };
}
