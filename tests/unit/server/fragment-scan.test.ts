// A search holding a fragment reads the view's logs newest first, a budget of them a page (docs/explorer.md#fragments):
// narrowed first by the query's words and the filters, it says how far it read when the budget ends first, and going
// on from its `next` ("search further") finds the rest; its count is exact where the scan covered the view, and says
// "at least" where it did not. The budget is injected small (scanRows), on both stores.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import { decodeCursor } from '../../../server/stores/explorer-queries.ts';
import type { LogCursor, LogPage } from '../../../server/stores/explorer-queries.types.ts';
import type { LogCount, LogVolume } from '../../../explorer-contract/api.types.ts';
import { logVolume } from '../../../server/explorer/volume.ts';
import type { ExplorerQueries } from '../../../server/stores/explorer-queries.types.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { logsAMillisecond } from './logs-a-millisecond.ts';
import { signedInExplorer } from './signed-in-explorer.ts';
import { RECENT_START } from './recent-start.ts';
import { LOG_STORE_KINDS, openTestStore } from './test-databases.ts';

const APP = 'fragment-scan-app';
const START = RECENT_START;
const LOGS = 30;
/** Log i (0 the oldest): "partner" in the two oldest; "even" in every other; errors every third. */
const text = (i: number) => `${i < 2 ? 'partner signed in' : `line ${i}`} ${i % 2 === 0 ? 'even' : 'odd'}`;
const level = (i: number) => (i % 3 === 0 ? 2 : 4) as LogLevel;

describe.each(LOG_STORE_KINDS)('a fragment on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const filterOf = (q: string, more = '') => ({
    appKey: APP,
    ...parseLogFilters(new URLSearchParams(`q=${encodeURIComponent(q)}${more}`)),
  });
  const page = (q: string, scanRows: number, before?: LogCursor, more = '') =>
    store.explorer.logs(filterOf(q, more), { limit: 10, scanRows, before });
  /** Every page from the newest, going on from each page's `next`. */
  async function allPages(q: string, scanRows: number, more = ''): Promise<LogPage[]> {
    const pages = [await page(q, scanRows, undefined, more)];
    while (pages.at(-1)!.next) pages.push(await page(q, scanRows, decodeCursor(pages.at(-1)!.next!), more));
    return pages;
  }

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await logsAMillisecond(store, APP, { count: LOGS, start: START }, (i) => ({ t: text(i), ll: level(i) }));
  });
  afterAll(() => close());

  test('past the budget the page says how far it read, and searching further finds the rest', async () => {
    const first = await page('*artner*', 10);
    expect(first).toMatchObject({
      logs: [],
      scan: { scanned: 10, scannedTo: START + LOGS - 10, complete: false },
    });
    expect(first.next).not.toBeNull();
    const pages = await allPages('*artner*', 10);
    expect(pages.flatMap((p) => p.logs.map((log) => log.t))).toEqual([text(1), text(0)]);
    expect(pages.reduce((sum, p) => sum + p.scan!.scanned, 0)).toBe(LOGS);
    expect(pages.at(-1)!.scan!.complete).toBe(true);
  });

  test('within the budget the page is complete and exact', async () => {
    expect(await page('*artner*', 1_000)).toMatchObject({
      logs: [{ t: text(1) }, { t: text(0) }],
      next: null,
      scan: { scanned: LOGS, scannedTo: START, complete: true },
    });
  });

  test('the words of the query and its filters narrow the logs read before the fragment is tested', async () => {
    // 15 logs hold "even": the scan reads those, not the 30.
    const even = await page('even *ine*', 1_000);
    expect(even.logs.map((log) => log.t)).toEqual(Array.from({ length: 10 }, (_, k) => `line ${28 - 2 * k} even`));
    expect(even.scan).toEqual({ scanned: 15, scannedTo: START, complete: true });
    // 10 logs are errors.
    const errors = await page('*ine*', 1_000, undefined, '&level=error');
    expect(errors.logs).toHaveLength(9);
    expect(errors.scan!.scanned).toBe(10);
    // A fragment in an OR beside a word narrows nothing: the group is tested on every log read.
    const either = await allPages('even OR *artner*', 1_000);
    expect(either.flatMap((p) => p.logs).length).toBe(16);
  });

  test('a file, method or URL value is scanned the same way', async () => {
    const pages = await allPages('file:app', 7);
    expect(pages.flatMap((p) => p.logs)).toEqual([]);
    expect(pages.reduce((sum, p) => sum + p.scan!.scanned, 0)).toBe(LOGS);
  });

  test('the count is exact where the scan read the whole view, and at least where it did not', async () => {
    expect(await store.explorer.scanCount(filterOf('*ine*'), 100_000)).toEqual({
      count: 28,
      scan: { scanned: LOGS, scannedTo: START, complete: true },
    });
    expect(await store.explorer.scanCount(filterOf('*ine*'), 100_000, 10)).toEqual({
      count: 10,
      scan: { scanned: 10, scannedTo: START + LOGS - 10, complete: false },
    });
    expect(await store.explorer.scanCount(filterOf('*artner* even'), 100_000, 1_000)).toMatchObject({
      count: 1,
      scan: { scanned: 15, complete: true },
    });
  });

  test('the volume counts the logs the scan read: all of them within the budget, the newest past it', async () => {
    const sum = (rows: { n: number }[]) => rows.reduce((total, row) => total + row.n, 0);
    const whole = await logVolume(store.explorer, filterOf('*ine*'));
    expect(whole.scan).toEqual({ scanned: LOGS, scannedTo: START, complete: true });
    expect(whole.buckets.reduce((total, bucket) => total + sum(bucket.levels.map((n) => ({ n }))), 0)).toBe(28);
    const newest = await store.explorer.scanVolume(filterOf('*ine*'), 1000, 10);
    expect(sum(newest.rows)).toBe(10);
    expect(newest.scan).toEqual({ scanned: 10, scannedTo: START + LOGS - 10, complete: false });
  });

  test('through the API: the page past the budget answers 200 with how far it read, `before` its next searches further, the count says at least', async () => {
    // The service's queries with a budget of 10 logs.
    const queries: ExplorerQueries = {
      ...store.explorer,
      logs: (filter, options) => store.explorer.logs(filter, { ...options, scanRows: 10 }),
      scanCount: (filter, cap) => store.explorer.scanCount(filter, cap, 10),
      scanVolume: (filter, bucketMs) => store.explorer.scanVolume(filter, bucketMs, 10),
    };
    const request = await signedInExplorer(store, queries, APP);
    const get = async <T>(path: string) => {
      const answer = await request(path);
      expect(answer.status, path).toBe(200);
      return (await answer.json()) as T;
    };
    const q = encodeURIComponent('*artner*');
    let answer = await get<LogPage>(`/logs?q=${q}`);
    expect(answer).toMatchObject({ logs: [], scan: { scanned: 10, complete: false } });
    const found: string[] = [];
    while (answer.next) {
      answer = await get<LogPage>(`/logs?q=${q}&before=${encodeURIComponent(answer.next)}`);
      found.push(...answer.logs.map((log) => log.t!));
    }
    expect(found).toEqual([text(1), text(0)]);
    expect(await get<LogCount>(`/logs/count?q=${q}`)).toMatchObject({
      count: 0,
      capped: true,
      scan: { scanned: 10, complete: false },
    });
    const volume = await get<LogVolume>(`/logs/volume?q=${q}`);
    expect(volume.scan).toMatchObject({ scanned: 10, complete: false });
  });
});
