// The set of dedupe keys a group's write checks its rows against (log-writer.ts): the rows ClickHouse holds already and
// those earlier in the group. A key is (session, at, content hash) (server/stores/store.types.ts, addLogs); kept as a
// map from the hash, a string every row brings, to the sessions and times seen with it, rather than as one string
// made per row, whose number-to-text of `at` was most of the set's cost: 0.95 ms of the host's inserter's CPU per
// 1,000 logs, against 0.2 (bench/collector/request-steps.ts, docs/clickhouse.md#two-processes-ingest).
export interface DedupeKeys {
  /** Adds the key; false when it was there already. */
  add(sessionId: number, at: number, contentHash: string): boolean;
}

export function dedupeKeys(): DedupeKeys {
  /** By content hash: the sessions and times seen with it, in pairs. Nearly every hash has one pair. */
  const seen = new Map<string, number[]>();
  return {
    add(sessionId, at, contentHash) {
      const pairs = seen.get(contentHash);
      if (pairs === undefined) {
        seen.set(contentHash, [sessionId, at]);
        return true;
      }
      for (let i = 0; i < pairs.length; i += 2) if (pairs[i] === sessionId && pairs[i + 1] === at) return false;
      pairs.push(sessionId, at);
      return true;
    },
  };
}
