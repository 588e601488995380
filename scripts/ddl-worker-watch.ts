// A throw-away replica's watch on its DDL worker (docs/clickhouse.md#the-cluster-form). ClickHouse 18.16's worker
// stops for good at a ZooKeeper error it does not expect, and an ALTER ON CLUSTER of a replicated table gives it one
// now and then: two replicas of a shard each find the task not yet executed, take the shard's lock in turn, and both
// run the ALTER; the second to mark it executed meets "Node exists" (ClickHouse#5064; the path was rewritten in 2020,
// ClickHouse#13450, and the worker starts itself again since ClickHouse#18285). Every ON CLUSTER statement after it
// waits for that host until its timeout. An operator restarts the replica; so does this watch, once the server's
// error log shows the worker's last line. Started again, the server takes up the task it stopped at and finds it
// executed.
import { existsSync, readFileSync } from 'node:fs';

/** The worker's last line: "Unexpected ZooKeeper error: … Terminating.", or "Terminating. Cannot initialize DDL
 * queue." */
export const DDL_WORKER_STOPPED = /<Error> DDLWorker: (?:Unexpected|Terminating)/;
const EVERY_MS = 250;

export interface DdlWorkerWatch {
  /** How many times the server was started again for its DDL worker. */
  restarts(): number;
  /** Resolves once no restart is under way (rejects if the last one failed). */
  settled(): Promise<void>;
  /** Ends the watch, after a restart under way. */
  stop(): Promise<void>;
}

export function watchDdlWorker(errorLog: string, restart: () => Promise<void>): DdlWorkerWatch {
  /** The bytes of the error log already read: the file outlives a restart, the server appending to it. */
  let read = 0;
  let restarts = 0;
  let restarting: Promise<void> | undefined;
  let last: Promise<void> = Promise.resolve();
  const check = () => {
    if (restarting || !existsSync(errorLog)) return;
    const text = readFileSync(errorLog);
    const fresh = text.subarray(read).toString('utf8');
    read = text.length;
    if (!DDL_WORKER_STOPPED.test(fresh)) return;
    restarting = restart().then(() => void restarts++);
    last = restarting.finally(() => (restarting = undefined));
    // Whoever waits on settled() hears of a failed restart; the watch itself goes on.
    last.catch(() => undefined);
  };
  // The watch never keeps a process alive by itself: its server's owner stops it.
  const timer = setInterval(check, EVERY_MS).unref();
  return {
    restarts: () => restarts,
    settled: () => last,
    stop: async () => {
      clearInterval(timer);
      await last.catch(() => undefined);
    },
  };
}
