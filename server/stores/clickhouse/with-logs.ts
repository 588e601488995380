// SIDELOG_DB's store with its logs in ClickHouse (SIDELOG_LOGS; docs/clickhouse.md#what-lives-where): the collector's
// log writes and the explorer's log reads go to ClickHouse, everything else to SIDELOG_DB, which still registers each
// session before its logs and answers who a log is from. A batch resolves once ClickHouse has acknowledged the insert
// that holds it (log-writer.ts); when ClickHouse is down or slow it fails with ClickHouseUnavailable, which the
// collector answers 503 with Retry-After.
import { FOREIGN_KEY_VIOLATION } from '../../http/errors.ts';
import type { Store } from '../store.types.ts';
import { createLogExplorerReads } from './explorer-logs.ts';
import { dropDaysBefore } from './log-retention.ts';
import { eraseSessionLogs } from './device-logs-erasure.ts';
import { createCollectedLogs } from './collected-logs.ts';
import { createForwardLogs } from './forward-logs.ts';
import { createBatchCounting } from './batch-counts.ts';
import { createIssueLogTimes } from './issue-log-times.ts';
import { knownSessions } from './known-sessions.ts';
import type { ClickHouseLogs } from './logs-store.ts';
import { owedCountsIn } from './owed-counts.ts';
import { ClickHouseUnavailable } from './unavailable.ts';
import { joinWriterBoard } from './writer-board.ts';

/** How often a process pays the counts owed to SIDELOG_DB that the ledger holds (batch-counts.ts), beside its start. */
export const PAY_OWED_EVERY_MS = 60_000;

interface WithLogsOptions {
  /** PAY_OWED_EVERY_MS, or 0 for no sweep but the one at start (tests drive it). */
  payOwedEveryMs?: number;
  /** writer-board.ts's PUBLISH_EVERY_MS, or 0 for no timer but the publish at start (tests drive it). */
  publishEveryMs?: number;
}

