// The explorer's aggregates over a million logs, for `npm run bench:explorer`: the histogram (…/logs/volume), the
// facets (…/logs/facets) and the count (…/logs/count) of a view, timed over HTTP as the page asks, on a service
// already running on a seeded store. The first answer is shown apart (the cold one a person waits for); the rounds
// after it give the median and the slowest.
import { appIdOf } from '../server/stores/app-id.ts';

/** The cases, for logs seeded over `span` ms from `start`: a range of ten minutes a third of the way whose ends fall
 * inside a second, a minute and an hour, so that the rollup's edges are read (docs/volume-and-counts.md#the-rollup). */
export function aggregateCases(start: number, span: number): [string, string, Record<string, string>][] {
  const from = new Date(start + Math.floor(span / 3) + 12_345.678).toISOString();
  const to = new Date(start + Math.floor(span / 3) + 612_345.321).toISOString();
  return [
    ['histogram: no filter', 'volume', {}],
    ['histogram: level error (about 5 %)', 'volume', { level: 'error' }],
    ['histogram: ten minutes, ends inside a second', 'volume', { from, to }],
    ['histogram: a common word (1 in 6)', 'volume', { q: 'payment' }],
    ['histogram: tag net (1 in 8)', 'volume', { tag: 'net' }],
    ['facets: no filter', 'facets', {}],
    ['facets: tag net (1 in 8)', 'facets', { tag: 'net' }],
    ['facets: a common word (1 in 6)', 'facets', { q: 'payment' }],
    ['count: no filter', 'count', {}],
    ['count: ten minutes, ends inside a second', 'count', { from, to }],
    ['count: level fatal (about 0.1 %)', 'count', { level: 'fatal' }],
    ['count: tag net (1 in 8; stops at 100,000)', 'count', { tag: 'net' }],
    // Fields parsed from the text (docs/explorer.md#parsed-fields): read within the scan's budget of 200,000 logs.
    ['parsed: histogram of @status>=500', 'volume', { q: '@status>=500' }],
    ['parsed: count of @status>=500', 'count', { q: '@status>=500' }],
    ['parsed, none: histogram of @status:999', 'volume', { q: '@status:999' }],
    // A fragment's histogram and count: within the scan's budget, as its page.
    ['fragment: histogram of *xotic*', 'volume', { q: '*xotic*' }],
    ['fragment: count of *xotic*', 'count', { q: '*xotic*' }],
    ['fragment: count of order *ayment*', 'count', { q: 'order *ayment*' }],
    // Facets of a view no index answers: within the scan's budget too (docs/facets.md#counting).
    ['parsed: facets of @status>=500', 'facets', { q: '@status>=500' }],
    ['facets: a rare fragment (*xotic*)', 'facets', { q: '*xotic*' }],
    // Counts by a field (docs/volume-and-counts.md#counts-by-a-field): one GROUP BY over the view.
    ['parsed: split by tag (every log)', 'split', { by: 'tag' }],
    ['parsed: split by @status (every log)', 'split', { by: '@status' }],
    ['parsed: split by @status, ten minutes', 'split', { by: '@status', from, to }],
    ['parsed: split by @event of tag js_event', 'split', { by: '@event', tag: 'js_event' }],
  ];
}

/** What an aggregate's answer says of how much it counted: how far its scan read, the facets' sample, or the
 * refusal (a 422 TOO_COSTLY is a figure of the bench, not a reason to stop it). */
function says(status: number, body: string): string {
  if (status !== 200) return `${status}`;
  const answer = JSON.parse(body) as {
    scan?: { scanned: number; scannedTo: number | null; complete: boolean };
    sampled?: number;
  };
  const { scan } = answer;
  if (scan && !scan.complete && scan.scannedTo !== null)
    return `searched back to ${new Date(scan.scannedTo).toISOString()} (${scan.scanned.toLocaleString('en')} logs)`;
  if (scan) return `complete (${scan.scanned.toLocaleString('en')} read)`;
  if (answer.sampled !== undefined) return `the newest ${answer.sampled.toLocaleString('en')}`;
  return '—';
}

/** The first, median and slowest milliseconds of each case, in their order, and what its last answer said. */
export async function measureAggregates(
  serviceUrl: string,
  cookie: string,
  app: string,
  rounds: number,
  cases: [string, string, Record<string, string>][],
): Promise<{ first: number; median: number; max: number; says: string }[]> {
  const results: { first: number; median: number; max: number; says: string }[] = [];
  for (const [, path, params] of cases) {
    const url = `${serviceUrl}/sidelog/explorer/api/apps/${appIdOf(app)}/logs/${path}?${new URLSearchParams(params)}`;
    const times: number[] = [];
    let first = 0;
    let said = '';
    for (let round = 0; round <= rounds; round++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { Cookie: cookie } });
      const body = await response.text();
      if (round > 0) times.push(performance.now() - started);
      else first = performance.now() - started;
      said = says(response.status, body);
    }
    times.sort((a, b) => a - b);
    results.push({ first, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, says: said });
  }
  return results;
}
