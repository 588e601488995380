// Where a test run keeps its temporary files: in memory (/dev/shm, a tmpfs) when the machine has room there. The run's
// throw-away PostgreSQL cluster copies a database of some 700 files for each store test and drops it after, the
// ClickHouse servers and chdb write a part of about 50 files for each insert, and every file made on this machine's
// disk (ext4 without a journal) cost the kernel about 0.4 ms: most of PostgreSQL's and a third of ClickHouse's CPU in
// the run (docs/testing.md#temporary-files). Nothing a test asserts depends on the disk: the servers are thrown away,
// fsync is off for the cluster, and a process killed by a test leaves its files as a disk would.
import { accessSync, chmodSync, constants, mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

/** statfs's type of a tmpfs (linux/magic.h). */
export const TMPFS_MAGIC = 0x01021994;
/** Room enough for the run: it used about 160 MB at its peak, and PostgreSQL keeps up to 1 GB of WAL. */
export const ROOM_BYTES = 4 * 1024 ** 3;

/** A directory for temporary files in memory under `root`, or undefined where `root` is not a tmpfs with 4 GB free
 * (a container's 64 MB /dev/shm, a machine without one). One directory a machine, which holds a directory per run
 * (runTmpdir). */
export function memoryTmpdir(root = '/dev/shm'): string | undefined {
  try {
    const stats = statfsSync(root);
    if (stats.type !== TMPFS_MAGIC || stats.bavail * stats.bsize < ROOM_BYTES) return undefined;
    const dir = join(root, 'sidelog-tmp');
    // As /tmp is: writable by all, each one's files their own. PostgreSQL's server runs as its own user and makes
    // its cluster's directory inside.
    if (mkdirSync(dir, { recursive: true }) !== undefined) chmodSync(dir, 0o1777);
    accessSync(dir, constants.W_OK | constants.X_OK);
    return dir;
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** This run's own directory in `base` (`run-<pid>`), removed as this process exits, with whatever the run left in it:
 * chdb's sessions, which the tests never close, left 20 to 30 MB each (memory, in a tmpfs) where the system's
 * temporary directory had gathered hundreds. A run killed before it could remove its own is removed by the next, once
 * its process is gone. */
export function runTmpdir(base: string): string {
  for (const name of readdirSync(base)) {
    const pid = /^run-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(join(base, name), { recursive: true, force: true });
  }
  const dir = join(base, `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // As /tmp is: the tests run some services as another user (tests/unit/server/cli.test.ts), whose tsx makes its own
  // cache directory here.
  chmodSync(dir, 0o1777);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
