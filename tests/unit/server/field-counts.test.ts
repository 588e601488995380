// Counts by any field (docs/volume-and-counts.md#counts-by-a-field), on a real SQLite database and a real PostgreSQL
// one: the doc's example lines of parsed fields (docs/explorer.md#parsed-fields) split by level, tag, app version, a
// device key and a parsed field, each value counted exactly, every bar summing to its bucket's logs and the values to
// the view's count; the doc's example answer is the one given.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseSplitBy, type FieldCounts } from '../../../explorer-contract/field-counts.ts';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import { fieldCounts } from '../../../server/explorer/field-counts.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { RECENT_START } from './recent-start.ts';
import { openTestStore, LOG_STORE_KINDS } from './test-databases.ts';

const APP = 'field-counts-app';
/** docs/volume-and-counts.md's example: the lines logged one a millisecond from here. */
const DOC_START = Date.UTC(2026, 10, 1, 9, 30);
/** Where they are logged here: a minute ago (RECENT_START), in a read's newest time window on ClickHouse. The doc's
 * answer is the same but for its buckets' times, each as far from DOC_START as from here. */
const START = RECENT_START;
const explorerDoc = readFileSync(new URL('../../../docs/explorer.md', import.meta.url), 'utf8');
const LINES = /```text\n([\s\S]*?)```/
  .exec(explorerDoc.slice(explorerDoc.indexOf('### Parsed fields')))![1]!
  .trimEnd()
  .split('\n')
  .map((line) => line.replace(/^\d+ /, ''));
