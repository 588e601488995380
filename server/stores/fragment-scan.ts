// The scan of a view for a search holding a fragment (docs/explorer.md#fragments), written once for both stores: the
// view's logs narrowed by the query's indexed groups are read newest first in steps of growing size, each step's logs
// tested against the query's scanned groups, until the reader has enough, the budget of logs is read or the deadline
// passes. The steps are a generator that asks its store for rows: SQLite answers at once (its reads run synchronously
// in a reader thread, inside the read's deadline), PostgreSQL with promises; each store reads with its own SQL.
import type { ScanProgress } from '../../explorer-contract/api.types.ts';
import type { SearchQuery } from '../../explorer-contract/search-query.ts';
import { bucketCounts, encodeCursor, pageOf, SCAN_ROWS, scanProgress } from './explorer-queries.ts';
import type { ExplorerLog, FacetSample, LogCursor, LogPage, ScanCount } from './explorer-queries.types.ts';

/** The most logs a step of a scan reads: the deadline is checked between steps. */
export const MAX_STEP = 50_000;

/** How far a scan read: its `read` logs, the `last` of them, whether it reached the view's oldest or `found` said
 * enough. */
export interface ScanRead {
  read: number;
  last: LogCursor | undefined;
  complete: boolean;
}

/** What a scan's caller wants of it: where it starts, how far it may read, the columns its matches are read with, what
 * it does with each step's matches (true: enough), and its answer from how far it read. */
export interface ScanPlan<R> {
  before?: LogCursor;
  budget: number;
  deadline: number;
  step: number;
  /** From what size of step the pace sizes the next near the deadline (pacedTake); PACED_FROM unless given. */
  pacedFrom?: number;
  /** The most logs a step reads: MAX_STEP unless its store says fewer (PostgreSQL where a word narrows). */
  maxStep?: number;
  columns: string;
  found(rows: ExplorerLog[]): boolean;
  result(read: ScanRead): R;
}

/** A step of a scan as its store read it: how many of the narrowed view's logs it read (newest first, older than the
 * last step's), the last (oldest) of them, and the ids of those the scanned groups match, newest first. `more`: the
 * step stopped at the deadline before it had all it was asked for, the view going on past `last` (the oldest log it
 * looked at, SQLite's windows of a common word, server/stores/sqlite/explorer/word-window-steps.ts). */
export interface ScanStep {
  read: number;
  last: LogCursor | undefined;
  hits: number[];
  more?: boolean;
}

/** A step's question to its store: read the next `take` logs of the narrowed view older than `after`, testing each
 * against the scanned groups as it is read (one statement: looking the step's logs up again by id to test them cost
 * PostgreSQL four times the read, docs/benchmarks.md#words-and-fragments-over-a-million-logs), or read the logs `ids`
 * that matched with the plan's columns, newest first. */
export type ScanAsk =
  | { kind: 'step'; after: LogCursor | undefined; take: number }
  | { kind: 'matching'; ids: number[] };

/** How a store answers a scan's asks, at once or as promises. */
export interface ScanReader<Answer extends 'sync' | 'async'> {
  step(after: LogCursor | undefined, take: number): Answer extends 'sync' ? ScanStep : Promise<ScanStep>;
  matching(ids: number[]): Answer extends 'sync' ? ExplorerLog[] : Promise<ExplorerLog[]>;
}

/** Whether a scan's narrowing groups hold a word or phrase the word index answers (not negated), which both stores
 * read their steps' logs through. */
export const narrowedByWord = (narrowing: SearchQuery): boolean =>
  narrowing.groups.some((group) =>
    group.some((clause) => !clause.negated && (clause.term.kind === 'word' || clause.term.kind === 'phrase')),
  );

/** What a scan read when the view matches nothing at all. */
export const NOTHING_READ: ScanRead = { read: 0, last: undefined, complete: true };

/** The scan's steps, asking for rows as ScanAsk says and ending with how far it read. */
export function* scanSteps(plan: ScanPlan<unknown>): Generator<ScanAsk, ScanRead, ScanStep | ExplorerLog[]> {
  const budget = Math.max(1, plan.budget);
  const maxStep = plan.maxStep ?? MAX_STEP;
  let size = Math.min(plan.step, maxStep);
  let read = 0;
  let last = plan.before;
  let take = Math.min(size, budget);
  for (;;) {
    const started = performance.now();
    const step = (yield { kind: 'step', after: last, take }) as ScanStep;
    read += step.read;
    if (step.read > 0 || step.more) last = step.last;
    if (step.hits.length > 0) {
      const rows = (yield { kind: 'matching', ids: step.hits }) as ExplorerLog[];
      if (plan.found(rows)) return { read, last, complete: true };
    }
    // Fewer than asked for: the view's oldest log was read.
    if (step.read < take && !step.more) return { read, last, complete: true };
    const now = performance.now();
    if (read >= budget || now >= plan.deadline) return { read, last, complete: false };
    size = Math.min(size * 2, maxStep);
    take = pacedTake(size, budget - read, { read: step.read, started, now, deadline: plan.deadline }, plan.pacedFrom);
  }
}

