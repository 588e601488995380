// Every form of the search box's query language (docs/explorer.md#search) gives exactly its lines, on a real SQLite
// database, a real PostgreSQL one, and SQLite with its logs in ClickHouse (18.16's server and chdb's 26.7): the query
// parsed as the API parses it, compiled by each store.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseLogFilters } from '../../../explorer-contract/log-filters.ts';
import { CHEAT_SHEET } from '../../../explorer/logs/search-cheat-sheet.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { RECENT_START } from './recent-start.ts';
import { LOG_STORE_KINDS, openTestStore } from './test-databases.ts';

const APP = 'search-forms-app';
const START = RECENT_START;

/** The seeded lines, oldest first; session a is on pixel-7 (app version 0.0.0, ru-RU), session b on iphone-15 (whose
 * email key is set; app version 2.1.0, en-GB). */
const LINES: (Partial<LogRecord> & { t: string; session: 'a' | 'b' })[] = [
  {
    t: '502 Bad Gateway',
    ll: 2,
    tg: 'net',
    f: 'src/client.ts',
    m: 'send',
    u: 'https://shop.test/api/pay',
    session: 'a',
  },
  {
    t: 'the gateway bad response',
    ll: 1,
    tg: 'net',
    f: 'proxy.ts',
    m: 'relay',
    u: 'https://shop.test/api/relay',
    session: 'a',
  },
  {
    t: 'partner cabinet opened okay',
    ll: 4,
    tg: 'ui',
    f: 'app.ts',
    m: 'open',
    u: 'https://shop.test/cabinet',
    session: 'b',
  },
  { t: 'Платёж отклонён', ll: 1, tg: 'cart', f: 'cart.ts', m: 'pay', u: 'https://shop.test/cart', session: 'b' },
  { t: 'health check ok', ll: 0, session: 'a' },
  {
    t: 'timeout after 30 s',
    ll: 2,
    tg: 'net',
    f: 'src/client.ts',
    m: 'retry',
    u: 'https://shop.test/api/pay',
    session: 'b',
  },
  { t: 'connection refused', ll: 2, tg: 'net', f: 'socket.ts', m: 'connect', u: 'wss://shop.test/live', session: 'a' },
  { t: 'user_id set to 42', ll: 3, tg: 'auth', f: 'login.ts', m: 'signIn', u: 'https://shop.test/login', session: 'b' },
];
const ALL = LINES.map((line) => line.t);
const but = (...texts: string[]) => ALL.filter((text) => !texts.includes(text));

/** Each query and the texts of exactly the lines it finds (in any order here; the stream's order is checked once). */
const FORMS: [string, string[]][] = [
  ['gateway', ['502 Bad Gateway', 'the gateway bad response']],
  ['GATEWAY', ['502 Bad Gateway', 'the gateway bad response']],
  ['"gateway bad"', ['the gateway bad response']],
  ['"bad gateway"', ['502 Bad Gateway']],
  ['*artner*', ['partner cabinet opened okay']],
  ['artner', []],
  ['*ATEWA*', ['502 Bad Gateway', 'the gateway bad response']],
  ['*shop.test/cab*', ['partner cabinet opened okay']],
  ['*лат*', ['Платёж отклонён']],
  ['платёж', ['Платёж отклонён']],
  ['client.ts', ['502 Bad Gateway', 'timeout after 30 s']],
  ['ok', ['health check ok']],
  ['42', ['user_id set to 42']],
  ['-gateway', but('502 Bad Gateway', 'the gateway bad response')],
  ['-"health check"', but('health check ok')],
  ['timeout OR refused', ['timeout after 30 s', 'connection refused']],
  ['tag:net timeout OR refused', ['timeout after 30 s', 'connection refused']],
  ['net', []],
  ['level:error', ['502 Bad Gateway', 'timeout after 30 s', 'connection refused']],
  ['level:error -client.ts', ['connection refused']],
  ['level:debug', ['health check ok']],
  ['tag:net', ['502 Bad Gateway', 'the gateway bad response', 'timeout after 30 s', 'connection refused']],
  ['tag:net gateway', ['502 Bad Gateway', 'the gateway bad response']],
  ['-tag:net', ['partner cabinet opened okay', 'Платёж отклонён', 'health check ok', 'user_id set to 42']],
  ['file:client', ['502 Bad Gateway', 'timeout after 30 s']],
  ['file:ts -file:client', but('502 Bad Gateway', 'timeout after 30 s', 'health check ok')],
  ['method:send', ['502 Bad Gateway']],
  ['method:SIGN', ['user_id set to 42']],
  ['url:/cabinet', ['partner cabinet opened okay']],
  ['url:wss', ['connection refused']],
  ['device:iphone-15', ['partner cabinet opened okay', 'Платёж отклонён', 'timeout after 30 s', 'user_id set to 42']],
  ['session:9f1c2d7a', ['502 Bad Gateway', 'the gateway bad response', 'health check ok', 'connection refused']],
  [
    'key.email:ann@example.com',
    ['partner cabinet opened okay', 'Платёж отклонён', 'timeout after 30 s', 'user_id set to 42'],
  ],
  ['key.email:bob@example.com', []],
  ['version:2.1.0', ['partner cabinet opened okay', 'Платёж отклонён', 'timeout after 30 s', 'user_id set to 42']],
  ['-version:2.1.0', ['502 Bad Gateway', 'the gateway bad response', 'health check ok', 'connection refused']],
  ['language:en-GB', ['partner cabinet opened okay', 'Платёж отклонён', 'timeout after 30 s', 'user_id set to 42']],
  ['language:ru-RU level:error', ['502 Bad Gateway', 'connection refused']],
  ['version:9.9.9', []],
  ['"bad gateway" OR level:info', ['502 Bad Gateway', 'partner cabinet opened okay']],
  ['nothing-like-this', []],
  // Parentheses (docs/explorer.md#parentheses): grouped, negated and nested, on both stores alike.
  ['(timeout OR refused) -socket.ts', ['timeout after 30 s']],
  ['level:error (timeout OR refused)', ['timeout after 30 s', 'connection refused']],
  ['(gateway OR timeout) -level:warning', ['502 Bad Gateway', 'timeout after 30 s']],
  ['(tag:ui level:info) OR "bad gateway"', ['partner cabinet opened okay', '502 Bad Gateway']],
  ['-(tag:net OR level:debug)', ['partner cabinet opened okay', 'Платёж отклонён', 'user_id set to 42']],
  ['-(tag:net level:error)', but('502 Bad Gateway', 'timeout after 30 s', 'connection refused')],
  [
    '(*лат* OR (file:client -method:send)) OR *artner*',
    ['Платёж отклонён', 'timeout after 30 s', 'partner cabinet opened okay'],
  ],
  [
    '(language:ru-RU OR key.email:ann@example.com) level:error',
    ['502 Bad Gateway', 'timeout after 30 s', 'connection refused'],
  ],
  ['-(-tag:net) -(version:2.1.0 OR gateway)', ['connection refused']],
  ['(status:502 OR duration>800) OR refused', ['connection refused']],
  // Network lines only (tag bf_network; tests/unit/server/search-network-fields.test.ts): "502 Bad Gateway" is text.
  ['status:502', []],
  ['duration>800', []],
  // No line here holds a parsed field (tests/unit/server/parsed-fields.test.ts): "502 Bad Gateway" is text.
  ['@status>=500', []],
];

