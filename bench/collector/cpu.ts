// CPU time of a process and everything under it (Linux /proc), for the bench's "CPU per 1,000 logs": the service's
// processes, and PostgreSQL's server processes (the postmaster and its backends), each read before and after a run.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number; childTicks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14-17 (utime, stime, cutime, cstime), counted from 1 with pid and comm as 1 and 2.
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
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
