// The ledger of counts owed to SIDELOG_DB, kept in ClickHouse's `owed_counts` (docs/clickhouse.md#counts-owed-kept-and-paid):
// a batch's counts SIDELOG_DB refused are written here before the collector answers the error, so that a process killed
// while it owes them leaves them for another (or its own next start) to pay. ClickHouse has just taken the batch's logs,
// so it is up to take a row more. ClickHouse has no UPDATE on 18.16: a payment is a second row of the same token with
// `paid` 1, and what is owed is each token's rows none of which is paid.
import type { ClickHouseClient } from '@clickhouse/client';
import type { StoredCounts } from '../store.types.ts';
import { OWED_TABLE } from './schema.ts';
import { sqlIdentifier, sqlInteger } from './sql-literal.ts';

/** One batch's counts owed, under the token its payment records in SIDELOG_DB (CollectorStore.countLogs). */
export interface OwedCounts {
  token: string;
  appKey: string;
  sessionId: number;
  counts: StoredCounts;
}

export interface OwedLedger {
  /** Keeps the counts as owed; resolves once ClickHouse has the row. */
  owe(entry: OwedCounts): Promise<void>;
  /** The counts owed and not yet marked paid, the oldest first, at most `limit` of them. */
  unpaid(limit: number): Promise<OwedCounts[]>;
  /** Marks the counts paid: they are no longer read as owed. */
  paid(entries: readonly OwedCounts[]): Promise<void>;
}

interface OwedRow {
  token: string;
  app: string;
  session_id: number;
  sent: number;
  stored: number;
  first_at: number;
  last_at: number;
  levels: number[];
}

export function owedCountsIn(client: ClickHouseClient, database: string): OwedLedger {
  const table = `${sqlIdentifier(database)}.${OWED_TABLE}`;
  const write = async (entries: readonly OwedCounts[], paid: 0 | 1) => {
    if (entries.length === 0) return;
    const owed = Math.floor(Date.now() / 1000);
    await client.insert({
      table,
      format: 'JSONEachRow',
      values: entries.map(({ token, appKey, sessionId, counts }) => ({
        token,
        app: appKey,
        session_id: sessionId,
        sent: counts.sent,
        stored: counts.stored,
        first_at: counts.first_at,
        last_at: counts.last_at,
        levels: counts.levels,
        owed,
        paid,
      })),
    });
  };
  return {
    owe: (entry) => write([entry], 0),
    paid: (entries) => write(entries, 1),
    async unpaid(limit) {
      // GROUP BY rather than FINAL: exact whether or not the two rows of a token have merged yet.
      const result = await client.query({
        query: `SELECT token, any(app) AS app, any(session_id) AS session_id, any(sent) AS sent, any(stored) AS stored,
            any(first_at) AS first_at, any(last_at) AS last_at, any(levels) AS levels
          FROM ${table} GROUP BY token HAVING max(paid) = 0 ORDER BY min(owed), token LIMIT ${sqlInteger(limit)}`,
        format: 'JSONEachRow',
      });
      return ((await result.json()) as OwedRow[]).map((row) => ({
        token: row.token,
        appKey: row.app,
        sessionId: Number(row.session_id),
        counts: {
          sent: Number(row.sent),
          stored: Number(row.stored),
          first_at: Number(row.first_at),
          last_at: Number(row.last_at),
          levels: row.levels.map(Number),
        },
      }));
    },
  };
}
