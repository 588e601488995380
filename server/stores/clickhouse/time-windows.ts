// A view's newest logs read in time windows, newest first (docs/clickhouse.md#time-windows), as HyperDX/ClickStack
// searches: 18.16 cannot read a table in its sort order, so `ORDER BY at DESC LIMIT n` reads a column of every log the
// view holds, while `at >= lo AND at < hi` is narrowed by the primary key (app, at, …) to that window's granules. The
// newest window is read first, and an older one only while the answer is not yet whole; the last covers everything
// older than what was read, so the answer is the one a single read of the whole view gives.
import { sqlFloat, sqlString } from './sql-literal.ts';

type Rows = <T>(query: string) => Promise<T[]>;

/** A view to read newest first: its WHERE clause (the app's condition among it), its app, the time its newest
 * logs are looked for below first (viewTop), and its `from` if it has one, below which it holds no log: the walk stops
 * there rather than look further back for the app's logs (a patterns request's empty slice probed back to the app's
 * newest log, however far below the slice, and read windows there). */
export interface WindowedView {
  where: string;
  appKey: string;
  top: number;
  bottom?: number;
}

/** The newest window: the 15 minutes below the view's top, and everything after it (a device's clock ahead of ours). */
export const FIRST_WINDOW_MS = 15 * 60_000;
/** Windows read before the last, which covers everything older. */
const WINDOWS = 6;
/** How much older the next window reaches, as a multiple of what was read: twice as far as `want` lies at the rate
 * the view held so far (so more than twice), at most 64; 8 when it held none. */
const growth = (found: number, want: number) => (found === 0 ? 8 : Math.min(64, (2 * want) / found));
/** The probes of where an app's logs are: ranges 4 times as old each, from 15 minutes to 480 years back… */
const EXPONENTIAL = 13;
/** …then at most this many rounds of 16 slices of the range found, while it is wider than 16 first windows (4 hours):
 * each query of a probe reads at least a granule of every part of the table (the last of a part older than the range
 * is never ruled out by the primary key), so a probe of 16 costs about what 16 windows do. */
const SLICE_ROUNDS = 4;
const SLICES = 16;

/** The time a view's newest logs are looked for below first: its `to`, the cursor it pages on from, or now. */
export const viewTop = (filter: { to?: number }, before?: { at: number }) =>
  Math.min(Date.now(), filter.to ?? Infinity, before?.at ?? Infinity);

/** The view's top and bottom, as WindowedView holds them. */
export const viewEnds = (filter: { from?: number; to?: number }, before?: { at: number }) => ({
  top: viewTop(filter, before),
  ...(filter.from !== undefined && { bottom: filter.from }),
});

/** `at` in [lo, hi), either end open when not given. */
export function windowSql(lo: number | undefined, hi: number | undefined): string {
  const ends = [lo === undefined ? '' : `at >= ${sqlFloat(lo)}`, hi === undefined ? '' : `at < ${sqlFloat(hi)}`];
  return ends.filter((end) => end !== '').join(' AND ') || '1';
}

type Range = [number | undefined, number | undefined];

/** Which of the ranges hold a log of `where`, in one query: each a `LIMIT 1` read, which stops at its first match
 * (read in blocks of one granule's rows, 8,192, rather than 65,536) and reads none where the primary key finds none. */
async function heldRanges(rows: Rows, table: string, where: string, ranges: Range[]) {
  const query = ranges
    .map(
      ([lo, hi], k) =>
        `SELECT ${k} AS k FROM (SELECT 1 FROM ${table} WHERE ${where} AND ${windowSql(lo, hi)} LIMIT 1 SETTINGS max_block_size = 8192)`,
    )
    .join(' UNION ALL ');
  const held = new Set((await rows<{ k: number }>(query)).map((row) => row.k));
  return ranges.map((_, k) => held.has(k));
}

/** The range holding the newest (or the oldest) log of `where` below `upper`, among ranges 4 times as old each from
 * `from` back, narrowed to one of 16 slices at a time while it is wider than 16 first windows; undefined when none
 * holds one. Every range newer (or older) than it holds none. */
