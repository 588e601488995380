// The facets of a view (docs/facets.md): its newest SAMPLE logs counted by level, tag, file and session in the store,
// the sessions' device, app version and language then counting the logs of their sessions. Exact when the view
// holds fewer logs than that, and marked as a sample when not, but for the levels, then counted as the histogram
// counts them. At most TOP values a facet.
import type { FacetValue, LogFacets } from '../../explorer-contract/api.types.ts';
import { LOG_LEVEL_NAMES } from '../../explorer-contract/log-filters.ts';
import type { ExplorerQueries, LogFilter, SessionFacts } from '../stores/explorer-queries.types.ts';
import { keyFacets } from './key-facets.ts';
import { logVolume } from './volume.ts';

const TOP = 10;
/** How many of a view's newest logs the facets count (docs/facets.md#counting). */
export const SAMPLE = 50_000;
/** How long a sample by common words (SQLite) reads at most: past it, the logs found so far are the sample. */
const SAMPLE_WITHIN_MS = 250;
/** Sessions beyond this many (the most active first) are left out of the device, version and language counts. */
const SESSIONS = 20_000;

/** The `top` largest counts of `counts`, largest first, ties in value order. */
function largest(counts: Map<string, number>, labels: Map<string, string> = new Map()): FacetValue[] {
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP)
    .map(([value, count]) => (labels.has(value) ? { value, count, label: labels.get(value)! } : { value, count }));
}

/** Adds `n` to `value`'s count; no value (null, empty) is not a value of the facet. */
function add(counts: Map<string, number>, value: string | number | null, n: number): void {
  if (value === null || value === '') return;
  const key = String(value);
  counts.set(key, (counts.get(key) ?? 0) + n);
}

export async function logFacets(
  queries: ExplorerQueries,
  filter: LogFilter,
  { sample = SAMPLE, within = SAMPLE_WITHIN_MS } = {},
): Promise<LogFacets> {
  const { rows, complete, scan } = await queries.facetSample(filter, sample, within);
  const levels = new Map<string, number>();
  const tags = new Map<string, number>();
  const files = new Map<string, number>();
  const bySession = new Map<string, number>();
  let counted = 0;
  for (const row of rows) {
    add(levels, row.level, row.n);
    add(tags, row.tag, row.n);
    add(files, row.file, row.n);
    add(bySession, row.session, row.n);
    counted += row.n;
  }
  // Past the sample, the levels are every log's, as the histogram beside them counts them (the rollup, or one
  // GROUP BY): "261 errors" beside a histogram of 1,273 read as a wrong count, not a sample. Not for a scanned
  // view: its histogram is a scan of its own, as long again, and the counts say how far the sample's scan read.
  const everyLevel = !complete && !scan;
  if (everyLevel) {
    levels.clear();
    for (const bucket of (await logVolume(queries, filter)).buckets)
      bucket.levels.forEach((n, level) => (n > 0 ? add(levels, level, n) : undefined));
  }
  const sessions = [...bySession].sort(([, m], [, n]) => n - m).slice(0, SESSIONS);
  const facts = new Map<number, SessionFacts>(
    (
      await queries.sessionFacts(
        filter.appKey,
        sessions.map(([id]) => Number(id)),
      )
    ).map((row) => [row.id, row]),
  );
  const device = new Map<string, number>();
  const names = new Map<string, string>();
  const version = new Map<string, number>();
  const language = new Map<string, number>();
  for (const [id, n] of sessions) {
    const session = facts.get(Number(id));
    if (!session) continue;
    add(device, session.udid, n);
    if (session.device_name) names.set(session.udid, session.device_name);
    add(version, session.version, n);
    add(language, session.language, n);
  }
  return {
    ...(!complete && { sampled: counted }),
    ...(everyLevel && { everyLevel: true as const }),
    ...(scan && !scan.complete && { scan }),
    level: [...levels]
      .map(([value, count]) => ({ value: LOG_LEVEL_NAMES[Number(value)] ?? value, count }))
      .sort((a, b) => b.count - a.count),
    tag: largest(tags),
    file: largest(files),
    device: largest(device, names),
    version: largest(version),
    language: largest(language),
    keys: await keyFacets(queries, filter.appKey, device, TOP),
    devices: device.size,
    sessions: bySession.size,
  };
}