export function withClickHouseLogs(base: Store, logs: ClickHouseLogs, options: WithLogsOptions = {}): Store {
  // On the board of writers before the first insert: its numbers then come after every other's horizon.
  const board = joinWriterBoard(base, logs.arrivals, { source: logs.horizonSource, everyMs: options.publishEveryMs });
  const reads = createLogExplorerReads(logs.client, logs.database, logs.features, base, base.explorer, board.horizon);
  const counts = createCollectedLogs(logs.client, logs.database, base, board.horizon);
  const countBatch = createBatchCounting(base, owedCountsIn(logs.client, logs.database));
  // Counts another process owed when it was killed, paid at start (`settled` waits for it) and then now and then.
  let sweeping = Promise.resolve();
  const payOwed = () =>
    (sweeping = sweeping.then(async () => {
      try {
        await countBatch.payOwed();
      } catch (error) {
        console.error(`Sidelog: counts owed to SIDELOG_DB not paid yet (${(error as Error).message ?? error})`);
      }
    }));
  void payOwed();
  const every = options.payOwedEveryMs ?? PAY_OWED_EVERY_MS;
  const sweeps = every > 0 ? setInterval(payOwed, every) : undefined;
  sweeps?.unref();
  const sessions = knownSessions((appKey, id) => base.sessionById(appKey, id));
  /** A batch whose session was deleted after the collector found it (its device erased meanwhile, which another
   * process learns within known-sessions.ts's minute): its logs, which ClickHouse took, would name no session, and
   * show in the stream as no one's. They go, and the batch is refused as the other stores refuse it, by the session's
   * foreign key (server/collector/collector.ts answers it as an unknown session). docs/privacy.md#erasing-a-device */
  async function refuseGoneSession(appKey: string, sessionId: number): Promise<never> {
    sessions.forget();
    await eraseSessionLogs(logs.client, logs.database, appKey, [sessionId], logs.cluster);
    throw Object.assign(new Error(`session ${sessionId} is gone`), { code: FOREIGN_KEY_VIOLATION });
  }
  /** The cutoff's day last dropped: retention calls pruneBefore once a batch, and a day is dropped once. */
  let droppedBefore: string | undefined;
  let closed: Promise<void> | undefined;
  return {
    ...base,
    // The issues stay in SIDELOG_DB; the times their devices logged them are read from their lines here.
    ...createIssueLogTimes(logs.client, logs.database, base),
    explorer: {
      ...base.explorer,
      ...reads,
    },
    ...createForwardLogs(logs.client, logs.database, board.horizon, base),
    sessionLogs: counts.sessionLogs,
    listPage: (list, appKey, after, limit) =>
      list === 'logs' ? counts.logsPage(appKey, after, limit) : base.listPage(list, appKey, after, limit),
    // Counted in SIDELOG_DB once ClickHouse has them (docs/clickhouse.md#sessions-ordered-by-their-logs).
    sessionById: sessions.sessionById,
    async addLogs(appKey, sessionId, batch) {
      if (!board.current()) {
        await board.first;
        // A row of its own that others may have deleted: no tail would wait for what this insert numbers.
        if (!board.current()) throw new ClickHouseUnavailable('this process cannot publish its log horizon');
      }
      const { token, earlier, ...counts } = await logs.store(appKey, sessionId, batch);
      // Each under its sending's token: this one's, and that of any earlier sending whose logs ClickHouse held, which
      // counts nothing if it was counted and is counted now if its process died before SIDELOG_DB had its counts
      // (docs/clickhouse.md#counts-of-a-batch-once). What fails is owed, and the batch answers the first error.
      let failed: unknown;
      let here = true;
      for (const sending of [...earlier, { token, counts }])
        await countBatch.count(appKey, sessionId, sending.counts, sending.token).then(
          (found) => (here &&= found),
          (error: unknown) => (failed ??= error),
        );
      if (failed !== undefined) throw failed;
      if (!here) await refuseGoneSession(appKey, sessionId);
      return counts.stored;
    },
    async pruneBefore(cutoff, batch) {
      const day = cutoff.toISOString().slice(0, 10);
      if (droppedBefore !== day) {
        await dropDaysBefore(logs.client, logs.database, cutoff, {
          uncount: (counts) => base.uncountLogs(counts),
          cluster: logs.cluster,
        });
        droppedBefore = day;
      }
      const pruned = await base.pruneBefore(cutoff, batch);
      // After the delete: a session found while it ran is found again.
      sessions.forget();
      return pruned;
    },
    // The device's logs in ClickHouse first, then the rest of it in SIDELOG_DB, whose sessions name them and whose step
    // counts them in the erasure's record: a failure between the two leaves them gone and uncounted, the record
    // unfinished.
    async eraseDeviceStep(appKey, udid, batch, record, logsElsewhere = 0) {
      const ids = await base.sessionIdsWhere(appKey, { field: 'device', values: [udid] });
      const erased = await eraseSessionLogs(logs.client, logs.database, appKey, ids, logs.cluster);
      const step = await base.eraseDeviceStep(appKey, udid, batch, record, logsElsewhere + erased);
      sessions.forget();
      if (!step.done) return step;
      // A batch of the device that ClickHouse took after the mutation above, and that SIDELOG_DB counted before the step
      // deleted its session, names no session now: swept once the sessions are gone, when every later batch finds its
      // session gone and goes itself (refuseGoneSession).
      const late = await eraseSessionLogs(logs.client, logs.database, appKey, ids, logs.cluster);
      if (late > 0) await base.addErasedLogs(record, late);
      return { ...step, logs: step.logs + late };
    },
    settled: async () => {
      await board.first;
      await logs.drain();
      await sweeping;
      await base.settled();
    },
    close: () =>
      (closed ??= (async () => {
        try {
          clearInterval(sweeps);
          await sweeping;
          await logs.close();
          // Nothing of this process's is being inserted now.
          await board.leave();
          const { owed, onlyHere } = await countBatch.settle();
          if (owed > 0)
            console.error(
              `Sidelog: ${owed} batches' counts could not be written to SIDELOG_DB before closing; ${owed - onlyHere} are kept in ClickHouse for the next process to pay` +
                (onlyHere > 0 ? `, ${onlyHere} are lost.` : '.'),
            );
        } finally {
          await base.close();
        }
      })()),
  };
}
