// SIDELOG_DB's store with its logs in ClickHouse (SIDELOG_LOGS; docs/clickhouse.md#what-lives-where): the collector's
// log writes and the explorer's log reads go to ClickHouse, everything else to SIDELOG_DB, which still registers each
// session before its logs and answers who a log is from. A batch resolves once ClickHouse has acknowledged the insert
// that holds it (log-writer.ts); when ClickHouse is down or slow it fails with ClickHouseUnavailable, which the
// collector answers 503 with Retry-After.
import type { Store } from '../store.types.ts';
import { createLogExplorerReads } from './explorer-logs.ts';
import { dropDaysBefore } from './log-retention.ts';
import { createSessionCounts } from './collected-logs.ts';
import { knownSessions } from './known-sessions.ts';
import type { ClickHouseLogs } from './logs-store.ts';

export function withClickHouseLogs(base: Store, logs: ClickHouseLogs): Store {
  const reads = createLogExplorerReads(logs.client, logs.database, logs.features, base);
  const counts = createSessionCounts(logs.client, logs.database, base);
  const baseSessions = base.explorer.sessions;
  const sessions = knownSessions((appKey, id) => base.sessionById(appKey, id));
  /** The cutoff's day last dropped: retention calls pruneBefore once a batch, and a day is dropped once. */
  let droppedBefore: string | undefined;
  let closed: Promise<void> | undefined;
  return {
    ...base,
    explorer: {
      ...base.explorer,
      ...reads,
      sessions: {
        ...baseSessions,
        // SIDELOG_DB lists and orders them; their counts come from ClickHouse (collected-logs.ts).
        async list(filter) {
          const listed = await baseSessions.list(filter);
          return { ...listed, sessions: await counts.withCounts(filter.appKey, listed.sessions) };
        },
        async one(appKey, uid) {
          const session = await baseSessions.one(appKey, uid);
          return session && (await counts.withCounts(appKey, [session]))[0];
        },
      },
    },
    sessionLogs: counts.sessionLogs,
    listPage: (list, appKey, after, limit) =>
      list === 'logs' ? counts.logsPage(appKey, after, limit) : base.listPage(list, appKey, after, limit),
    sessionById: sessions.sessionById,
    addLogs: (appKey, sessionId, batch) => logs.addLogs(appKey, sessionId, batch),
    async pruneBefore(cutoff, batch) {
      const day = cutoff.toISOString().slice(0, 10);
      if (droppedBefore !== day) {
        await dropDaysBefore(logs.client, logs.database, cutoff, logs.cluster);
        droppedBefore = day;
      }
      const pruned = await base.pruneBefore(cutoff, batch);
      // After the delete: a session found while it ran is found again.
      sessions.forget();
      return pruned;
    },
    settled: async () => {
      await logs.drain();
      await base.settled();
    },
    close: () =>
      (closed ??= (async () => {
        try {
          await logs.close();
        } finally {
          await base.close();
        }
      })()),
  };
}
