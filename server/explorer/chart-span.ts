// The span a chart of a view's logs draws, the histogram's and a split's (docs/volume-and-counts.md#a-wrong-clock):
// the view's `from` and `to` where it names them, else its first and last log. A log keeps the time its device gave
// it (the dedupe key holds it), and a device whose clock was reset, or a client that sends seconds where milliseconds
// are due, dates logs in 1970; one such log among a day's would stretch the bars over 56 years, the day's logs in one
// bar. So an end the view does not name leaves out the logs dated before 2000 or more than a day past the service's
// clock, when the view holds logs dated between, and says so; with none between, the chart spans every log as before.
import type { ChartLeftOut } from '../../explorer-contract/api.types.ts';
import { splitScanned } from '../stores/explorer-queries.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';

/** Before it, a log's date is taken for a wrong clock's: no browser or phone that sends logs here logged then. */
export const CHART_FROM = Date.UTC(2000, 0, 1);
/** Past the service's clock by more than this, likewise (a day: more than any time zone written as UTC is off). */
export const CHART_AHEAD_MS = 24 * 60 * 60 * 1000;

export interface ChartSpan {
  /** The first and last time the bars cover (a range's `to` is exclusive: its last millisecond). */
  first: number;
  last: number;
  leftOut?: ChartLeftOut;
}

/** The filter whose logs' ends a chart of `filter` spans: a fragment's view spans its narrowed view's range, since
 * finding its own ends would read every log without a budget. */
function spanFilterOf(filter: LogFilter): LogFilter {
  const split = filter.search && splitScanned(filter.search);
  return split && split.scanned.groups.length > 0 ? { ...filter, search: split.narrowing } : filter;
}

/** `filter`'s chart span; undefined when it holds no log. */
export async function chartSpan(
  queries: Pick<ExplorerQueries, 'timeSpan'>,
  filter: LogFilter,
  now = Date.now(),
): Promise<ChartSpan | undefined> {
  const spanFilter = spanFilterOf(filter);
  const span = await queries.timeSpan(spanFilter);
  if (!span) return undefined;
  const named = (first: number, last: number): ChartSpan => ({
    first: filter.from ?? first,
    last: filter.to !== undefined ? Math.max(filter.from ?? first, filter.to - 1) : last,
  });
  const ahead = now + CHART_AHEAD_MS;
  const early = filter.from === undefined && span.first < CHART_FROM;
  const late = filter.to === undefined && span.last > ahead;
  if (!early && !late) return named(span.first, span.last);
  const between = await queries.timeSpan({
    ...spanFilter,
    ...(early && { from: CHART_FROM }),
    ...(late && { to: ahead + 1 }),
  });
  if (!between) return named(span.first, span.last);
  return {
    ...named(between.first, between.last),
    leftOut: { ...(early && { before: span.first }), ...(late && { after: span.last }) },
  };
}
