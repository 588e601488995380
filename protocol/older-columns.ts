// Logs writes in the layouts earlier versions of the page wrote, which a rescue left in localStorage can still hold
// (docs/durability.md): read by the engine and by the page that hands a rescue on, never by a log call, so the page's
// first load does without it (docs/benchmarks.md#main-thread-cost).
import type { LogLevel } from './levels.ts';
import type { LogColumns, RawFields, RawLog } from './log-columns.ts';
import { rowsOf } from './log-rows.ts';

/** Columns as pages before the current layout wrote them: `at`, `ll` and `n` in columns of their own, or, before
 * the flat layout, no `n` and `p` holding one array per call. */
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
export function readColumns(columns: LogColumns | OlderColumns): RawLog[] {
  if ('c' in columns) return rowsOf(columns);
  const rows: RawLog[] = [];
  let change = 0;
  let url: unknown;
  let offset = 0;
  for (let i = 0; i < columns.at.length; i++) {
    if (change < columns.u.length && columns.u[change][0] === i) url = columns.u[change++][1];
    const row: RawLog = { at: columns.at[i], x: columns.x[i], ll: columns.ll[i], u: url };
    if (columns.n === undefined) {
      const parts = columns.p[i] as unknown[] | null;
      if (parts) row.p = parts;
    } else if (columns.n[i] >= 0) {
      row.p = columns.p.slice(offset, (offset += columns.n[i]));
    }
    if (i in columns.s) row.s = columns.s[i];
    if (i in columns.e) Object.assign(row, columns.e[i]);
    rows.push(row);
  }
  return rows;
}
