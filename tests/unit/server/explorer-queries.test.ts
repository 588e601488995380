// The explorer's query layer over a real SQLite database, a real PostgreSQL one and SQLite with its logs in ClickHouse
// (18.16's server and chdb's 26.7), the same tests on each: keyset
// pages that cover the stream exactly once, in time order, under each filter and their combination, and search
// with rare and with common words; the histogram's buckets and the count; the tail, exact on PostgreSQL whatever
// order batches commit in.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { decodeCursor } from '../../../server/stores/explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries, LogFilter } from '../../../server/stores/explorer-queries.types.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { logFacets } from '../../../server/explorer/facets.ts';
import { logVolume } from '../../../server/explorer/volume.ts';
import { createTestDatabase, LOG_STORE_KINDS, openTestStore, type TestDatabase } from './test-databases.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { LIST_TEXT_CHARS } from '../../../explorer-contract/api.types.ts';
import { SILENCE_DAYS, WINDOW_DAY, windowLogs, windowLogTimes } from './window-logs.ts';
import { RECENT_START } from './recent-start.ts';

/** A search as the API gives it to the stores: typed, and parsed. */
const searching = (q: string) => ({ q, search: parseSearchQuery(q) });

const APP = 'queries-app';
const COUNT = 12_000;
/** The seeded logs are one a millisecond from here: a minute ago, as a live app's are. On ClickHouse a read then finds
 * them in its newest time window, where dated a month back each page, count and facet first probed back for them (107
 * probes of 14 ranges: 4.6 s of chdb's and 2.7 s of 18.16's server's); the windows' own cases are the logs far apart
 * in time below, which keep theirs (docs/testing.md#the-seventh-pass). */
