// The facets of a view (docs/facets.md): its logs counted by level, tag and file in the store, and by session, whose
// device, app version and language then count the logs of their sessions. At most TOP values a facet.
import type { FacetValue, LogFacets } from '../../explorer-contract/api.types.ts';
import { LOG_LEVEL_NAMES } from '../../explorer-contract/log-filters.ts';
import type { ExplorerQueries, LogFilter, SessionFacts } from '../explorer-queries.types.ts';
import { keyFacets } from './key-facets.ts';

export const TOP = 10;
/** Sessions beyond this many (the most active first) are left out of the device, version and language counts. */
const SESSIONS = 20_000;

/** The `top` largest counts of `counts`, largest first, ties in value order. */
function largest(counts: Map<string, number>, labels: Map<string, string> = new Map()): FacetValue[] {
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP)
    .map(([value, count]) => (labels.has(value) ? { value, count, label: labels.get(value)! } : { value, count }));
}

export async function logFacets(queries: ExplorerQueries, filter: LogFilter): Promise<LogFacets> {
  const counted = async (by: 'level' | 'tag' | 'file') =>
    new Map(
      (await queries.groupCounts(filter, by, by === 'level' ? 6 : TOP + 1))
        .filter((row) => row.value !== null && row.value !== '')
        .map((row) => [String(row.value), row.n]),
    );
  const [levels, tags, files, bySession] = await Promise.all([
    counted('level'),
    counted('tag'),
    counted('file'),
    queries.groupCounts(filter, 'session', SESSIONS),
  ]);
  const facts = new Map<number, SessionFacts>(
    (
      await queries.sessionFacts(
        filter.appKey,
        bySession.map((row) => Number(row.value)),
      )
    ).map((row) => [row.id, row]),
  );
  const device = new Map<string, number>();
  const names = new Map<string, string>();
  const version = new Map<string, number>();
  const language = new Map<string, number>();
  const add = (counts: Map<string, number>, value: string | null, n: number) => {
    if (value !== null && value !== '') counts.set(value, (counts.get(value) ?? 0) + n);
  };
  for (const { value, n } of bySession) {
    const session = facts.get(Number(value));
    if (!session) continue;
    add(device, session.udid, n);
    if (session.device_name) names.set(session.udid, session.device_name);
    add(version, session.version === null ? null : String(session.version), n);
    add(language, session.language, n);
  }
  return {
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
    sessions: bySession.length,
  };
}