test("the cheat sheet's examples are all among the forms run here", () => {
  expect(FORMS.map(([q]) => q)).toEqual(expect.arrayContaining(CHEAT_SHEET.map((line) => line.example)));
});

describe.each(LOG_STORE_KINDS)('the query language on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  const find = async (q: string, queries = store.explorer) =>
    (await queries.logs({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) }, { limit: 100 })).logs.map(
      (log) => log.t!,
    );

  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
    await store.putApp(APP, true);
    const sessions = {
      a: await store.putSession(APP, sessionPayload('9f1c2d7a', APP, 'pixel-7')),
      b: await store.putSession(APP, {
        ...sessionPayload('4e8b0c61', APP, 'iphone-15'),
        language: 'en-GB',
        app_version: { app: { key: APP }, version: '2.1.0', build: '7' },
      }),
    };
    await store.setDeviceKey(APP, 'iphone-15', 'email', 'ann@example.com');
    for (const [i, { session, ...line }] of LINES.entries()) {
      await store.addLogs(APP, sessions[session], [{ x: new Date(START + i).toISOString(), at: START + i, ...line }]);
    }
  });
  afterAll(() => close());

  test.each(FORMS)('%j finds exactly its lines', async (q, texts) => {
    expect((await find(q)).sort()).toEqual([...texts].sort());
  });

  // SQLite reads a search whose terms all match many logs window by window: every term counts as common here.
  test.runIf(kind === 'sqlite').each(FORMS)('%j finds the same lines read window by window', async (q, texts) => {
    const windowed = createExplorerQueries(sqliteOf(store), { commonMatches: 1 });
    expect((await find(q, windowed)).sort()).toEqual([...texts].sort());
  });

  test.each([
    ['version=2.1.0', ['partner cabinet opened okay', 'Платёж отклонён', 'timeout after 30 s', 'user_id set to 42']],
    ['version=2.1.0&version=9.9.9&level=error', ['timeout after 30 s']],
    ['-version=2.1.0&level=error', ['502 Bad Gateway', 'connection refused']],
    ['language=ru-RU&tag=net', ['502 Bad Gateway', 'the gateway bad response', 'connection refused']],
    ['-language=ru-RU&-language=en-GB', []],
  ])('the filters %s give exactly their lines', async (query, texts) => {
    const filter = { appKey: APP, ...parseLogFilters(new URLSearchParams(query)) };
    expect((await store.explorer.logs(filter, { limit: 100 })).logs.map((log) => log.t!).sort()).toEqual(
      [...texts].sort(),
    );
  });

  test('the lines come newest first', async () => {
    expect(await find('level:error')).toEqual(['connection refused', 'timeout after 30 s', '502 Bad Gateway']);
  });
});
