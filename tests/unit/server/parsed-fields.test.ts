// Fields parsed from a log's text at query time (`@status:502`, docs/explorer.md#parsed-fields): the doc's own example
// lines are seeded and each query of its table run on a real SQLite database and a real PostgreSQL one, which must
// find exactly the lines the table says, and count them so; a parsed field past the scan's budget says how far it read.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { parseSearchQuery, SearchQueryError } from '../../../explorer-contract/search-query.ts';
import { logFacets } from '../../../server/explorer/facets.ts';
import { viewCount } from '../../../server/explorer/view-count.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { logsAMillisecond } from './logs-a-millisecond.ts';
import { RECENT_START } from './recent-start.ts';
import { openTestStore, LOG_STORE_KINDS } from './test-databases.ts';

const APP = 'parsed-fields-app';
const START = RECENT_START;

/** docs/explorer.md's "Parsed fields" section: its example lines (numbered from 1) and its table of queries. */
function docExample(): { lines: string[]; queries: [string, number[]][] } {
  const doc = readFileSync(new URL('../../../docs/explorer.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Parsed fields'));
  const block = /```text\n([\s\S]*?)```/.exec(section)![1]!;
  const lines = block
    .trimEnd()
    .split('\n')
    .map((line, i) => {
      expect(line.startsWith(`${i + 1} `)).toBe(true);
      return line.slice(`${i + 1} `.length);
    });
  const table = section.slice(section.indexOf('| query | finds lines |'));
  const queries = [...table.matchAll(/^\| `(.+)` \| (.+) \|$/gm)].map(
    ([, q, found]) => [q!, found === 'none' ? [] : found!.split(', ').map(Number)] as [string, number[]],
  );
  return { lines, queries };
}

const { lines: LINES, queries: QUERIES } = docExample();

test("the doc's example holds lines and queries", () => {
  expect(LINES).toHaveLength(11);
  expect(QUERIES.length).toBeGreaterThanOrEqual(20);
});

test('a parsed term is refused with what to write instead', () => {
  const refusal = (q: string) => {
    try {
      parseSearchQuery(q);
    } catch (error) {
      if (error instanceof SearchQueryError) return error.message;
      throw error;
    }
    return 'accepted';
  };
  expect(refusal('@duration>fast')).toBe("'@duration>' needs a number of at most 15 digits, as in @duration>800");
  expect(refusal('@duration:[100 TO x]')).toBe(
    "'@duration:[100 TO x]' is not a range: write two numbers, as in @duration:[100 TO 800]",
  );
  expect(refusal('@id>1234567890123456')).toBe("'@id>' needs a number of at most 15 digits, as in @id>800");
  expect(refusal('@a.b.c.d.e.f.g.h.i:1')).toBe(
    "'@a.b.c.d.e.f.g.h.i' has over 8 keys: a parsed field's path holds at most 8",
  );
  // Not a field: an @ with no comparison stays a word or a fragment.
  expect(parseSearchQuery('@mention').groups[0]![0]!.term).toEqual({ kind: 'fragment', text: '@mention' });
  expect(parseSearchQuery('@user.id:[1 TO 9]').groups[0]![0]!.term).toEqual({
    kind: 'parsed',
    path: ['user', 'id'],
    test: { op: 'range', low: 1, high: 9 },
  });
});

