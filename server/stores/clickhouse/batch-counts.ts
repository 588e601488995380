// A batch's counts into SIDELOG_DB once ClickHouse has its logs (docs/clickhouse.md#sessions-ordered-by-their-logs).
// When SIDELOG_DB fails, the batch's answer is the error and the client sends it again, but ClickHouse already holds
// its logs: the resend stores none and counts none. So counts SIDELOG_DB refused are owed, and written ahead of the
// next batch's, in order; only a process that ends while it owes some loses them.
import type { CollectorStore, StoredCounts } from '../store.types.ts';

type Owed = [appKey: string, sessionId: number, counts: StoredCounts];

export function createBatchCounting(base: Pick<CollectorStore, 'countLogs'>) {
  const owed: Owed[] = [];
  return async function count(appKey: string, sessionId: number, counts: StoredCounts): Promise<void> {
    // Taken whole by this call, so that two batches at once never write the same counts twice.
    const entries = [...owed.splice(0), [appKey, sessionId, counts] as Owed];
    for (let i = 0; i < entries.length; i++) {
      try {
        await base.countLogs(...entries[i]!);
      } catch (error) {
        owed.push(...entries.slice(i));
        throw error;
      }
    }
  };
}
