// How a buffer of log calls crosses from the page to the engine: as columns, not one object per call.
import type { LogLevel } from './levels.ts';

/** A log call as the page takes it: the cheapest form; the engine formats, parses and sanitises. */
export interface RawLog {
  /** Epoch ms, strictly increasing within the page. */
  at: number;
  /** Wall-clock epoch ms of the call (`at` may run ahead of it in a burst). */
  x: number;
  ll: LogLevel;
  /** The call's arguments, as cloneable values, formatted into text by the engine. */
  p?: unknown[];
  /** A raw `Error().stack`, parsed by the engine for file, line and method. */
  s?: string;
  /** Explicit fields (sendLog), sanitised by the engine. */
  t?: unknown;
  tg?: unknown;
  m?: unknown;
  f?: unknown;
  l?: unknown;
  /** The page's URL. */
  u?: unknown;
}

/** The explicit fields of a sendLog call (or of an event Sidelog logs itself); `ll` only when the call gave a level
 * other than one of the six numbers (a level's name, say), which then overrides the `ll` column. */
export type RawFields = Pick<RawLog, 't' | 'tg' | 'm' | 'f' | 'l'> & { ll?: unknown };

/**
 * A buffer of log calls as flat columns, index i being the i-th call in call order. The page appends to a few
 * arrays and allocates nothing per call: no object, no array of arguments (docs/modes.md#the-path-of-a-log-call).
 * Cloning arrays of numbers for postMessage costs next to nothing; what is left to clone is the arguments.
 */
export interface LogColumns {
  at: number[];
  x: number[];
  ll: LogLevel[];
  /** How many arguments call i had, taken from `p` in order; -1 for a call made with explicit fields (in `e`). */
  n: number[];
  /** The arguments of every call, one call's after the other's. */
  p: unknown[];
  /** Raw stacks, by index, of the calls that took one. */
  s: Record<number, string>;
  /** Explicit fields, by index. */
  e: Record<number, RawFields>;
  /** The page's URL wherever it changes: [index of the first call at that URL, URL]. */
  u: [number, unknown][];
}

/** Columns with no call yet. */
export function emptyColumns(): LogColumns {
  return { at: [], x: [], ll: [], n: [], p: [], s: {}, e: {}, u: [] };
}

/** Columns as pages before the flat layout wrote them (a rescue left in localStorage): `p` held one array per call. */
type NestedColumns = Omit<LogColumns, 'n' | 'p'> & { n?: undefined; p: (unknown[] | null)[] };

/** The calls of a buffer as one record each, every call with its page URL. */
export function rowsOf(columns: LogColumns | NestedColumns): RawLog[] {
  const rows: RawLog[] = [];
  let change = 0;
  let url: unknown;
  let offset = 0;
  for (let i = 0; i < columns.at.length; i++) {
    if (change < columns.u.length && columns.u[change][0] === i) url = columns.u[change++][1];
    const row: RawLog = { at: columns.at[i], x: columns.x[i], ll: columns.ll[i], u: url };
    if (columns.n === undefined) {
      const parts = columns.p[i];
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

/** The reverse of rowsOf: calls as one record each, back into a buffer's columns. */
export function columnsOf(rows: RawLog[]): LogColumns {
  const columns = emptyColumns();
  rows.forEach((row, i) => {
    if (i === 0 || row.u !== columns.u[columns.u.length - 1][1]) columns.u.push([i, row.u]);
    columns.at.push(row.at);
    columns.x.push(row.x);
    columns.ll.push(row.ll);
    if (row.s !== undefined) columns.s[i] = row.s;
    if (row.p) {
      columns.n.push(row.p.length);
      columns.p.push(...row.p);
    } else {
      columns.n.push(-1);
      const { t, tg, m, f, l } = row;
      columns.e[i] = { t, tg, m, f, l };
    }
  });
  return columns;
}