const START = RECENT_START;
/** The URL of one log only. */
const URL_OF_ONE = 'https://shop.example/one';
describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let store: Store;
  let closeStore: () => Promise<void>;
  let database: TestDatabase;
  let queries: ExplorerQueries;
  /** Every seeded log, newest first: what the filters are checked against. */
  let everything: ExplorerLog[];

  beforeAll(async () => {
    ({ store, database, close: closeStore } = await openTestStore(kind));
    await store.putApp(APP, true);
    await store.putApp('other-app', true);
    await seedLogs(store, {
      appKey: APP,
      logs: COUNT,
      start: START,
      sessions: 6,
      special: new Map([
        [4321, { t: 'the needle in the haystack' }],
        [4322, { u: URL_OF_ONE }],
      ]),
    });
    // Another app's logs never show in this one's.
    await seedLogs(store, { appKey: 'other-app', logs: 300, sessions: 1, start: START });
    await store.setDeviceKey(APP, 'device-1', 'plan', 'gold');
    queries = store.explorer;
    everything = await readAll({ appKey: APP }, 10_000);
  });
  afterAll(() => closeStore());

  /** Follows the `next` cursors to the end, or to the first below `above`. */
  async function readAll(filter: LogFilter, limit = 250, above = -Infinity): Promise<ExplorerLog[]> {
    const all: ExplorerLog[] = [];
    let before;
    for (;;) {
      const page = await queries.logs(filter, { before, limit, cut: true });
      expect(page.logs.length).toBeLessThanOrEqual(limit);
      all.push(...page.logs);
      if (!page.next) return all;
      before = decodeCursor(page.next)!;
      if (before.at < above) return all;
    }
  }

  const newestFirst = (a: ExplorerLog, b: ExplorerLog) => b.at - a.at || b.id - a.id;
  /** What `*pay*` matches: "pay" anywhere in a log's text, file, method, URL or tag. */
  const holdsPay = (log: ExplorerLog) =>
    [log.t, log.f, log.m, log.u, log.tg].some((value) => value?.toLowerCase().includes('pay'));

  describe('keyset pages', () => {
    test('cover every log of the app once, newest first', async () => {
      expect(everything).toHaveLength(COUNT);
      expect(new Set(everything.map((log) => log.id)).size).toBe(COUNT);
      expect(everything).toEqual([...everything].sort(newestFirst));
      // Pages of 997 against the 10,000 `everything` was read in: 12 cursors followed, each at another offset (pages of
      // 97, 123 of them, were 1.9 s of chdb's and 1.4 s of ClickHouse's and proved no more: the logs hold no ties).
      expect(await readAll({ appKey: APP }, 997)).toEqual(everything);
    });

    test('a page ends with no cursor when nothing is left', async () => {
      expect(await queries.logs({ appKey: APP, session: 'no-such-session' }, { limit: 10 })).toEqual({
        logs: [],
        next: null,
      });
    });
  });

  // Logs hours and days apart, ties on the edge of ClickHouse's newest time window and a page across it, pages from
  // cursors in the middle (server/stores/clickhouse/time-windows.ts): every store reads them alike.
  describe('logs far apart in time', () => {
    const FAR_APP = 'far-app';
    // A whole second: as a view's `to`, the newest window's edge falls on the ties (window-logs.ts).
    const top = Math.floor(Date.now() / 1000) * 1000;
    let far: ExplorerLog[];

    beforeAll(async () => {
      await store.putApp(FAR_APP, true);
      const logs = windowLogs(top);
      await seedLogs(store, {
        appKey: FAR_APP,
        logs: logs.length,
        sessions: 2,
        special: new Map(logs.map((log, i) => [i, log])),
      });
      far = await readAll({ appKey: FAR_APP }, 1_000);
    });

    test('one page holds every log once, newest first', () => {
      expect(far.map((log) => log.t).sort()).toEqual(
        windowLogs(top)
          .map((log) => log.t)
          .sort(),
      );
      expect(far.map((log) => log.at)).toEqual(windowLogTimes(top).sort((a, b) => b - a));
      expect(far).toEqual([...far].sort(newestFirst));
    });

    const views: [string, (top: number) => Omit<LogFilter, 'appKey'>, (log: ExplorerLog, top: number) => boolean][] = [
      ['every log', () => ({}), () => true],
      ['up to a time', (top) => ({ to: top }), (log, top) => log.at < top],
      ['the errors up to a time', (top) => ({ to: top, levels: [2] }), (log, top) => log.at < top && log.ll === 2],
      [
        'up to a time in a long silence',
        (top) => ({ to: top - (SILENCE_DAYS / 2) * WINDOW_DAY }),
        (log, top) => log.at < top - (SILENCE_DAYS / 2) * WINDOW_DAY,
      ],
      [
        'three days',
        (top) => ({ from: top - 3 * WINDOW_DAY, to: top }),
        (log, top) => log.at >= top - 3 * WINDOW_DAY && log.at < top,
      ],
    ];
    test.each(views)('%s: pages of any size give the same logs, each once', async (name, view, matches) => {
      const expected = far.filter((log) => matches(log, top));
      expect(expected.length).toBeGreaterThan(0);
      for (const limit of [1, 3, 7, 50]) {
        // From a cursor below the top, the every-log view's windows start at the cursor, as the up-to-a-time view's
        // do: its pages of 1 from there are that view's, read in its case. They stop at the first such cursor, past
        // the ties above the top that only they split (41 pages fewer, about 2 s of each ClickHouse engine's).
        const above = name === 'every log' && limit === 1 ? top : undefined;
        const read = await readAll({ appKey: FAR_APP, ...view(top) }, limit, above);
        const first = expected.findIndex((log) => log.at < top);
        expect(read).toEqual(above === undefined ? expected : expected.slice(0, first + 1));
      }
    });

    test.each(views)("%s: the time span is the oldest log's to the newest's", async (_, view, matches) => {
      const times = far.filter((log) => matches(log, top)).map((log) => log.at);
      expect(await queries.timeSpan({ appKey: FAR_APP, ...view(top) })).toEqual({
        first: Math.min(...times),
        last: Math.max(...times),
      });
    });
  });

  describe('filters', () => {
    const cases: [string, Omit<LogFilter, 'appKey'>, (log: ExplorerLog) => boolean][] = [
      ['one level', { levels: [2] }, (log) => log.ll === 2],
      ['levels', { levels: [1, 2] }, (log) => log.ll === 1 || log.ll === 2],
      ['one tag', { tags: ['net'] }, (log) => log.tg === 'net'],
      ['tags', { tags: ['net', 'ui'] }, (log) => log.tg === 'net' || log.tg === 'ui'],
      ['session', { session: 'session-2' }, (log) => log.session_uid === 'session-2'],
      ['device', { device: 'device-1' }, (log) => log.udid === 'device-1'],
      ['device key', { deviceKey: { key: 'plan', value: 'gold' } }, (log) => log.udid === 'device-1'],
      ['time range', { from: START + 100, to: START + 150 }, (log) => log.at >= START + 100 && log.at < START + 150],
      ['rare word', { ...searching('needle') }, (log) => /\bneedle\b/.test(log.t ?? '')],
      ['common word', { ...searching('payment') }, (log) => /\bpayment\b/.test(log.t ?? '')],
      ['a fragment', { ...searching('*pay*') }, holdsPay],
      ['a file', { files: ['app.ts'] }, (log) => log.f === 'app.ts'],
      ['not a tag', { exclude: { tags: ['net'] } }, (log) => log.tg !== 'net'],
      [
        'not these tags nor a device',
        { exclude: { tags: ['net', 'ui'], devices: ['device-1'] } },
        (log) => !['net', 'ui'].includes(log.tg!) && log.udid !== 'device-1',
      ],
      ['a level, not a tag', { levels: [2], exclude: { tags: ['cart'] } }, (log) => log.ll === 2 && log.tg !== 'cart'],
      ['a URL', { urls: [URL_OF_ONE] }, (log) => log.u === URL_OF_ONE],
      ['not a URL', { exclude: { urls: [URL_OF_ONE] } }, (log) => log.u !== URL_OF_ONE],
      [
        'all combined',
        { levels: [0, 4], tags: ['net', 'ui', 'cart'], ...searching('order'), device: 'device-1', from: START + 6000 },
        (log) =>
          [0, 4].includes(log.ll!) &&
          ['net', 'ui', 'cart'].includes(log.tg!) &&
          /\border\b/.test(log.t!) &&
          log.udid === 'device-1' &&
          log.at >= START + 6000,
      ],
    ];
    test.each(cases)('%s: exactly the matching logs, in order, across pages', async (_, filter, matches) => {
      const expected = everything.filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      // About four pages whatever the filter matches (at least 97 logs a page): three boundaries crossed where the
      // matches fill more than one, not up to 48 pages of 250 (the unfiltered stream's pages are read above).
      const limit = Math.max(97, Math.ceil(expected.length / 4));
      expect(await readAll({ appKey: APP, ...filter }, limit)).toEqual(expected);
    });

    // SQLite reads common words window by window; PostgreSQL has one plan.
    test.runIf(kind === 'sqlite')('a search reads the same whether its words count as rare or as common', async () => {
      const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
      for (const filter of [
        { ...searching('payment') },
        { ...searching('*pay*'), levels: [4] },
        { ...searching('order'), session: 'session-3' },
        // A scan narrowed by a common word: its steps walk the word's matches window by window.
        searching('payment -*100*'),
      ]) {
        const expected = await readAll({ appKey: APP, ...filter });
        expect(expected.length).toBeGreaterThan(100);
        let before;
        const all: ExplorerLog[] = [];
        do {
          const page = await windowed.logs({ appKey: APP, ...filter }, { before, limit: 100, cut: true });
          all.push(...page.logs);
          before = page.next ? decodeCursor(page.next) : undefined;
        } while (before);
        expect(all).toEqual(expected);
      }
    });

    test.runIf(kind === 'sqlite')(
      'a search read within a budget ends its pages early and goes on from where each stopped: the same logs',
      async () => {
        const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
        // A scan narrowed by a common word (1 log in 12, and *100* in few of its logs: its first window holds fewer than the step and the page ask for) ends its
        // step at the deadline after that window: the next page goes on from the oldest log the window read.
        const filters = [
          searching('payment'),
          { ...searching('order'), session: 'session-3' },
          searching('order *100*'),
        ];
        for (const filter of filters) {
          const expected = await readAll({ appKey: APP, ...filter });
          let before;
          let pages = 0;
          const all: ExplorerLog[] = [];
          do {
            // No time at all: every page ends after its first window.
            const page = await windowed.logs({ appKey: APP, ...filter }, { before, limit: 100, within: 0, cut: true });
            pages++;
            all.push(...page.logs);
            before = page.next ? decodeCursor(page.next) : undefined;
          } while (before);
          expect(all).toEqual(expected);
          expect(pages).toBeGreaterThan(Math.ceil(expected.length / 100));
        }
      },
    );

    // SQLite's scan beside a common word reads the other filters' logs window by window (word-window-steps.ts): its
    // first step asks for 500 of the word's logs (pageStep) and guesses the word is 1 log in 8, so its first window is
    // the newest 5,000 logs (with a margin of a quarter). With no time, the page ends after that window: "order" is 1
    // log in 12, so it read 417 of them, back to log 7,000 (the oldest that window read, no "order" in it), and
    // "search further" goes on from there.
    test.runIf(kind === 'sqlite')('a scan beside a common word with no time ends after its first window', async () => {
      const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
      const page = await windowed.logs({ appKey: APP, ...searching('order *100*') }, { limit: 100, within: 0 });
      expect(page.scan).toEqual({ scanned: 417, scannedTo: START + 7_000, complete: false });
      expect(decodeCursor(page.next!)!.at).toBe(START + 7_000);
      expect(page.logs.map((log) => log.t)).toEqual(
        everything
          .filter((log) => log.at > START + 7_000 && /\border\b/.test(log.t!) && log.t!.includes('100'))
          .map((log) => log.t),
      );
    });

    test('a device key no device has, and an empty search, match nothing', async () => {
      expect(await readAll({ appKey: APP, deviceKey: { key: 'plan', value: 'silver' } })).toEqual([]);
      expect(await readAll({ appKey: APP, ...searching('!!!') })).toEqual([]);
    });
  });

  // Before 'around and tail', whose late arrivals change the app's logs.
  describe('volume and count', () => {
    // What each filter matches is worked out from every log (the filters' own reads are checked above): paging
    // through the store for it again was most of these tests' time on ClickHouse (docs/testing.md#the-third-pass).
    const filters: [string, Omit<LogFilter, 'appKey'>, (log: ExplorerLog) => boolean][] = [
      ['every log', {}, () => true],
      [
        'levels and a word',
        { levels: [1, 2], ...searching('*pay*') },
        (log) => [1, 2].includes(log.ll!) && holdsPay(log),
      ],
      ['a range', { from: START + 2500, to: START + 7000 }, (log) => log.at >= START + 2500 && log.at < START + 7000],
      ['a device', { device: 'device-1', tags: ['net'] }, (log) => log.udid === 'device-1' && log.tg === 'net'],
    ];
    test.each(filters)(
      '%s: the buckets count each log once, in its second and level, and sum to the count',
      async (_, filter, matches) => {
        const expected = everything.filter(matches);
        expect(expected.length).toBeGreaterThan(0);
        const volume = await logVolume(queries, { appKey: APP, ...filter });
        // 12 s of logs, one a millisecond: one-second buckets.
        expect(volume.bucketMs).toBe(1000);
        const counted = new Map<string, number>();
        for (const log of expected) {
          const key = `${Math.floor(log.at / 1000) * 1000}/${log.ll ?? 0}`;
          counted.set(key, (counted.get(key) ?? 0) + 1);
        }
        for (const bucket of volume.buckets)
          bucket.levels.forEach((n, level) =>
            expect(n, `${bucket.at}/${level}`).toBe(counted.get(`${bucket.at}/${level}`) ?? 0),
          );
        expect(volume.buckets.flatMap((bucket) => bucket.levels).reduce((sum, n) => sum + n, 0)).toBe(expected.length);
        expect(await queries.count({ appKey: APP, ...filter }, 100_000)).toBe(expected.length);
      },
    );

    test('a range asked for lays out every bucket of it, the empty ones too', async () => {
      const volume = await logVolume(queries, { appKey: APP, from: START - 30_000, to: START + 30_000 });
      expect(volume.bucketMs).toBe(1000);
      expect(volume.buckets.map((bucket) => bucket.at)).toEqual(
        Array.from({ length: 60 }, (_, index) => START - 30_000 + index * 1000),
      );
    });

    test('counting stops one past the cap', async () => {
      expect(await queries.count({ appKey: APP }, 500)).toBe(501);
      expect(await queries.count({ appKey: APP, session: 'no-such-session' }, 500)).toBe(0);
    });

    test('nothing matched: no buckets', async () => {
      expect(await logVolume(queries, { appKey: APP, ...searching('nosuchword') })).toEqual({
        bucketMs: 0,
        buckets: [],
      });
    });
  });

  describe('facets', () => {
    const facetFilters: [string, Omit<LogFilter, 'appKey'>, (log: ExplorerLog) => boolean][] = [
      ['every log', {}, () => true],
      ['errors of a word', { levels: [2], ...searching('*pay*') }, (log) => log.ll === 2 && holdsPay(log)],
      ['not a device', { exclude: { devices: ['device-1'] } }, (log) => log.udid !== 'device-1'],
    ];
    // Within the sample (12,000 logs and fewer), every log; past it (a sample of 1,000), the newest 1,000, marked.
    const samples: [string, number | undefined][] = [
      ['all', undefined],
      ['the newest 1,000', 1_000],
    ];
    describe.each(samples)('counting %s', (_, sample) => {
      test.each(facetFilters)(
        '%s: each value counts its logs exactly, and the devices and sessions they come from; the levels every log',
        async (_, filter, matches) => {
          const matched = everything.filter(matches);
          const expected = sample === undefined ? matched : matched.slice(0, sample);
          expect(expected.length).toBeGreaterThan(0);
          const facets = await logFacets(queries, { appKey: APP, ...filter }, { sample });
          expect(facets.sampled).toBe(matched.length > expected.length ? expected.length : undefined);
          const countBy = (key: (log: ExplorerLog) => string | null) => {
            const counts = new Map<string, number>();
            for (const log of expected) {
              const value = key(log);
              if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
            }
            return counts;
          };
          const asMap = (values: { value: string; count: number }[]) =>
            new Map(values.map((value) => [value.value, value.count]));
          // The levels are every matched log's, past the sample too, as the histogram beside them counts them.
          const levels = new Map<string, number>();
          for (const log of matched) {
            const level = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'][log.ll ?? 0]!;
            levels.set(level, (levels.get(level) ?? 0) + 1);
          }
          expect(asMap(facets.level)).toEqual(levels);
          expect(facets.everyLevel).toBe(matched.length > expected.length ? true : undefined);
          expect(asMap(facets.tag)).toEqual(countBy((log) => log.tg));
          expect(asMap(facets.file)).toEqual(countBy((log) => log.f));
          expect(asMap(facets.device)).toEqual(countBy((log) => log.udid));
          expect(facets.devices).toBe(new Set(expected.map((log) => log.udid)).size);
          expect(facets.sessions).toBe(new Set(expected.map((log) => log.session_uid)).size);
          expect(facets.tag.map((value) => value.count)).toEqual(
            [...facets.tag.map((value) => value.count)].sort((a, b) => b - a),
          );
        },
      );

      test.runIf(kind === 'sqlite')(
        'a search counts the same whether its words count as rare or as common',
        async () => {
          const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
          for (const filter of [searching('payment'), { ...searching('*pay*'), levels: [4] }]) {
            const options = { sample, within: Infinity };
            const facets = await logFacets(windowed, { appKey: APP, ...filter }, options);
            expect(facets.tag.length).toBeGreaterThan(0);
            expect(facets).toEqual(await logFacets(queries, { appKey: APP, ...filter }, options));
          }
        },
      );
    });
  });

  describe('tags', () => {
    test("an app's tag suggestions are its own tags, none only another app logged", async () => {
      const own = await queries.tags(APP);
      expect(own).toEqual([...new Set(everything.map((log) => log.tg).filter((tag): tag is string => !!tag))].sort());
      await store.addLogs('other-app', (await store.session('other-app', 'session-0'))!.id, [
        { x: '2026-11-01T00:00:00.000Z', at: 5, t: 'theirs', tg: 'only-theirs' },
      ]);
      expect(await queries.tags(APP)).toEqual(own);
      expect(await queries.tags('other-app')).toContain('only-theirs');
    });

    test('tags come in code point order on every store, as SQLite compares texts', async () => {
      const session = (await store.session('other-app', 'session-0'))!.id;
      // Upper case before lower, U+FF5E before a character past U+FFFF (JavaScript's own sort puts them the other way).
      const odd = ['\u{1F600}', 'zz-tag', 'Zz-tag', '\uFF5E'];
      await store.addLogs(
        'other-app',
        session,
        odd.map((tg, i) => ({ x: '2026-11-01T00:00:00.000Z', at: 10 + i, t: `tagged ${i}`, tg })),
      );
      const listed = (await queries.tags('other-app')).filter((tag) => odd.includes(tag));
      expect(listed).toEqual(['Zz-tag', 'zz-tag', '\uFF5E', '\u{1F600}']);
    });
  });

  describe('around and tail', () => {
    test('the lines around a log are its session neighbours in time order', async () => {
      const target = everything.find((log) => log.t === 'the needle in the haystack')!;
      const session = everything.filter((log) => log.session_uid === target.session_uid).reverse();
      const at = session.findIndex((log) => log.id === target.id);
      expect(await queries.around(APP, target.id, 3)).toEqual({
        target,
        logs: session.slice(at - 3, at + 4),
        moreOlder: true,
        moreNewer: true,
      });
      expect(await queries.around('other-app', target.id, 3)).toBeUndefined();
    });

    test('the lines around a log extend each side on its own, and say when a side reaches the end of the session', async () => {
      const target = everything.find((log) => log.t === 'the needle in the haystack')!;
      const session = everything.filter((log) => log.session_uid === target.session_uid).reverse();
      const at = session.findIndex((log) => log.id === target.id);
      expect(await queries.around(APP, target.id, 2, 5)).toEqual({
        target,
        logs: session.slice(at - 2, at + 6),
        moreOlder: true,
        moreNewer: true,
      });
      // Exactly as many older lines as the session has: none left beyond, with nothing lost.
      expect(await queries.around(APP, target.id, at, 0)).toEqual({
        target,
        logs: session.slice(0, at + 1),
        moreOlder: false,
        moreNewer: true,
      });
      expect(await queries.around(APP, target.id, at - 1, 0)).toMatchObject({
        logs: session.slice(1, at + 1),
        moreOlder: true,
      });
      const newest = session.at(-1)!;
      expect(await queries.around(APP, newest.id, 1, 10)).toEqual({
        target: newest,
        logs: session.slice(-2),
        moreOlder: true,
        moreNewer: false,
      });
    });

    // ClickHouse's tail is by second of arrival, settled REQUEST_TIMEOUT_MS behind (docs/clickhouse.md#what-is-left):
    // a log written now shows there later, not at once.
    // On ClickHouse too, at once: this process is the only writer, so its own horizon is exact (docs/clickhouse.md#arrival-order).
    test('the tail gives what arrived after an id, oldest first, filtered', async () => {
      const last = await queries.lastLogId();
      await store.addLogs(APP, (await store.session(APP, 'session-0'))!.id, [
        { x: '2020-01-01T00:00:00.000Z', at: 1, t: 'late arrival', ll: 2, tg: 'net' },
        { x: '2020-01-01T00:00:00.001Z', at: 2, t: 'late debug', ll: 0, tg: 'net' },
      ]);
      const upTo = await queries.lastLogId();
      expect((await queries.arrivedAfter({ appKey: APP }, last, upTo, 10)).logs.map((log) => log.t)).toEqual([
        'late arrival',
        'late debug',
      ]);
      expect(
        (await queries.arrivedAfter({ appKey: APP, levels: [2] }, last, upTo, 10)).logs.map((log) => log.t),
      ).toEqual(['late arrival']);
      // A full page goes on from its last log; a short one from where it read up to.
      const full = await queries.arrivedAfter({ appKey: APP }, last, upTo, 1);
      expect(full.logs.map((log) => log.t)).toEqual(['late arrival']);
      expect((await queries.arrivedAfter({ appKey: APP }, full.last, upTo, 10)).logs.map((log) => log.t)).toEqual([
        'late debug',
      ]);
      expect(await queries.arrivedAfter({ appKey: APP }, last, last, 10)).toEqual({ logs: [], last });
    });

    // The tail's protocol as the API runs it (server/explorer/api.ts): read up to the horizon, move on to it.
    test.runIf(kind === 'postgres')(
      'the tail misses no batch that commits after a later one, though its ids are lower',
      async () => {
        const session = (await store.session(APP, 'session-1'))!.id;
        let after = await queries.lastLogId();
        const seen: string[] = [];
        const poll = async () => {
          const horizon = await queries.lastLogId();
          seen.push(
            ...(await queries.arrivedAfter({ appKey: APP, session: 'session-1' }, after, horizon, 500)).logs.map(
              (log) => log.t!,
            ),
          );
          after = Math.max(after, horizon);
        };
        const writer = new pg.Client(database.db);
        await writer.connect();
        try {
          await writer.query('BEGIN');
          // Today's partition, which exists: making one would wait for the open transaction.
          await writer.query(
            `INSERT INTO logs (session_id, x, t, at, content_hash) VALUES ($1, 'x', 'committed last', $2, 'slow batch')`,
            [session, Date.now()],
          );
          await store.addLogs(APP, session, [
            { x: new Date().toISOString(), at: Date.now() + 1, t: 'committed first', ll: 4 },
          ]);
          await poll();
          await writer.query('COMMIT');
          await poll();
          await poll();
        } finally {
          await writer.end();
        }
        expect(seen.sort()).toEqual(['committed first', 'committed last']);
      },
    );

    // The test databases are copies of one template in one cluster, as an operator's staging copy would be: their
    // `logs` tables share an oid, and the locks of every database show in pg_locks.
    test.runIf(kind === 'postgres')(
      "another database's writer in the same cluster does not hold the tail back",
      async () => {
        const other = await createTestDatabase('postgres');
        const writer = new pg.Client(other.db);
        await writer.connect();
        try {
          await writer.query('BEGIN');
          await writer.query('LOCK TABLE logs IN ROW EXCLUSIVE MODE');
          const last = await queries.lastLogId();
          await store.addLogs(APP, (await store.session(APP, 'session-2'))!.id, [
            { x: new Date().toISOString(), at: Date.now(), t: 'beside another database', ll: 4 },
          ]);
          const upTo = await queries.lastLogId();
          expect((await queries.arrivedAfter({ appKey: APP }, last, upTo, 10)).logs.map((log) => log.t)).toEqual([
            'beside another database',
          ]);
          await writer.query('ROLLBACK');
        } finally {
          await writer.end();
          await other.drop();
        }
      },
    );
  });

  describe('long lines', () => {
    // Two bytes a character in UTF-8: the cut and the length count characters, not bytes.
    const LONG = 'ключ '.repeat(3_000);
    const LONG_APP = 'long-lines-app';
    let long: ExplorerLog;
    beforeAll(async () => {
      await store.putApp(LONG_APP, true);
      await seedLogs(store, {
        appKey: LONG_APP,
        logs: 3,
        sessions: 1,
        start: START,
        special: new Map([[1, { t: LONG }]]),
      });
      long = (await queries.logs({ appKey: LONG_APP }, { limit: 10 })).logs.find((log) => log.t === LONG)!;
    });

    test('lists send the text cut with its whole length; a short text whole, with no length', async () => {
      const listed = (await queries.logs({ appKey: LONG_APP }, { limit: 10, cut: true })).logs;
      expect(listed.find((log) => log.id === long.id)).toMatchObject({
        t: LONG.slice(0, LIST_TEXT_CHARS),
        t_length: LONG.length,
      });
      expect(listed.filter((log) => log.id !== long.id).map((log) => log.t_length)).toEqual([null, null]);
      const around = (await queries.around(LONG_APP, long.id, 5))!;
      expect(around.target).toMatchObject({ t: LONG.slice(0, LIST_TEXT_CHARS), t_length: LONG.length });
      const tail = (await queries.arrivedAfter({ appKey: LONG_APP }, 0, await queries.lastLogId(), 10)).logs;
      expect(tail.find((log) => log.id === long.id)).toMatchObject({
        t: LONG.slice(0, LIST_TEXT_CHARS),
        t_length: LONG.length,
      });
    });

    test('an export reads the text whole, and one log gives its whole text', async () => {
      expect(long.t).toBe(LONG);
      expect(long).not.toHaveProperty('t_length');
      expect(await queries.logText(LONG_APP, long.id)).toEqual({ t: LONG });
      expect(await queries.logText(APP, long.id)).toBeUndefined();
    });
  });
});
