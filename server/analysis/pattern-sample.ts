// Patterns of the current query's lines (docs/explorer.md#patterns): a bounded sample of the range, spread over
// it in time, grouped by Drain (server/analysis/drain.ts), with counts, first and last seen, and which patterns the
// range before had none of. Read through the explorer's queries (the same filters as the stream, on either store).
import type { LogPattern, PatternSample, PatternsAnswer } from '../../explorer-contract/insight.types.ts';
import type { ExplorerLog, ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';
import { createDrain, templateOf } from './drain.ts';
import { patternSearch } from './terms.ts';

/** The range is cut into SLICES equal parts and the newest PER_SLICE lines of each are read: at most 10,000 lines,
 * spread over the whole range however its lines are spread, each read by the stream's own index walk. */
const SLICES = 20;
const PER_SLICE = 500;
/** Patterns answer for the last hour when the query names no range. */
const DEFAULT_RANGE_MS = 60 * 60 * 1000;
const MAX_PATTERNS = 200;
const EXAMPLE_CHARS = 300;

async function sample(
  queries: ExplorerQueries,
  filter: LogFilter,
  from: number,
  to: number,
): Promise<PatternSample & { lines: ExplorerLog[] }> {
  const edge = (i: number) => (i === SLICES ? to : from + Math.floor(((to - from) * i) / SLICES));
  const pages = await Promise.all(
    Array.from({ length: SLICES }, (_, i) =>
      queries.logs({ ...filter, from: edge(i), to: edge(i + 1) }, { limit: PER_SLICE }),
    ),
  );
  const lines = pages.flatMap((page) => page.logs).sort((a, b) => a.at - b.at || a.id - b.id);
  return { from, to, sampled: lines.length, complete: pages.every((page) => page.next === null), lines };
}

/** The range of the query: its own `from` and `to`, else the hour before `to` (or before now). */
export function patternRange(filter: LogFilter, now: number): { from: number; to: number } {
  const to = filter.to ?? now;
  return { from: filter.from ?? to - DEFAULT_RANGE_MS, to };
}

export async function findPatterns(
  queries: ExplorerQueries,
  filter: LogFilter,
  now = Date.now(),
): Promise<PatternsAnswer> {
  const { from, to } = patternRange(filter, now);
  const [current, previous] = await Promise.all([
    sample(queries, filter, from, to),
    sample(queries, filter, from - (to - from), from),
  ]);
  // The range before goes in first: a line of the range that is like one of it joins that line's group, not a new one.
  const drain = createDrain();
  const before = new Set<number>();
  for (const log of previous.lines) before.add(drain.add(log.t ?? '').id);
  const seen = new Map<number, { count: number; first: number; last: number; example: string; tag: string | null }>();
  for (const log of current.lines) {
    const { id } = drain.add(log.t ?? '');
    const stats = seen.get(id);
    if (stats) {
      stats.count++;
      stats.last = log.at;
    } else
      seen.set(id, {
        count: 1,
        first: log.at,
        last: log.at,
        example: (log.t ?? '').slice(0, EXAMPLE_CHARS),
        tag: log.tg ?? null,
      });
  }
  const groups = drain.groups();
  const patterns: LogPattern[] = [...seen].map(([id, stats]) => {
    const template = templateOf(groups[id]!);
    return {
      template,
      count: stats.count,
      share: stats.count / current.sampled,
      first_seen: stats.first,
      last_seen: stats.last,
      // With nothing before to compare with, nothing is called new.
      is_new: previous.sampled > 0 && !before.has(id),
      example: stats.example,
      example_tag: stats.tag,
      words: patternSearch(template),
    };
  });
  patterns.sort((a, b) => b.count - a.count || a.first_seen - b.first_seen);
  const { lines: _current, ...range } = current;
  const { lines: _previous, ...previousRange } = previous;
  return { ...range, previous: previousRange, patterns: patterns.slice(0, MAX_PATTERNS) };
}
