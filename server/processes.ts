// SIDELOG_PROCESSES=N: N service processes on one host, sharing one port through Node's cluster module (the
// primary accepts connections and hands them round to the workers). Each worker is a whole service: nothing one
// needs is in another's memory, the database being the only shared state, so a worker that dies loses nothing
// acknowledged and is replaced. Sign-in throttles count per worker (README: Running several processes). With the logs
// in ClickHouse the primary also inserts the workers' batches (docs/clickhouse.md#one-inserter-per-host): a worker's
// batch is acknowledged once the primary says ClickHouse has it, so a worker that dies still loses nothing
// acknowledged, and a primary that dies takes its workers with it (a worker exits when its channel closes).
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** SIDELOG_PROCESSES as a count: unset is 1, `auto` one per core; refuses anything else with a clear message. */
export function processCount(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return 1;
  if (setting.trim() === 'auto') return availableParallelism();
  const count = Number(setting);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new Error(`SIDELOG_PROCESSES must be a whole number of processes (1 to 256) or 'auto', not '${setting}'`);
  return count;
}

/** Whether this process is a worker the primary started (it prints less: the first worker prints for all). */
export const isWorker = () => cluster.isWorker;
export const isFirstWorker = () => cluster.isWorker && cluster.worker?.id === 1;

/** A message from a worker, and how to answer that worker (nothing when it is gone). */
export type WorkerRequests = (message: unknown, reply: (answer: unknown) => void) => void;

/** Runs the primary: forks `count` workers of this same script, replaces any that dies, and stops them all on
 * SIGINT or SIGTERM, exiting once they have closed; `requests` answers what the workers send it. */
export function runPrimary(count: number, requests?: WorkerRequests): void {
  let stopping = false;
  // Structured clone rather than JSON over the channel: a batch's rows travel as one string, which JSON would escape
  // and parse again.
  cluster.setupPrimary({ serialization: 'advanced' });
  if (requests)
    cluster.on('message', (worker, message) =>
      requests(message, (answer) => {
        // A worker that died meanwhile gets nothing; what it had sent was not acknowledged to any client.
        if (worker.isConnected()) worker.send(answer as never, undefined, () => undefined);
      }),
    );
  const fork = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that could not start at all (its port or database refused; it said why) would be restarted for
    // ever: the primary stops instead.
    if (startedOnce.size === 0) {
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exit(1);
    }
    console.error(`Sidelog worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });
  const startedOnce = new Set<number>();
  cluster.on('listening', (worker) => startedOnce.add(worker.id));
  for (let i = 0; i < count; i++) fork();
  console.log(`Sidelog: ${count} processes (primary ${process.pid}).`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
