// `status:` and `duration>` (docs/explorer.md#search) find network lines (tag bf_network, docs/api.md#network-requests)
// by the numbers in their JSON text, on a real SQLite database and a real PostgreSQL one: never another tag's line that
// says "status":502, never a text that is not the capture's JSON, and no error on any of them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { NETWORK_TAG } from '../../../protocol/limits.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { RECENT_START } from './recent-start.ts';
import { LOG_STORE_KINDS, openTestStore } from './test-databases.ts';

const APP = 'search-network-app';
const START = RECENT_START;

const request = (line: Record<string, unknown>) => JSON.stringify({ method: 'GET', ...line });

/** The seeded lines by name, oldest first. */
const LINES: Record<string, Partial<LogRecord> & { t: string }> = {
  ok: { tg: NETWORK_TAG, t: request({ status: 200, url: 'https://shop.test/a', duration: 120 }) },
  missing: { tg: NETWORK_TAG, t: request({ status: 404, url: 'https://shop.test/b', duration: 30 }) },
  pay: { tg: NETWORK_TAG, t: request({ method: 'POST', status: 502, url: 'https://shop.test/pay', duration: 950 }) },
  retry: { tg: NETWORK_TAG, t: request({ status: 502, url: 'https://shop.test/retry', duration: 100, size: 512 }) },
  // Its URL says "status":502 and "duration":5, inside a JSON string (escaped): not its status.
  slow: {
    tg: NETWORK_TAG,
    t: request({ status: 200, url: 'https://shop.test/slow?q="status":502,"duration":5', duration: 1200 }),
  },
  down: { tg: NETWORK_TAG, t: request({ url: 'https://shop.test/down', duration: 800, error: 'TypeError' }) },
  // Tagged by hand, cut short, or with strings for numbers: none is a request's status, and none errors.
  cut: { tg: NETWORK_TAG, t: '{"method":"GET","status":502,"url":"https://shop.test/cut' },
  strings: { tg: NETWORK_TAG, t: request({ status: '502', url: 'https://shop.test/s', duration: '900' }) },
  notJson: { tg: NETWORK_TAG, t: 'status 502 after 900 ms' },
  // Another tag's line whose text reads as a request.
  other: { tg: 'net', t: request({ status: 502, url: 'https://shop.test/other', duration: 900 }) },
  plain: { t: '"status":502 from upstream' },
};
const NAMES = Object.keys(LINES);
const NETWORK_LINES = NAMES.filter((name) => LINES[name]!.tg === NETWORK_TAG).length;
const but = (...names: string[]) => NAMES.filter((name) => !names.includes(name));

const FORMS: [string, string[]][] = [
  ['status:502', ['pay', 'retry']],
  ['-status:200', but('ok', 'slow')],
  ['status:5xx', ['pay', 'retry']],
  ['status:4xx', ['missing']],
  ['status>=400', ['missing', 'pay', 'retry']],
  ['status:502 OR status:404', ['missing', 'pay', 'retry']],
  ['status:4xx OR status:5xx', ['missing', 'pay', 'retry']],
  ['duration>800', ['pay', 'slow']],
  ['duration>=800', ['pay', 'slow', 'down']],
  ['duration<50', ['missing']],
  ['duration<=100', ['missing', 'retry']],
  ['duration:100', ['retry']],
  ['status:502 duration>=100', ['pay', 'retry']],
  ['status:502 duration>100', ['pay']],
  ['-status:5xx duration>100', ['ok', 'slow', 'down']],
  ['tag:net status:502', []],
  ['status:502 *shop.test/pay*', ['pay']],
];

describe.each(LOG_STORE_KINDS)('status: and duration> on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const filterOf = (q: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) });
  const nameOf = (text: string) => NAMES.find((name) => LINES[name]!.t === text)!;
  const find = async (q: string, queries = store.explorer) =>
    (await queries.logs(filterOf(q), { limit: 100 })).logs.map((log) => nameOf(log.t!));

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await store.putApp(APP, true);
    const session = await store.putSession(APP, sessionPayload('5c0ffee1', APP, 'pixel-7'));
    for (const [i, line] of Object.values(LINES).entries())
      await store.addLogs(APP, session, [{ x: new Date(START + i).toISOString(), at: START + i, ll: 1, ...line }]);
  });
  afterAll(() => close());

  test.each(FORMS)('%j finds exactly its lines', async (q, names) => {
    expect((await find(q)).sort()).toEqual([...names].sort());
  });

  test.runIf(kind === 'sqlite').each(FORMS)('%j finds the same lines read window by window', async (q, names) => {
    const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 1 });
    expect((await find(q, windowed)).sort()).toEqual([...names].sort());
  });

  test('a query of network terms only reads the network lines (by the tag index), not every log', async () => {
    const page = await store.explorer.logs(filterOf('status:502 OR duration>800'), { limit: 100 });
    expect(page.scan).toMatchObject({ scanned: NETWORK_LINES, complete: true });
    expect(await store.explorer.scanCount(filterOf('status:502'), 100)).toMatchObject({
      count: 2,
      scan: { scanned: NETWORK_LINES, complete: true },
    });
  });
});
