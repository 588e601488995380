// Logs writes in the layouts earlier versions of the page wrote, which a rescue left in localStorage can still hold
// (docs/durability.md): read by the engine and by the page that hands a rescue on, never by a log call, so the page's
// first load does without it (docs/benchmarks.md#main-thread-cost). Each is put in the current layout and read as
// it is, by one loop.
import { isLogLevel, LogLevel } from './levels.ts';
import { callCode, type LogColumns, type RawFields, type RawLog } from './log-columns.ts';
import { rowsOf } from './log-rows.ts';

/** Columns as pages before the one flat column wrote them: the times, the codes and the arguments in a column each. */
interface SplitColumns {
  from: number;
  x: number[];
  c: number[];
  p: unknown[];
  s: Record<number, string>;
  e: Record<number, RawFields>;
  u: [number, unknown][];
  at?: number[];
}

/** Columns as pages before the split layout wrote them: `at`, `ll` and `n` in columns of their own, or, before
 * that, no `n` and `p` holding one array per call. */
interface OlderColumns {
  at: number[];
  x: number[];
  ll: LogLevel[];
  n?: number[];
  p: unknown[];
  s: Record<number, string>;
  e: Record<number, RawFields>;
  u: [number, unknown][];
}

/** The calls of a logs write of any layout as one record each, every call with its page URL. */
export const readColumns = (columns: LogColumns | SplitColumns | OlderColumns): RawLog[] =>
  rowsOf(currentColumns(columns));

/** A logs write of any layout in the current one. */
export const currentColumns = (columns: LogColumns | SplitColumns | OlderColumns): LogColumns =>
  'f' in columns ? columns : flatten(columns);

/** Columns of an earlier layout in the current one. */
function flatten(columns: SplitColumns | OlderColumns): LogColumns {
  const split = 'c' in columns;
  const n = split ? columns.c.length : columns.at.length;
  const f: unknown[] = [];
  const e = { ...columns.e };
  let offset = 0;
  for (let i = 0; i < n; i++) {
    // A call's arguments, or null for one made with explicit fields (a count of -1).
    let parts = columns.p[i] as unknown[] | null;
    const count = split ? columns.c[i] >> 3 : columns.n?.[i];
    if (count !== undefined) parts = count < 0 ? null : columns.p.slice(offset, (offset += count));
    // A level other than the six numbers (an early page's sendLog kept whatever it was given) goes with the fields.
    const ll = split ? columns.c[i] & 7 : columns.ll[i];
    const known = isLogLevel(ll);
    if (!known) e[i] = { ...e[i], ll };
    f.push(columns.x[i], callCode(known ? ll : LogLevel.Debug, parts ? parts.length : -1), ...(parts ?? []));
  }
  const { s, u, at } = columns;
  return { from: split ? columns.from : 0, n, f, s, e, u, at };
}