async function edgeRange(rows: Rows, table: string, where: string, from: number, upper: Range[1], oldest: boolean) {
  const ends = [upper, ...Array.from({ length: EXPONENTIAL }, (_, j) => from - FIRST_WINDOW_MS * 4 ** j), undefined];
  const ranges = ends.slice(0, -1).map((upper, j): Range => [ends[j + 1], upper]);
  const pick = (held: boolean[]) => (oldest ? held.lastIndexOf(true) : held.indexOf(true));
  const k = pick(await heldRanges(rows, table, where, ranges));
  if (k < 0) return undefined;
  let range = ranges[k]!;
  for (let round = 0; round < SLICE_ROUNDS; round++) {
    const [lower, upper] = range;
    if (lower === undefined || upper === undefined || upper - lower <= SLICES * FIRST_WINDOW_MS) break;
    const width = (upper - lower) / SLICES;
    // Newest slice first.
    const slices = Array.from({ length: SLICES }, (_, i): Range => [
      lower + width * (SLICES - 1 - i),
      i === 0 ? upper : lower + width * (SLICES - i),
    ]);
    const held = pick(await heldRanges(rows, table, where, slices));
    if (held < 0) break;
    range = slices[held]!;
  }
  return range;
}

/** The range of time holding the app's newest log older than `hi` and not older than `bottom` (at most 4 hours wide,
 * or 1/4,096 of how far back it lies), nothing newer below `hi`; undefined when the app has none: the next window,
 * past the app's silence. */
export async function newestBelow(rows: Rows, table: string, appKey: string, hi: number, bottom?: number) {
  const where = `app = ${sqlString(appKey)}${bottom === undefined ? '' : ` AND at >= ${sqlFloat(bottom)}`}`;
  return edgeRange(rows, table, where, hi, hi, false);
}

/** The `at` of the oldest log of `where`, whose newest is at `newest`: read in the range that holds it (edgeRange),
 * every older range found empty. */
export async function oldestAt(rows: Rows, table: string, where: string, newest: number) {
  const range = await edgeRange(rows, table, where, newest, undefined, true);
  // min() of no rows is 0, not NULL: a range emptied since (retention) says nothing older than the newest. Not named
  // `at`: an alias named as a column stands for it in the WHERE clause too.
  const [read] = await rows<{ n: number; oldest: number }>(
    `SELECT count() AS n, min(at) AS oldest FROM ${table} WHERE ${where} AND ${windowSql(...(range ?? [undefined, undefined]))}`,
  );
  return read && read.n > 0 ? read.oldest : newest;
}

/** Reads the view's windows newest first, each as `at` conditions handed to `read`, which says how many of the view's
 * logs it found there, until `want` were found or every log older was read. */
export async function walkNewestFirst(
  rows: Rows,
  table: string,
  view: WindowedView,
  want: number,
  read: (window: string) => Promise<number>,
): Promise<void> {
  let anchor = view.top;
  let hi: number | undefined;
  let lo = anchor - FIRST_WINDOW_MS;
  let found = 0;
  let probed = false;
  const { bottom } = view;
  for (let step = 1; ; step++) {
    // A window that reaches the view's `from` reads all that is left of it.
    const last = step >= WINDOWS || (bottom !== undefined && lo <= bottom);
    found += await read(windowSql(last ? undefined : lo, hi));
    if (found >= want || last) return;
    hi = lo;
    if (found === 0 && !probed) {
      // None of the view yet: the next window is the range holding the app's newest log older than this one,
      // wherever it is down to the view's `from`, and reaches down to its lower end.
      probed = true;
      const range = await newestBelow(rows, table, view.appKey, hi, bottom);
      if (range === undefined) return;
      anchor = range[1]!;
      lo = range[0] ?? anchor - FIRST_WINDOW_MS;
    } else lo = anchor - (anchor - lo) * growth(found, want);
  }
}
