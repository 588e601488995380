// A batch's counts into SIDELOG_DB once ClickHouse has its logs (docs/clickhouse.md#sessions-ordered-by-their-logs).
// When SIDELOG_DB fails, the batch's answer is the error and the client sends it again, but ClickHouse already holds
// its logs: the resend stores none and counts none. So counts SIDELOG_DB refused are owed, and written ahead of the
// next batch's, in order, and once more as the store closes; only a process that ends without closing (killed), or
// whose SIDELOG_DB still refuses then, loses them.
import type { CollectorStore, StoredCounts } from '../store.types.ts';

type Owed = [appKey: string, sessionId: number, counts: StoredCounts];

export interface BatchCounting {
  /** Writes the owed counts, then this batch's; on a failure, what is not written is owed. */
  count(appKey: string, sessionId: number, counts: StoredCounts): Promise<void>;
  /** Writes the owed counts (as the store closes); resolves with how many batches' counts are still owed. */
  settle(): Promise<number>;
}

export function createBatchCounting(base: Pick<CollectorStore, 'countLogs'>): BatchCounting {
  const owed: Owed[] = [];
  /** Writes the entries in order; on a failure the rest are owed again, ahead of anything owed since. */
  async function write(entries: Owed[]): Promise<void> {
    for (let i = 0; i < entries.length; i++) {
      try {
        await base.countLogs(...entries[i]!);
      } catch (error) {
        owed.unshift(...entries.slice(i));
        throw error;
      }
    }
  }
  return {
    // Taken whole by this call, so that two batches at once never write the same counts twice.
    count: (appKey, sessionId, counts) => write([...owed.splice(0), [appKey, sessionId, counts]]),
    async settle() {
      await write(owed.splice(0)).catch(() => {});
      return owed.length;
    },
  };
}