/** The fewest logs a scan's step reads for its pace to be the reading's: a smaller step's time is mostly its
 * statement's own (its start, a word's matches looked up in the word index), and sizing the next by it read less,
 * not sooner. */
export const PACED_FROM = 10_000;

/** The next step's size: `size`, within the `left` of the budget, and, after a step of `pacedFrom` logs or more, no
 * more than the time left holds at that step's pace (it read `read` logs from `started` to `now`), so that a read
 * with a deadline ends by it, not a whole step of 50,000 logs after it. */
export function pacedTake(
  size: number,
  left: number,
  last: { read: number; started: number; now: number; deadline: number },
  pacedFrom = PACED_FROM,
): number {
  if (last.read < pacedFrom) return Math.min(size, left);
  const fits = Math.ceil((last.read / Math.max(last.now - last.started, 0.001)) * (last.deadline - last.now));
  return Math.min(size, left, fits);
}

/** Runs a plan's steps on a store that answers at once. */
export function runScan<R>(plan: ScanPlan<R>, reader: ScanReader<'sync'>): R {
  const steps = scanSteps(plan);
  let next = steps.next();
  while (!next.done) {
    const ask = next.value;
    next = steps.next(ask.kind === 'step' ? reader.step(ask.after, ask.take) : reader.matching(ask.ids));
  }
  return plan.result(next.value);
}

/** Runs a plan's steps on a store that answers with promises. */
export async function runScanAsync<R>(plan: ScanPlan<R>, reader: ScanReader<'async'>): Promise<R> {
  const steps = scanSteps(plan);
  let next = steps.next();
  while (!next.done) {
    const ask = next.value;
    next = steps.next(ask.kind === 'step' ? await reader.step(ask.after, ask.take) : await reader.matching(ask.ids));
  }
  return plan.result(next.value);
}

/** A step read as rows of (id, at, hit), newest first: what SQLite's step answers. */
export function stepOf(rows: { id: number; at: number; hit: unknown }[]): ScanStep {
  const last = rows.at(-1);
  return {
    read: rows.length,
    last: last && { at: last.at, id: last.id },
    hits: rows.filter((row) => row.hit === 1 || row.hit === true).map((row) => row.id),
  };
}

/** The first step of a page's scan: about four pages, as SQLite's windows of common words start. */
export const pageStep = (limit: number) => Math.min(Math.max(500, limit * 4), MAX_STEP);

/** A page of a search holding a fragment: its matches among the logs read within the budget; when the budget ends
 * first, the page says how far it read and `next` goes on from the last log read. */
export function fragmentPagePlan(
  options: { before?: LogCursor; limit: number; within?: number; scanRows?: number },
  columns: string,
): ScanPlan<LogPage> {
  const matched: ExplorerLog[] = [];
  return {
    before: options.before,
    budget: options.scanRows ?? SCAN_ROWS,
    deadline: performance.now() + (options.within ?? Infinity),
    step: pageStep(options.limit),
    columns,
    found(rows) {
      matched.push(...rows);
      return matched.length > options.limit;
    },
    result(read) {
      const scan = scanProgress(read);
      if (read.complete) return { ...pageOf(matched, options.limit), scan };
      return { logs: matched, next: read.last ? encodeCursor(read.last) : null, scan };
    },
  };
}

/** How long a count or a histogram of a search holding a term no index answers reads at most (besides its budget of
 * logs), as a split does (SPLIT_WITHIN_MS): reading its whole budget took a parsed field's histogram 2.1 to 2.9 s on
 * PostgreSQL over a million logs (docs/benchmarks.md#counts-of-a-scanned-view). Its answer says how far back it read. */
export const AGGREGATE_WITHIN_MS = 300;

/** The first step of a count's or a histogram's scan: small, so that the pace is known before a large step is asked
 * for; paced from that step on (the whole step is the test, no page of matches looked up whole). */
export const AGGREGATE_STEP = 2_000;

/** How an aggregate's scan (a count, a histogram, a split) reads: its budget of logs and its deadline, in steps from
 * AGGREGATE_STEP, each paced by the last. */
