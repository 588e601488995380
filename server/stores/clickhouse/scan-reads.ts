// The bounded scan of a search holding a term no index answers (a fragment, a field parsed from the text) on
// ClickHouse, with the other stores' "searched back to" answers (docs/explorer.md#fragments): the view narrowed by the
// query's other groups, its newest SCAN_ROWS logs found by the position of the last (one query), and among them the
// scanned groups' matches (scan-plan.ts: SQL, finished in Node for a parsed field).
import { encodeCursor, pageOf, SCAN_ROWS, scanProgress, splitScanned } from '../explorer-queries.ts';
import type { FacetSample, LogCursor, LogFilter, LogPage, ScanCount } from '../explorer-queries.types.ts';
import { MAX_STEP, pageStep } from '../fragment-scan.ts';
import { columns, NEWEST_FIRST, notOlderThan, olderThan, type LogReadContext, type Row } from './log-read-context.ts';
import { nthNewest } from './newest-first.ts';
import { countedRows, matchingRows } from './plan-rows.ts';
import { scanPlan, type ScanPlan } from './scan-plan.ts';
import { sqlInteger } from './sql-literal.ts';
import { viewEnds } from './time-windows.ts';

/** How many logs the other stores' scan reads to reach the `position`th of the view: steps of max(500, 4 × limit),
 * doubling to at most 50,000 (server/stores/fragment-scan.ts), so that a page says it read as far. */
function stepsCovering(position: number, limit: number): number {
  let step = pageStep(limit);
  let read = 0;
  while (read < position) {
    read += step;
    step = Math.min(step * 2, MAX_STEP);
  }
  return read;
}

/** A scan's window: the narrowed view (older than a page's cursor) and the time its newest are looked for below
 * (time-windows.ts), the oldest log the budget reaches (none when the view holds fewer), the plan of the scanned
 * groups, and the WHERE clause of the window's possible matches. */
export interface ScanWindow {
  view: string;
  top: number;
  bound: LogCursor | undefined;
  plan: ScanPlan;
  from: string;
}

/** A facet sample's columns, and the keyset's (at, id) to read on from. */
const FACET_COLUMNS = `at, id, ifNull(ll, 0) AS level, tg AS tag, f AS file, session_id AS session`;
type FacetRow = Omit<FacetSample['rows'][number], 'n'> & LogCursor;

