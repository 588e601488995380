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

/** The `at` of the last call (or `from` when there is none). */
export function lastAtOf(columns: Pick<LogColumns, 'from' | 'x' | 'at'>): number {
  if (columns.at) return columns.at.length > 0 ? columns.at[columns.at.length - 1] : columns.from;
  let last = columns.from;
  for (const x of columns.x) last = nextAt(last, x);
  return last;
}