const aggregateSteps = (scanRows: number, deadline: number) => ({
  budget: scanRows,
  deadline,
  step: AGGREGATE_STEP,
  pacedFrom: 0,
});

/** How many logs a search holding a fragment matches among the view's newest `scanRows` (ExplorerQueries.scanCount)
 * read within `within` ms, counting no further than `cap` + 1. */
export function scanCountPlan(cap: number, scanRows = SCAN_ROWS, within = AGGREGATE_WITHIN_MS): ScanPlan<ScanCount> {
  let count = 0;
  return {
    ...aggregateSteps(scanRows, performance.now() + within),
    columns: 'l.id',
    found: (rows) => (count += rows.length) > cap,
    result: (read) => ({ count, scan: scanProgress(read) }),
  };
}

/** The counts by a field's value of a search holding a term no index answers, among the logs its scan reads by the
 * deadline (ExplorerQueries.splitVolume); `value` is the store's SQL for the value (split-value-sql.ts). */
export function splitVolumePlan(
  bucketMs: number,
  value: string,
  scanRows = SCAN_ROWS,
  deadline = Infinity,
): ScanPlan<{ rows: { bucket: number; value: string | null; n: number }[]; scan: ScanProgress }> {
  const counts = new Map<string, { bucket: number; value: string | null; n: number }>();
  return {
    ...aggregateSteps(scanRows, deadline),
    columns: `l.at, ${value} AS value`,
    found(rows) {
      for (const row of rows as unknown as { at: number; value: string | null }[]) {
        const bucket = Math.floor(row.at / bucketMs);
        const key = `${bucket} ${row.value}`;
        const count = counts.get(key) ?? { bucket, value: row.value, n: 0 };
        count.n++;
        counts.set(key, count);
      }
      return false;
    },
    result: (read) => ({ rows: [...counts.values()], scan: scanProgress(read) }),
  };
}

/** The histogram's counts of a search holding a fragment, among the logs its scan reads within `scanRows` logs and
 * `within` ms (ExplorerQueries.scanVolume). */
export function scanVolumePlan(
  bucketMs: number,
  scanRows = SCAN_ROWS,
  within = AGGREGATE_WITHIN_MS,
): ScanPlan<{ rows: { bucket: number; level: number; n: number }[]; scan: ScanProgress }> {
  const logs: { at: number; level: number }[] = [];
  return {
    ...aggregateSteps(scanRows, performance.now() + within),
    columns: 'l.at, coalesce(l.ll, 0) AS level',
    found(rows) {
      logs.push(...(rows as unknown as { at: number; level: number }[]));
      return false;
    },
    result: (read) => ({ rows: bucketCounts(logs, bucketMs), scan: scanProgress(read) }),
  };
}

type FacetRow = FacetSample['rows'][number];

/** What a facet sample reads of a log, as both stores write it (coalesce: a log without a level counts as Debug). */
export const FACET_SAMPLE_COLUMNS = `coalesce(l.ll, 0) AS level, l.tg AS tag, l.f AS file, l.session_id AS session`;

/** Logs read one by one, counted by their facet fields together. */
export function facetRows(logs: FacetRow[]): FacetRow[] {
  const counts = new Map<string, FacetRow>();
  for (const log of logs) {
    const key = JSON.stringify([log.level, log.tag, log.file, log.session]);
    const row = counts.get(key);
    if (row) row.n++;
    else counts.set(key, { level: log.level, tag: log.tag, file: log.file, session: log.session, n: 1 });
  }
  return [...counts.values()];
}

/** The facets' sample of a search holding a term no index answers (ExplorerQueries.facetSample): the newest `limit`
 * matches among the logs its scan reads within the budget (`scanRows` logs and `within` ms), counted by their facet
 * fields, and how far the scan read, so that the counts say "of the logs read back to …" where it stopped first
 * (docs/facets.md#counting). Small steps: the sample wants its first matches soon, and its time is short. */
export function facetSamplePlan(limit: number, within: number, scanRows = SCAN_ROWS): ScanPlan<FacetSample> {
  const logs: FacetRow[] = [];
  return {
    budget: scanRows,
    deadline: performance.now() + within,
    step: 500,
    columns: FACET_SAMPLE_COLUMNS,
    found(rows) {
      logs.push(...(rows as unknown as FacetRow[]));
      return logs.length >= limit;
    },
    result: (read) => ({
      rows: facetRows(logs.slice(0, limit)),
      complete: read.complete && logs.length < limit,
      scan: scanProgress(read),
    }),
  };
}