export function createScanReads(context: LogReadContext) {
  const { table, rows } = context;

  async function scanWindow(filter: LogFilter, before: LogCursor | undefined, budget: number): Promise<ScanWindow> {
    const { narrowing, scanned } = splitScanned(filter.search ?? { groups: [] });
    const view = await context.where({ ...filter, search: narrowing });
    const within = before ? `${view} AND ${olderThan(before)}` : view;
    const ends = viewEnds(filter, before);
    const { top } = ends;
    const bound = await nthNewest(rows, table, { where: within, appKey: filter.appKey, ...ends }, budget);
    const plan = await scanPlan(scanned, filter.appKey, context.filters);
    const window = bound ? `${within} AND ${notOlderThan(bound)}` : within;
    return { view: within, top, bound, plan, from: `${table} WHERE ${window} AND ${plan.where}` };
  }

  /** How far a scan read when it stopped at `last` (or, with none, read the whole window down to `bound` or the
   * view's oldest). */
  async function progress(view: string, last: LogCursor | undefined, bound: LogCursor | undefined) {
    const to = last ?? bound;
    const [read] = await rows<{ n: number; oldest: number | null }>(
      `SELECT count() AS n, min(at) AS oldest FROM ${table} WHERE ${view}${to ? ` AND ${notOlderThan(to)}` : ''}`,
    );
    const n = read?.n ?? 0;
    return scanProgress({
      read: n,
      last: to ?? (n > 0 ? { at: read!.oldest!, id: 0 } : undefined),
      complete: last !== undefined || bound === undefined,
    });
  }

  async function scannedPage(
    filter: LogFilter,
    options: { before?: LogCursor; limit: number; scanRows?: number; cut?: boolean },
  ): Promise<LogPage> {
    const budget = options.scanRows ?? SCAN_ROWS;
    const { view, top, bound, plan, from } = await scanWindow(filter, options.before, budget);
    const matched = await matchingRows<Row>(
      rows,
      plan,
      { select: columns(options.cut), from, order: NEWEST_FIRST, after: olderThan },
      options.limit + 1,
      pageStep(options.limit),
    );
    const found = await context.explorerLogs(filter.appKey, matched);
    if (found.length > options.limit) {
      const page = pageOf(found, options.limit);
      // As far as the other stores' steps read to find one past the page (server/stores/fragment-scan.ts): the first
      // step, then doubling, up to the budget.
      const [upTo] = await rows<{ n: number }>(
        `SELECT count() AS n FROM ${table} WHERE ${view} AND ${notOlderThan(found[options.limit]!)}`,
      );
      const read = Math.min(stepsCovering(upTo?.n ?? 0, options.limit), budget);
      const end = await nthNewest(rows, table, { where: view, appKey: filter.appKey, top }, read);
      const scan = end ? scanProgress({ read, last: end, complete: true }) : await progress(view, undefined, undefined);
      return { ...page, scan };
    }
    const scan = await progress(view, undefined, bound);
    // The budget ended before the view did: the page goes on from the last log read.
    if (bound) return { logs: found, next: encodeCursor(bound), scan };
    return { logs: found, next: null, scan };
  }

  return {
    scanWindow,
    progress,
    scannedPage,
    async scanCount(filter: LogFilter, cap: number, scanRows = SCAN_ROWS): Promise<ScanCount> {
      const { view, bound, plan, from } = await scanWindow(filter, undefined, scanRows);
      const counted =
        plan.columns === ''
          ? await rows<{ n: number }>(`SELECT count() AS n FROM (SELECT 1 FROM ${from} LIMIT ${sqlInteger(cap + 1)})`)
          : await countedRows<{ n: number }>(rows, plan, from, []);
      const count = Math.min(
        counted.reduce((sum, row) => sum + row.n, 0),
        cap + 1,
      );
      return { count, scan: await progress(view, undefined, bound) };
    },
    async scanVolume(filter: LogFilter, bucketMs: number, scanRows = SCAN_ROWS) {
      const { view, bound, plan, from } = await scanWindow(filter, undefined, scanRows);
      const counted = await countedRows<{ bucket: number; level: number }>(rows, plan, from, [
        { sql: `toInt64(floor(at / ${sqlInteger(bucketMs)})) AS bucket`, name: 'bucket' },
        { sql: 'ifNull(ll, 0) AS level', name: 'level' },
      ]);
      return { rows: counted, scan: await progress(view, undefined, bound) };
    },
    /** The facets' sample of a view holding a term no index answers: its newest `limit` matches within the scan's
     * budget, counted here, and how far that read (docs/facets.md#counting). */
    async scannedFacetSample(filter: LogFilter, limit: number, scanRows = SCAN_ROWS): Promise<FacetSample> {
      const { view, bound, plan, from } = await scanWindow(filter, undefined, scanRows);
      const found = await matchingRows<FacetRow>(
        rows,
        plan,
        { select: FACET_COLUMNS, from, order: NEWEST_FIRST, after: olderThan },
        limit,
        MAX_STEP,
      );
      const counts = new Map<string, FacetSample['rows'][number]>();
      for (const row of found) {
        const key = JSON.stringify([row.level, row.tag, row.file, row.session]);
        const seen = counts.get(key);
        if (seen) seen.n++;
        else counts.set(key, { level: row.level, tag: row.tag, file: row.file, session: row.session, n: 1 });
      }
      // Enough matches before the window's end: the scan read down to the last of them.
      const last = found.length >= limit ? found.at(-1) : undefined;
      return {
        rows: [...counts.values()],
        complete: bound === undefined && found.length < limit,
        scan: await progress(view, last && { at: last.at, id: last.id }, bound),
      };
    },
  };
}
