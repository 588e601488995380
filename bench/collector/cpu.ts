// CPU time of a process and everything under it (Linux /proc), for the bench's "CPU per 1,000 logs": the service's
// processes, and PostgreSQL's server processes (the postmaster and its backends), each read before and after a run.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The fields of a /proc stat file after the command name, which is in parentheses and may hold spaces: field 4 of
 * the file (ppid) is [1], fields 14-17 (utime, stime, cutime, cstime) are [11] to [14]. */
const statFields = (path: string) => {
  const text = readFileSync(path, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};

function stat(pid: number): { ppid: number; ticks: number; childTicks: number } | undefined {
  try {
    const fields = statFields(`/proc/${pid}/stat`);
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** A process's own CPU seconds so far (not its children's), its parent, and the seconds of its children that exited
 * and were reaped (`reaped`); undefined once it is gone. */
export function ownCpu(pid: number): { ppid: number; seconds: number; reaped: number } | undefined {
  const info = stat(pid);
  return (
    info && { ppid: info.ppid, seconds: info.ticks / TICKS_PER_SECOND, reaped: info.childTicks / TICKS_PER_SECOND }
  );
}

/** A process's own CPU seconds so far, apart: in user space and in the kernel (a file system's work shows there). */
export function userKernelSeconds(pid: number): { user: number; kernel: number } {
  const fields = statFields(`/proc/${pid}/stat`);
  return { user: Number(fields[11]) / TICKS_PER_SECOND, kernel: Number(fields[12]) / TICKS_PER_SECOND };
}

/** Seconds of CPU used so far by `pid` and its descendants, living or reaped. */
export function treeCpuSeconds(pid: number): number {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(Number(entry));
    if (!info) continue;
    parents.set(info.ppid, [...(parents.get(info.ppid) ?? []), Number(entry)]);
  }
  let ticks = 0;
  const visit = (id: number) => {
    const info = stat(id);
    if (!info) return;
    ticks += info.ticks + info.childTicks;
    for (const child of parents.get(id) ?? []) visit(child);
  };
  visit(pid);
  return ticks / TICKS_PER_SECOND;
}

/** Seconds of CPU used so far by each thread of `pid` (not its children), by thread id: the thread whose id is the
 * process's is its main thread (the event loop). Node 20 gives its threads no names, so the others are told apart by
 * what they use: under the collector's load on SQLite, the busiest is the writer thread (server/stores/sqlite/writer-thread.ts). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  return new Map([...threadTicks(pid)].map(([id, ticks]) => [id, ticks / TICKS_PER_SECOND]));
}

/** As threadCpuSeconds, in the kernel's ticks of 10 ms. */
export function threadTicks(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync(`/proc/${pid}/task`);
  } catch {
    // The process is gone.
    return threads;
  }
  for (const entry of entries) {
    try {
      const fields = statFields(`/proc/${pid}/task/${entry}/stat`);
      threads.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread (or the process) ended between the listing and the read.
    }
  }
  return threads;
}

/** Seconds of CPU used so far by `pid`'s threads, summed by the threads' names (ClickHouse names its threads: its
 * HTTP handlers, its background pool's merges), for where a server's time goes. A thread gone between two readings
 * takes its seconds with it. */
export function cpuSecondsByThreadName(pid: number): Map<string, number> {
  const names = new Map<string, number>();
  for (const [id, ticks] of threadTicks(pid)) {
    let name = '?';
    try {
      name = readFileSync(`/proc/${pid}/task/${id}/comm`, 'utf8').trim();
    } catch {
      // Ended since the listing: counted as unnamed.
    }
    names.set(name, (names.get(name) ?? 0) + ticks / TICKS_PER_SECOND);
  }
  return names;
}

/** CPU ms per 1,000 logs between two `threadCpuSeconds` readings: the main thread's, the busiest other thread's, and
 * the rest's (garbage collection, libuv's pool, readers). */
export function perThread(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  thousands: number,
): { main: number; busiest: number; rest: number } {
  const used = [...after].map(([id, seconds]) => [id, ((seconds - (before.get(id) ?? 0)) * 1000) / thousands] as const);
  const main = used.find(([id]) => id === pid)?.[1] ?? 0;
  const others = used.filter(([id]) => id !== pid).map(([, ms]) => ms);
  const busiest = Math.max(0, ...others);
  return { main, busiest, rest: others.reduce((sum, ms) => sum + ms, 0) - busiest };
}
