// The explorer's aggregates over a million logs, for `npm run bench:explorer`: the histogram (…/logs/volume), the
// facets (…/logs/facets) and the count (…/logs/count) of a view, timed over HTTP as the page asks, on a service
// already running on a seeded store. The first round warms the caches and is not counted.
import { appIdOf } from '../server/app-id.ts';

export const AGGREGATE_CASES: [string, string, Record<string, string>][] = [
  ['histogram: no filter', 'volume', {}],
  ['histogram: level error (about 5 %)', 'volume', { level: 'error' }],
  ['histogram: a common word (1 in 6)', 'volume', { q: 'payment' }],
  ['facets: no filter', 'facets', {}],
  ['facets: tag net (1 in 8)', 'facets', { tag: 'net' }],
  ['count: no filter (stops at 100,000)', 'count', {}],
  ['count: level fatal (about 0.1 %)', 'count', { level: 'fatal' }],
];

/** The median and slowest milliseconds of each case, in AGGREGATE_CASES' order. */
export async function measureAggregates(
  serviceUrl: string,
  cookie: string,
  app: string,
  rounds: number,
): Promise<{ median: number; max: number }[]> {
  const results: { median: number; max: number }[] = [];
  for (const [name, path, params] of AGGREGATE_CASES) {
    const url = `${serviceUrl}/sidelog/explorer/api/apps/${appIdOf(app)}/logs/${path}?${new URLSearchParams(params)}`;
    const times: number[] = [];
    for (let round = 0; round <= rounds; round++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${name}: ${response.status} ${body.slice(0, 200)}`);
      if (round > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    results.push({ median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! });
  }
  return results;
}
