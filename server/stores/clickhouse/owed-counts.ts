// The ledger of counts owed to SIDELOG_DB, kept in ClickHouse's `owed_counts` (docs/clickhouse.md#counts-owed-kept-and-paid):
// a batch's counts SIDELOG_DB refused are written here before the collector answers the error, so that a process killed
// while it owes them leaves them for another (or its own next start) to pay. ClickHouse has just taken the batch's logs,
// so it is up to take a row more. ClickHouse has no UPDATE on 18.16: a payment is a second row of the same token with
// `paid` 1, and what is owed is each token's rows none of which is paid.
import type { ClickHouseClient } from '@clickhouse/client';
import type { StoredCounts } from '../store.types.ts';
import { OWED_TABLE } from './schema.ts';
import { sqlIdentifier, sqlInteger, sqlList, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

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
  /** Deletes the rows of counts paid before `paidBefore` (seconds), at most `limit` tokens, in a mutation that finishes
   * in the background: a token's owed row first, its paid row once it is alone, so that no state of the mutation
   * reads as owed. Answers the tokens whose last rows it deletes; does nothing while an earlier mutation of the table
   * is still running. */
  prune(paidBefore: number, limit: number): Promise<string[]>;
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

/** How many mutations of the ledger (its deletes: OwedLedger.prune) ClickHouse is still running. */
export async function ledgerMutationsRunning(client: ClickHouseClient, database: string): Promise<number> {
  const [row] = await rowsOf<{ running: number | string }>(
    client,
    `SELECT count() AS running FROM system.mutations
      WHERE database = ${sqlString(database)} AND table = ${sqlString(OWED_TABLE)} AND is_done = 0`,
  );
  return Number(row?.running ?? 0);
}

export function owedCountsIn(client: ClickHouseClient, database: string): OwedLedger {
  const table = `${sqlIdentifier(database)}.${OWED_TABLE}`;
  const rows = <T>(query: string) => rowsOf<T>(client, query);
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
      const owed = await rows<OwedRow>(
        `SELECT token, any(app) AS app, any(session_id) AS session_id, any(sent) AS sent, any(stored) AS stored,
            any(first_at) AS first_at, any(last_at) AS last_at, any(levels) AS levels
          FROM ${table} GROUP BY token HAVING max(paid) = 0 ORDER BY min(owed), token LIMIT ${sqlInteger(limit)}`,
      );
      return owed.map((row) => ({
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
    // A mutation, the one DELETE 18.16 has: it rewrites the parts holding the rows, which here are few and small, and
    // is applied part by part. Deleting a token's rows in one would pass through a state where its owed row is left and
    // its paid row gone, which reads as owed: counts paid again, and counted twice where SIDELOG_DB no longer holds the
    // token. So an owed row goes first (its paid row stays, and the token reads as paid throughout), and the paid row,
    // alone then or folded into by a merge, at a later sweep.
    async prune(paidBefore, limit) {
      const paid = await rows<{ token: string; alone: number }>(
        `SELECT token, min(paid) AS alone FROM ${table} GROUP BY token
          HAVING max(paid) = 1 AND maxIf(owed, paid = 1) < ${sqlInteger(paidBefore)} ORDER BY token LIMIT ${sqlInteger(limit)}`,
      );
      if (paid.length === 0) return [];
      if ((await ledgerMutationsRunning(client, database)) > 0) return [];
      const alone = paid.filter((row) => Number(row.alone) === 1).map((row) => row.token);
      const withOwed = paid.filter((row) => Number(row.alone) === 0).map((row) => row.token);
      const deleted = [
        ...(withOwed.length > 0 ? [`(paid = 0 AND token IN ${sqlList(withOwed)})`] : []),
        ...(alone.length > 0 ? [`token IN ${sqlList(alone)}`] : []),
      ];
      await client.command({ query: `ALTER TABLE ${table} DELETE WHERE ${deleted.join(' OR ')}` });
      return alone;
    },
  };
}
