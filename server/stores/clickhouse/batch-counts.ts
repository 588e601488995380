// A batch's counts into SIDELOG_DB once ClickHouse has its logs (docs/clickhouse.md#sessions-ordered-by-their-logs).
// When SIDELOG_DB fails, the batch's answer is the error and the client sends it again, but ClickHouse already holds
// its logs: the resend stores none and counts none. So counts SIDELOG_DB refused are owed: kept in ClickHouse's ledger
// (owed-counts.ts) before the error is answered, so that a process killed while it owes them loses nothing, and in
// this process's memory, the fast path. They are paid ahead of the next batch's counts, by any process's sweep of the
// ledger (at start, then now and then) and as the store closes. Every count carries its batch's token, which SIDELOG_DB
// records with the counts, so counts made twice count once: a payment of counts whose first write went in but whose
// answer was lost, or a batch ClickHouse held uncounted, found again by a resend (docs/clickhouse.md#counts-of-a-batch-once).
// The normal path, SIDELOG_DB taking the counts, is one countLogs: nothing owed, nothing asked of ClickHouse.
import type { CollectorStore, StoredCounts } from '../store.types.ts';
import type { OwedCounts, OwedLedger } from './owed-counts.ts';

/** Owed counts paid per sweep: a sweep's read is bounded, and the next sweep takes the rest. */
export const PAID_PER_SWEEP = 1_000;

/** How long the ledger keeps counts after their payment, in seconds: longer than any payer takes between reading
 * them as owed and paying them, so that none pays counts whose token is already forgotten. */
export const PAID_KEPT_S = 3_600;

export interface BatchCounting {
  /** Writes the owed counts, then this batch's under its token; on a failure, what is not written is owed. Whether
   * the batch's session is there (CollectorStore.countLogs). */
  count(appKey: string, sessionId: number, counts: StoredCounts, token: string): Promise<boolean>;
  /** Pays what this process owes, then what the ledger holds as owed by any process, and marks it paid; then deletes
   * from the ledger, and from SIDELOG_DB's counted_batches, what was paid more than PAID_KEPT_S ago. Resolves with
   * how many batches' counts it paid, or fails with SIDELOG_DB's or ClickHouse's error (the rest stay owed). */
  payOwed(): Promise<number>;
  /** Writes this process's owed counts (as the store closes): how many batches' counts are still owed, and of these
   * how many the ledger does not hold (ClickHouse refused them too), which are lost if the process ends. */
  settle(): Promise<{ owed: number; onlyHere: number }>;
}

export function createBatchCounting(
  base: Pick<CollectorStore, 'countLogs' | 'forgetCountedTokens'>,
  ledger: OwedLedger,
): BatchCounting {
  const owed: OwedCounts[] = [];
  /** The tokens of owed counts the ledger refused to keep: only this process's memory holds them. */
  const onlyHere = new Set<string>();
  /** Counts a sweep paid that this process owes too: no longer owed here. */
  const forget = (paid: readonly OwedCounts[]) => {
    const tokens = new Set(paid.map((entry) => entry.token));
    for (let i = owed.length; i-- > 0;) if (tokens.has(owed[i]!.token)) owed.splice(i, 1);
  };

  /** Pays the entries in order up to the first SIDELOG_DB refuses, and marks those paid; answers the rest. A mark that
   * fails is no matter: paying again counts nothing, the token being recorded. */
  async function payInOrder(entries: readonly OwedCounts[]): Promise<{ unpaid: OwedCounts[]; error?: unknown }> {
    let paid = 0;
    let error: unknown;
    for (const { appKey, sessionId, counts, token } of entries) {
      try {
        await base.countLogs(appKey, sessionId, counts, token);
      } catch (caught) {
        error = caught;
        break;
      }
      onlyHere.delete(token);
      paid++;
    }
    await ledger.paid(entries.slice(0, paid)).catch(() => {});
    return { unpaid: entries.slice(paid), error };
  }

  /** The counts become owed, under their batch's token: in the ledger before the batch's error is answered, and here. */
  async function owe(appKey: string, sessionId: number, counts: StoredCounts, token: string): Promise<void> {
    const entry: OwedCounts = { token, appKey, sessionId, counts };
    owed.push(entry);
    try {
      await ledger.owe(entry);
    } catch (error) {
      onlyHere.add(entry.token);
      console.error(
        `Sidelog: a batch's counts are owed to SIDELOG_DB, and ClickHouse refused to keep them too (${(error as Error).message})`,
      );
    }
  }

  /** This process's owed counts, taken whole, so that two batches at once never pay the same counts twice; on a
   * failure the rest are owed again, ahead of anything owed since. */
  async function payOwnOwed(): Promise<void> {
    const { unpaid, error } = await payInOrder(owed.splice(0));
    if (unpaid.length === 0) return;
    owed.unshift(...unpaid);
    throw error;
  }

  return {
    async count(appKey, sessionId, counts, token) {
      try {
        if (owed.length > 0) await payOwnOwed();
        return await base.countLogs(appKey, sessionId, counts, token);
      } catch (error) {
        await owe(appKey, sessionId, counts, token);
        throw error;
      }
    },
    async payOwed() {
      const own = owed.length;
      await payOwnOwed();
      const entries = await ledger.unpaid(PAID_PER_SWEEP);
      const { unpaid, error } = await payInOrder(entries);
      forget(entries.slice(0, entries.length - unpaid.length));
      if (unpaid.length > 0) throw error;
      // Old payments go (docs/clickhouse.md#old-tokens-deleted); the tokens gone from the ledger go from
      // counted_batches too, where those paid before the batches' rows held tokens are.
      const gone = await ledger.prune(Math.floor(Date.now() / 1000) - PAID_KEPT_S, PAID_PER_SWEEP);
      if (gone.length > 0) await base.forgetCountedTokens(gone);
      return own + entries.length;
    },
    async settle() {
      await payOwnOwed().catch(() => {});
      return { owed: owed.length, onlyHere: onlyHere.size };
    },
  };
}