const countsDoc = readFileSync(new URL('../../../docs/volume-and-counts.md', import.meta.url), 'utf8');
const section = countsDoc.slice(countsDoc.indexOf('## Counts by a field'));
/** The doc's example: its request's parameters and its answer. */
const EXAMPLE = {
  query: /`GET …\/logs\/split\?([^`]+)`/.exec(section)![1]!,
  answer: JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!) as FieldCounts,
};
/** Line i (0 the oldest): session a (app version 2.1.0, device d-gold) for the even ones, else b (2.2.0, d-free);
 * tag net for every third, else ui; an error for every fourth, else info. */
const tag = (i: number) => (i % 3 === 0 ? 'net' : 'ui');
const level = (i: number) => (i % 4 === 0 ? 2 : 4) as LogLevel;

describe.each(LOG_STORE_KINDS)('counts by a field on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const filterOf = (params: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams(params)) });
  const split = (by: string, params = '', scanRows?: number) =>
    fieldCounts(store.explorer, filterOf(params), parseSplitBy(by)!, scanRows);
  /** Each value's count, and whether every bar sums to what the values count. */
  async function counted(by: string, params = '') {
    const answer = await split(by, params);
    const total = answer.values.reduce((sum, value) => sum + value.count, 0);
    const bars = answer.buckets.reduce((sum, bucket) => sum + bucket.counts.reduce((a, b) => a + b, 0), 0);
    expect(bars).toBe(total);
    return Object.fromEntries(answer.values.map((value) => [value.value, value.count]));
  }

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await store.putApp(APP, true);
    const version = (v: string) => ({ app_version: { app: { key: APP }, version: v, build: '1' } });
    const sessions = [
      await store.putSession(APP, { ...sessionPayload('s-a', APP, 'd-gold'), ...version('2.1.0') }),
      await store.putSession(APP, { ...sessionPayload('s-b', APP, 'd-free'), ...version('2.2.0') }),
    ];
    await store.setDeviceKey(APP, 'd-gold', 'plan', 'gold');
    await store.setDeviceKey(APP, 'd-free', 'plan', 'free');
    for (const [i, t] of LINES.entries())
      await store.addLogs(APP, sessions[i % 2]!, [
        { x: new Date(START + i).toISOString(), at: START + i, t, tg: tag(i), ll: level(i) },
      ]);
    await store.settled();
  });
  afterAll(() => close());

  test("the doc's example answers as the doc says", async () => {
    const params = new URLSearchParams(EXAMPLE.query);
    expect(EXAMPLE.answer.buckets[0]!.at).toBe(DOC_START);
    expect(await split(params.get('by')!, EXAMPLE.query)).toEqual({
      ...EXAMPLE.answer,
      buckets: EXAMPLE.answer.buckets.map((bucket) => ({ ...bucket, at: bucket.at - DOC_START + START })),
    });
  });

  test('by level, tag, app version and a device key, every log counted once', async () => {
    expect(await counted('level')).toEqual({ info: 8, error: 3 });
    expect(await counted('tag')).toEqual({ ui: 7, net: 4 });
    expect(await counted('version')).toEqual({ '2.1.0': 6, '2.2.0': 5 });
    expect(await counted('key.plan')).toEqual({ gold: 6, free: 5 });
    expect((await split('tag')).values).toEqual([
      { value: 'ui', count: 7, term: 'tag:ui' },
      { value: 'net', count: 4, term: 'tag:net' },
    ]);
  });

  test('by a parsed field: a number and a text that read alike are one value; an array or object is none', async () => {
    expect(await counted('@status')).toEqual({ '502': 3, '200': 1, '404': 1, '500': 1, none: 5 });
    expect(await counted('@duration')).toEqual({ '1200.5': 1, '812': 1, '95': 1, fast: 1, none: 7 });
    expect(await counted('@user.id')).toEqual({ '7': 2, '8': 1, none: 8 });
    expect(await counted('@tags')).toEqual({ none: 11 });
    expect(await counted('@ok')).toEqual({ true: 1, none: 10 });
    // Within a view: the logs of tag net (lines 1, 4, 7, 10).
    expect(await counted('@status', 'tag=net')).toEqual({ '200': 1, '404': 1, none: 2 });
  });

  test('a view holding a parsed-field term, read whole, says so', async () => {
    const answer = await split('@user.id', 'q=@user.id>0');
    expect(answer.values.map((value) => value.value)).toEqual(['7', '8']);
    expect(answer.scan).toEqual({ scanned: 11, scannedTo: START, complete: true });
  });

  test('past its budget a split counts the newest logs and says how far back they reach', async () => {
    // The budget forced to 5 of the 11 lines (SPLIT_ROWS over a million): lines 6 to 10, of which 6 and 9 are net.
    const answer = await split('tag', '', 5);
    expect(answer.scan).toEqual({ scanned: 5, scannedTo: START + 6, complete: false });
    expect(answer.values).toEqual([
      { value: 'ui', count: 3, term: 'tag:ui' },
      { value: 'net', count: 2, term: 'tag:net' },
    ]);
    // The bars sum to the logs read, in the newest bucket; within its budget a split is whole, and says nothing.
    expect(answer.buckets.map((bucket) => bucket.counts)).toEqual([[3, 2]]);
    expect(await split('@status', '', 12)).not.toHaveProperty('scan');
    // Within a view: the newest 2 of tag net, lines 10 (no status) and 7 (404).
    expect(await split('@status', 'tag=net', 2)).toMatchObject({
      values: [
        { value: '404', count: 1 },
        { value: 'none', count: 1 },
      ],
      scan: { scanned: 2, scannedTo: START + 6, complete: false },
    });
  });

  test('a view holding a parsed-field term counts the logs its scan read', async () => {
    const answer = await split('tag', 'q=@status>0', 5);
    expect(answer.scan).toEqual({ scanned: 5, scannedTo: START + 6, complete: false });
    // Lines 7 to 11 were read; of those, 7 (404, net) and 8 (500, ui) hold a status.
    expect(answer.values).toEqual([
      { value: 'net', count: 1, term: 'tag:net' },
      { value: 'ui', count: 1, term: 'tag:ui' },
    ]);
  });
});

test('a split names a field the service knows', () => {
  expect(parseSplitBy('@user.id')).toEqual({ kind: 'parsed', path: ['user', 'id'] });
  expect(parseSplitBy('key.plan')).toEqual({ kind: 'key', key: 'plan' });
  expect(parseSplitBy('file')).toBeUndefined();
  expect(parseSplitBy('@a b')).toBeUndefined();
});

test('past ten values the rest count together as other, after the named ones and before none', async () => {
  // The store's rows for twelve tags, tag t<n> holding n logs in bucket 0, and 4 logs without a tag in bucket 1.
  const rows = [
    ...Array.from({ length: 12 }, (_, n) => ({ bucket: 0, value: `s:t${n + 1}`, n: n + 1 })),
    { bucket: 1, value: null, n: 4 },
  ];
  const queries = {
    timeSpan: async () => ({ first: 0, last: 1_500 }),
    splitVolume: async () => ({ rows }),
  } as unknown as Parameters<typeof fieldCounts>[0];
  const answer = await fieldCounts(queries, { appKey: APP }, { kind: 'tag' });
  expect(answer.values.map(({ value, count }) => [value, count])).toEqual([
    ...Array.from({ length: 10 }, (_, n) => [`t${12 - n}`, 12 - n]),
    ['other', 3],
    ['none', 4],
  ]);
  expect(answer.buckets).toEqual([
    { at: 0, counts: [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 3, 0] },
    { at: 1_000, counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4] },
  ]);
});
