// How a buffer of log calls crosses from the page to the engine: as columns, not one object per call.
import { isLogLevel, LogLevel } from './levels.ts';

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
  /** The text is a value the app asked for as typed (a field with data-sidelog-unmask): no rule redacts it
   * (docs/privacy.md#typed-values). Only Sidelog's own UI events set it. */
  v?: true;
}

/** The explicit fields of a sendLog call (or of an event Sidelog logs itself); `ll` only when the call gave a level
 * other than one of the six numbers (a level's name, say), which then overrides the `ll` column. */
export type RawFields = Pick<RawLog, 't' | 'tg' | 'm' | 'f' | 'l' | 'v'> & { ll?: unknown };

/**
 * A buffer of log calls as flat columns, index i being the i-th call in call order. The page appends to a few
 * arrays and allocates nothing per call: no object, no array of arguments (docs/modes.md#the-path-of-a-log-call).
 * Each call adds two numbers and its arguments, which is all a structured clone then copies per call: `at` follows
 * from `from` and the times (atsOf), and the level and argument count share one number.
 */
export interface LogColumns {
  /** The `at` before the first call's: call i's `at` is the greater of its `x` and the `at` before it plus one. */
  from: number;
  x: number[];
  /** Call i's level plus 8 × its argument count, taken from `p` in order (-1 for a call made with explicit
   * fields, in `e`): `c & 7` and `c >> 3`. */
  c: number[];
  /** The arguments of every call, one call's after the other's. */
  p: unknown[];
  /** Raw stacks, by index, of the calls that took one. */
  s: Record<number, string>;
  /** Explicit fields, by index; `ll` among them overrides the level (one that is not of the six numbers). */
  e: Record<number, RawFields>;
  /** The page's URL wherever it changes: [index of the first call at that URL, URL]. */
  u: [number, unknown][];
  /** Each call's `at`, only where they do not follow from `from` (columns put together from rows: columnsOf). */
  at?: number[];
}

/** Call i's level and argument count as one number (LogColumns.c); a count of -1 marks explicit fields. */
export const callCode = (ll: LogLevel, count: number) => count * 8 + ll;

/** The `at` after `last` of a call made at `x`: `at` is strictly increasing, and runs ahead of the clock in a burst. */
export const nextAt = (last: number, x: number) => (x > last ? x : last + 1);

/** Each call's `at`. */
export function atsOf(columns: Pick<LogColumns, 'from' | 'x' | 'at'>): number[] {
  if (columns.at) return columns.at;
  const ats: number[] = [];
  let last = columns.from;
  for (const x of columns.x) ats.push((last = nextAt(last, x)));
  return ats;
}

/** The `at` of the last call (or `from` when there is none). */
export function lastAtOf(columns: Pick<LogColumns, 'from' | 'x' | 'at'>): number {
  if (columns.at) return columns.at.length > 0 ? columns.at[columns.at.length - 1] : columns.from;
  let last = columns.from;
  for (const x of columns.x) last = nextAt(last, x);
  return last;
}

/** The calls of a buffer in this layout as one record each, every call with its page URL (a write of any layout,
 * as a rescue may hold: readColumns in protocol/older-columns.ts). */
export function rowsOf(columns: LogColumns): RawLog[] {
  const rows: RawLog[] = [];
  const ats = atsOf(columns);
  let change = 0;
  let url: unknown;
  let offset = 0;
  for (let i = 0; i < columns.x.length; i++) {
    if (change < columns.u.length && columns.u[change][0] === i) url = columns.u[change++][1];
    const code = columns.c[i];
    const row: RawLog = { at: ats[i], x: columns.x[i], ll: (code & 7) as LogLevel, u: url };
    const count = code >> 3;
    if (count >= 0) row.p = columns.p.slice(offset, (offset += count));
    if (i in columns.s) row.s = columns.s[i];
    if (i in columns.e) Object.assign(row, columns.e[i]);
    rows.push(row);
  }
  return rows;
}

/** The reverse of rowsOf: calls as one record each, back into a buffer's columns. */
export function columnsOf(rows: RawLog[]): LogColumns {
  const from = rows.length > 0 ? rows[0].at - 1 : 0;
  const columns: LogColumns = { from, x: [], c: [], p: [], s: {}, e: {}, u: [] };
  const ats: number[] = [];
  let follows = true;
  let last = from;
  rows.forEach((row, i) => {
    if (i === 0 || row.u !== columns.u[columns.u.length - 1][1]) columns.u.push([i, row.u]);
    columns.x.push(row.x);
    ats.push(row.at);
    follows &&= row.at === (last = nextAt(last, row.x));
    if (row.s !== undefined) columns.s[i] = row.s;
    // A level that is not one of the six numbers goes with the fields, as the page sends it.
    const known = isLogLevel(row.ll);
    const level = known ? row.ll : LogLevel.Debug;
    if (row.p) {
      columns.c.push(callCode(level, row.p.length));
      columns.p.push(...row.p);
      if (!known) columns.e[i] = { ll: row.ll };
    } else {
      columns.c.push(callCode(level, -1));
      const { t, tg, m, f, l, v } = row;
      const fields: RawFields = v ? { t, tg, m, f, l, v } : { t, tg, m, f, l };
      columns.e[i] = known ? fields : { ...fields, ll: row.ll };
    }
  });
  if (!follows) columns.at = ats;
  return columns;
}
