// The facets of a view holding a term no index answers (a fragment, a parsed field) count the matches among the logs
// its scan reads, within the scan's budget, and say how far back that read (docs/facets.md#counting), on both stores:
// on PostgreSQL they were one statement over every log of the view, refused as too costly over a million. The budget is
// forced small (scanRows), so that 30 logs reach it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LogFacets } from '../../../explorer-contract/api.types.ts';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import type { ExplorerQueries } from '../../../server/stores/explorer-queries.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { logsAMillisecond } from './logs-a-millisecond.ts';
import { signedInExplorer } from './signed-in-explorer.ts';
import { openTestStore, LOG_STORE_KINDS } from './test-databases.ts';

const APP = 'scan-facets-app';
const START = Date.UTC(2026, 10, 1);
const LOGS = 30;
/** Log i (0 the oldest): "partner" in the two oldest, else "line i"; an error every third, else info; tag net for the
 * even ones. */
const text = (i: number) => (i < 2 ? `partner signed in ${i}` : `line ${i}`);
const level = (i: number) => (i % 3 === 0 ? 2 : 4) as LogLevel;
const tag = (i: number) => (i % 2 === 0 ? 'net' : 'ui');

describe.each(LOG_STORE_KINDS)('the facets of a scanned view on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  let session: number;
  const filterOf = (q: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) });

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    session = await logsAMillisecond(store, APP, { count: LOGS, start: START }, (i) => ({
      t: text(i),
      ll: level(i),
      tg: tag(i),
    }));
  });
  afterAll(() => close());

  test('the sample counts the matches among the logs its budget read, and says how far back', async () => {
    // The newest 10 (logs 20 to 29): errors 21, 24, 27 (net 24), info the other 7 (net 20, 22, 26, 28).
    const sample = await store.explorer.facetSample(filterOf('*ine*'), 50_000, Infinity, 10);
    expect(sample.complete).toBe(false);
    expect(sample.scan).toEqual({ scanned: 10, scannedTo: START + 20, complete: false });
    const rows = sample.rows.map(({ level, tag, file, n }) => ({ level, tag, file, n }));
    expect(rows.sort((a, b) => a.level - b.level || a.tag!.localeCompare(b.tag!))).toEqual([
      { level: 2, tag: 'net', file: null, n: 1 },
      { level: 2, tag: 'ui', file: null, n: 2 },
      { level: 4, tag: 'net', file: null, n: 4 },
      { level: 4, tag: 'ui', file: null, n: 3 },
    ]);
    expect(sample.rows.every((row) => row.session === session)).toBe(true);
  });

  test('within its budget the sample is every match, exact', async () => {
    const sample = await store.explorer.facetSample(filterOf('*artner*'), 50_000, Infinity, 1_000);
    expect(sample).toMatchObject({ complete: true, scan: { scanned: LOGS, scannedTo: START, complete: true } });
    expect(sample.rows.map(({ level, n }) => ({ level, n })).sort((a, b) => a.level - b.level)).toEqual([
      { level: 2, n: 1 },
      { level: 4, n: 1 },
    ]);
  });

  test('through the API: 200 with the counts of what the budget read, the levels among them, and how far back', async () => {
    // The service's queries with a budget of 10 logs (SIDELOG_SCAN_ROWS=10).
    const queries: ExplorerQueries = {
      ...store.explorer,
      facetSample: (filter, limit, within) => store.explorer.facetSample(filter, limit, within, 10),
    };
    const get = await signedInExplorer(store, queries, APP);
    const facets = async (q: string) => {
      const answer = await get(`/logs/facets?q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      return (await answer.json()) as LogFacets;
    };
    const lines = await facets('*ine*');
    expect(lines).toMatchObject({
      sampled: 10,
      scan: { scanned: 10, scannedTo: START + 20, complete: false },
      level: [
        { value: 'info', count: 7 },
        { value: 'error', count: 3 },
      ],
      tag: [
        { value: 'net', count: 5 },
        { value: 'ui', count: 5 },
      ],
      sessions: 1,
    });
    expect(lines).not.toHaveProperty('everyLevel');
    // A fragment only the oldest logs hold: none among the 10 read, and the answer says so rather than refusing.
    expect(await facets('*artner*')).toMatchObject({ sampled: 0, scan: { scanned: 10 }, level: [], tag: [] });
  });
});
