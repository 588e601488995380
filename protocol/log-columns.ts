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
 * A buffer of log calls as one flat column and a few sparse ones, call i being the i-th in call order. The page
 * appends to one array and allocates nothing per call: no object, no array of arguments
 * (docs/modes.md#the-path-of-a-log-call). Each call adds its time, one number for its level and argument count, and
 * its arguments, which is all a structured clone then copies per call: `at` follows from `from` and the times
 * (atsOf). One array of mixed values rather than a column each for the times and the codes: one push per call, as the
 * bare logger the bench holds Sidelog to makes. With the call's other steps cut, it took the page's cost per call from
 * about 1.5× the bare logger's to about 1.3× (docs/benchmarks.md#one-flat-column).
 */
export interface LogColumns {
  /** The `at` before the first call's: call i's `at` is the greater of its time and the `at` before it plus one. */
  from: number;
  /** The number of calls. */
  n: number;
  /** Each call's time (`x`), then its code (callCode: its level plus 8 × its argument count, -1 for a call made
   * with explicit fields, in `e`), then its arguments. */
  f: unknown[];
  /** Raw stacks, by index, of the calls that took one. */
  s: Record<number, string>;
  /** Explicit fields, by index; `ll` among them overrides the level (one that is not of the six numbers). */
  e: Record<number, RawFields>;
  /** The page's URL wherever it changes: [index of the first call at that URL, URL]. */
  u: [number, unknown][];
  /** Each call's `at`, only where they do not follow from `from` (columns put together from rows: columnsOf). */
  at?: number[];
}

/** Call i's level and argument count as one number (LogColumns.f); a count of -1 marks explicit fields. */
export const callCode = (ll: LogLevel, count: number) => count * 8 + ll;

/** The number of values a call of this code takes in LogColumns.f: its time, its code, its arguments. */
export const callWidth = (code: number) => 2 + Math.max(0, code >> 3);

/** The `at` after `last` of a call made at `x`: `at` is strictly increasing, and runs ahead of the clock in a burst. */
export const nextAt = (last: number, x: number) => (x > last ? x : last + 1);
