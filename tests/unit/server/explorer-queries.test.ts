// The explorer's query layer over a real SQLite database and a real PostgreSQL one, the same tests on each: keyset
// pages that cover the stream exactly once, in time order, under each filter and their combination, and search
// with rare and with common words.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { sqliteOf } from '../../../server/sqlite/store.ts';
import type { Store } from '../../../server/store.types.ts';
import { decodeCursor, type ExplorerLog, type ExplorerQueries, type LogFilter } from '../../../server/explorer-queries.types.ts';
import { createExplorerQueries } from '../../../server/sqlite/explorer-queries.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';

/** A search as the API gives it to the stores: typed, and parsed. */
const searching = (q: string) => ({ q, search: parseSearchQuery(q) });

const APP = 'queries-app';
const COUNT = 12_000;
/** seedLogs logs one a millisecond from here. */
const START = Date.UTC(2026, 10, 1);
describe.each(STORE_KINDS)('on %s', (kind) => {
  let store: Store;
  let closeStore: () => Promise<void>;
  let queries: ExplorerQueries;
  /** Every seeded log, newest first: what the filters are checked against. */
  let everything: ExplorerLog[];

  beforeAll(async () => {
    ({ store, close: closeStore } = await openTestStore(kind));
    await store.putApp(APP, true);
    await store.putApp('other-app', true);
    await seedLogs(store, { appKey: APP, logs: COUNT, sessions: 6, special: new Map([[4321, { t: 'the needle in the haystack' }]]) });
    // Another app's logs never show in this one's.
    await seedLogs(store, { appKey: 'other-app', logs: 300, sessions: 1 });
    await store.setDeviceKey(APP, 'device-1', 'plan', 'gold');
    queries = store.explorer;
    everything = await readAll({ appKey: APP }, 10_000);
  });
  afterAll(() => closeStore());

  /** Follows the `next` cursors to the end. */
  async function readAll(filter: LogFilter, limit = 250): Promise<ExplorerLog[]> {
    const all: ExplorerLog[] = [];
    let before;
    for (;;) {
      const page = await queries.logs(filter, { before, limit });
      expect(page.logs.length).toBeLessThanOrEqual(limit);
      all.push(...page.logs);
      if (!page.next) return all;
      before = decodeCursor(page.next);
    }
  }

  const newestFirst = (a: ExplorerLog, b: ExplorerLog) => b.at - a.at || b.id - a.id;

  describe('keyset pages', () => {
    test('cover every log of the app once, newest first', async () => {
      expect(everything).toHaveLength(COUNT);
      expect(new Set(everything.map((log) => log.id)).size).toBe(COUNT);
      expect(everything).toEqual([...everything].sort(newestFirst));
      expect(await readAll({ appKey: APP }, 97)).toEqual(everything);
    });

    test('a page ends with no cursor when nothing is left', async () => {
      expect(await queries.logs({ appKey: APP, session: 'no-such-session' }, { limit: 10 })).toEqual({ logs: [], next: null });
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
      ['word start', { ...searching('pay') }, (log) => /\bpay/.test(log.t ?? '')],
      [
        'all combined',
        { levels: [0, 4], tags: ['net', 'ui', 'cart'], ...searching('order'), device: 'device-1', from: START + 6000 },
        (log) => [0, 4].includes(log.ll!) && ['net', 'ui', 'cart'].includes(log.tg!) && /\border\b/.test(log.t!) && log.udid === 'device-1' && log.at >= START + 6000,
      ],
    ];
    test.each(cases)('%s: exactly the matching logs, in order, across pages', async (_, filter, matches) => {
      const expected = everything.filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      expect(await readAll({ appKey: APP, ...filter })).toEqual(expected);
    });

    // SQLite reads common words window by window; PostgreSQL has one plan.
    test.runIf(kind === 'sqlite')('a search reads the same whether its words count as rare or as common', async () => {
      const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
      for (const filter of [{ ...searching('payment') }, { ...searching('pay'), levels: [4] }, { ...searching('order'), session: 'session-3' }]) {
        const expected = await readAll({ appKey: APP, ...filter });
        expect(expected.length).toBeGreaterThan(100);
        let before;
        const all: ExplorerLog[] = [];
        do {
          const page = await windowed.logs({ appKey: APP, ...filter }, { before, limit: 100 });
          all.push(...page.logs);
          before = page.next ? decodeCursor(page.next) : undefined;
        } while (before);
        expect(all).toEqual(expected);
      }
    });

    test.runIf(kind === 'sqlite')('a search read within a budget ends its pages early and goes on from where each stopped: the same logs', async () => {
      const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 10 });
      for (const filter of [searching('payment'), { ...searching('order'), session: 'session-3' }]) {
        const expected = await readAll({ appKey: APP, ...filter });
        let before;
        let pages = 0;
        const all: ExplorerLog[] = [];
        do {
          // No time at all: every page ends after its first window.
          const page = await windowed.logs({ appKey: APP, ...filter }, { before, limit: 100, within: 0 });
          pages++;
          all.push(...page.logs);
          before = page.next ? decodeCursor(page.next) : undefined;
        } while (before);
        expect(all).toEqual(expected);
        expect(pages).toBeGreaterThan(Math.ceil(expected.length / 100));
      }
    });

    test('a device key no device has, and an empty search, match nothing', async () => {
      expect(await readAll({ appKey: APP, deviceKey: { key: 'plan', value: 'silver' } })).toEqual([]);
      expect(await readAll({ appKey: APP, ...searching('!!!') })).toEqual([]);
    });
  });

  describe('around and tail', () => {
    test('the lines around a log are its session neighbours in time order', async () => {
      const target = everything.find((log) => log.t === 'the needle in the haystack')!;
      const session = everything.filter((log) => log.session_uid === target.session_uid).reverse();
      const at = session.findIndex((log) => log.id === target.id);
      expect(await queries.around(APP, target.id, 3)).toEqual({ target, logs: session.slice(at - 3, at + 4) });
      expect(await queries.around('other-app', target.id, 3)).toBeUndefined();
    });

    test('the tail gives what arrived after an id, oldest first, filtered', async () => {
      const last = await queries.lastLogId();
      await store.addLogs(APP, (await store.session(APP, 'session-0'))!.id, [
        { x: '2020-01-01T00:00:00.000Z', at: 1, t: 'late arrival', ll: 2, tg: 'net' },
        { x: '2020-01-01T00:00:00.001Z', at: 2, t: 'late debug', ll: 0, tg: 'net' },
      ]);
      expect((await queries.arrivedAfter({ appKey: APP }, last, 10)).map((log) => log.t)).toEqual(['late arrival', 'late debug']);
      expect((await queries.arrivedAfter({ appKey: APP, levels: [2] }, last, 10)).map((log) => log.t)).toEqual(['late arrival']);
    });
  });
});
