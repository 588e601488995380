// The writer thread's wait for the disk, taken off its turn (server/stores/sqlite/writer-thread.ts). With `synchronous =
// FULL` each commit waited for the write-ahead log to reach the disk, and the thread, which better-sqlite3 blocks, did
// nothing else meanwhile: under load most of a group's time was that wait (docs/benchmarks.md#the-sqlite-collectors-pipeline).
// Now a group commits with `synchronous = NORMAL` (in WAL mode: the file always consistent, a commit not yet on the disk)
// and its answers are held here until an fdatasync of the log, begun after that commit, has finished, on libuv's pool,
// while the thread goes on with the next group. One sync covers every commit made before it began, so commits that
// arrive during a sync share the next one. An acknowledged write survives a power loss as it did with FULL: its frames,
// and the log's header, are on the disk before its answer goes; what a crash may lose was never acknowledged.
// docs/local-service.md#the-writer-thread
import { open } from 'node:fs/promises';
import type { Outcome } from './writer.types.ts';

export interface WalSync {
  /** A commit was just made: the log's sync, which its answers wait for, may begin now, while the thread indexes. */
  committed(): void;
  /** Answers of writes committed by the last `committed()` or before (and of anything behind them in the queue): sent
   * once the log holding those commits is on the disk, in the order given. */
  hold(outcomes: Outcome[]): void;
}

/** `wal`: the write-ahead log's path. `send`: posts answers. `sync`: puts a file's written data on the disk. */
export function createWalSync(
  wal: string,
  send: (outcomes: Outcome[]) => void,
  sync: (path: string) => Promise<void> = syncFile,
): WalSync {
  /** Commits made, and how many of them a finished sync covers. */
  let commits = 0;
  let synced = 0;
  let syncing = false;
  /** Answers waiting, each with the commits that must be on the disk first. */
  const held: { commits: number; outcomes: Outcome[] }[] = [];
  const release = (upTo: number, error?: Error) => {
    while (held.length > 0 && held[0]!.commits <= upTo) {
      const { outcomes } = held.shift()!;
      // Not known to be on the disk: nothing the sync covered is acknowledged (an I/O error answers 503).
      send(error ? outcomes.map((outcome) => (outcome.ok ? notOnDisk(outcome.id, error) : outcome)) : outcomes);
    }
  };
  const start = () => {
    if (syncing || synced >= commits) return;
    const covered = commits;
    syncing = true;
    sync(wal)
      .then(
        () => release((synced = covered)),
        (error: Error) => release((synced = covered), error),
      )
      .finally(() => {
        syncing = false;
        start();
      });
  };
  return {
    committed() {
      commits++;
      start();
    },
    hold(outcomes) {
      if (outcomes.length === 0) return;
      if (commits <= synced && held.length === 0) return send(outcomes);
      held.push({ commits, outcomes });
    },
  };
}

const notOnDisk = (id: number, error: Error): Outcome => ({
  id,
  ok: false,
  error: { message: `writing the write-ahead log to the disk: ${error.message}`, code: 'SQLITE_IOERR' },
});

export async function syncFile(path: string): Promise<void> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    // No log: none was written yet, or the last connection's close folded it into the file, and synced that.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await file.datasync();
  } finally {
    await file.close();
  }
}