describe.each(LOG_STORE_KINDS)('parsed fields on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const filterOf = (q: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) });
  const find = async (q: string) =>
    (await store.explorer.logs(filterOf(q), { limit: 100 })).logs.map((log) => LINES.indexOf(log.t!) + 1);

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await logsAMillisecond(store, APP, { count: LINES.length, start: START }, (i) => ({ t: LINES[i], ll: 4 }));
  });
  afterAll(() => close());

  test.each(QUERIES)('%s finds the lines the doc says, newest first, and counts them', async (q, expected) => {
    expect(await find(q)).toEqual([...expected].reverse());
    // Counted as the explorer counts a view: a parsed field's among the logs its scan read, words by the store's count.
    expect((await viewCount(store.explorer, filterOf(q))).count).toBe(expected.length);
  });

  test("a parsed field's view has its own logs' facets, and its live tail only its logs", async () => {
    const facets = await logFacets(store.explorer, filterOf('@status>=500'));
    expect([facets.level, facets.sampled]).toEqual([[{ value: 'info', count: 3 }], undefined]);
    // Up to the horizon every stored log is visible: ids on SQLite and PostgreSQL, arrival numbers on ClickHouse.
    const tail = await store.explorer.arrivedAfter(filterOf('@status>=500'), 0, await store.explorer.lastLogId(), 2);
    expect(tail.logs.map((log) => LINES.indexOf(log.t!) + 1)).toEqual([3, 5]);
  });

  test('a rare parsed field among many texts that may hold it: each found once, newest first', async () => {
    // 1,200 lines holding `status=`, three of them 502: past a first step of reading (500 logs), and past a second.
    const app = 'parsed-fields-many';
    await store.putApp(app, true);
    const session = await store.putSession(app, sessionPayload('s-many', app));
    const rare = [100, 700, 1_150];
    await store.addLogs(
      app,
      session,
      Array.from({ length: 1_200 }, (_, i) => ({
        x: new Date(START + i).toISOString(),
        at: START + i,
        t: `line ${i} status=${rare.includes(i) ? 502 : 200}`,
      })),
    );
    await store.settled();
    const page = await store.explorer.logs(
      { appKey: app, ...parseLogFilters(new URLSearchParams({ q: '@status:502' })) },
      { limit: 10 },
    );
    expect(page.logs.map((log) => log.t)).toEqual(rare.reverse().map((i) => `line ${i} status=502`));
  });

  test('a field whose value the text does not hold as written is found all the same: an exponent, an escape, leading zeros', async () => {
    // Texts without the key or the value's digits are answered without parsing (parsed-field-needles.ts): these hold
    // the value otherwise written, and must not be among them.
    const app = 'parsed-fields-written';
    await store.putApp(app, true);
    const session = await store.putSession(app, sessionPayload('s-written', app));
    const texts = [
      'a {"status":9.99e2}',
      'b {"code":"9\\u00399"}',
      'c status=0999',
      'd {"status":999.0}',
      'e {"status":998}',
      'f status=9990',
    ];
    await store.addLogs(
      app,
      session,
      texts.map((t, i) => ({ x: new Date(START + i).toISOString(), at: START + i, t })),
    );
    await store.settled();
    const found = async (q: string) =>
      (
        await store.explorer.logs({ appKey: app, ...parseLogFilters(new URLSearchParams({ q })) }, { limit: 10 })
      ).logs.map((log) => log.t![0]);
    expect(await found('@status:999')).toEqual(['d', 'c', 'a']);
    expect(await found('@code:999')).toEqual(['b']);
    expect(await found('-@status:999 @status>0')).toEqual(['f', 'e']);
  });

  test('past the budget a parsed field says how far it read, and reading on finds the rest', async () => {
    const first = await store.explorer.logs(filterOf('@event:click'), { limit: 10, scanRows: 5 });
    expect(first).toMatchObject({ logs: [], scan: { scanned: 5, scannedTo: START + 6, complete: false } });
  });

  test("past the budget a parsed field's count and histogram say at least, back to the last log read", async () => {
    // @status>=500 is lines 3, 5 and 8; the newest 5 logs read are lines 11 to 7, the newest 8 lines 11 to 4.
    const q = filterOf('@status>=500');
    const bucket = START / 1_000;
    expect(await store.explorer.scanCount(q, 1_000, 5)).toEqual({
      count: 1,
      scan: { scanned: 5, scannedTo: START + 6, complete: false },
    });
    expect(await store.explorer.scanCount(q, 1_000, 8)).toEqual({
      count: 2,
      scan: { scanned: 8, scannedTo: START + 3, complete: false },
    });
    expect(await store.explorer.scanVolume(q, 1_000, 8)).toEqual({
      rows: [{ bucket, level: 4, n: 2 }],
      scan: { scanned: 8, scannedTo: START + 3, complete: false },
    });
    expect(await store.explorer.scanVolume(q, 1_000)).toEqual({
      rows: [{ bucket, level: 4, n: 3 }],
      scan: { scanned: LINES.length, scannedTo: START, complete: true },
    });
  });
});
