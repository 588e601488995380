// The admin API's lists come a page at a time, its bodies are limited, and the requests log stays small under a
// flood of unknown keys.
import { describe, expect, test } from 'vitest';
import { MAX_PAGE_SIZE, nextPageURL } from '../../../server/admin/admin-pages.ts';
import { MAX_REFUSED_KEYS, MAX_REQUEST_ROWS, PRUNE_EVERY } from '../../../server/stores/store.types.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { device, logs } from '../../../fixtures/wire-bodies.ts';
import { countRows, STORE_KINDS } from './test-databases.ts';
import { fill } from './bounded-tables.ts';
import { servicePerTest } from './service-per-test.ts';

// Each test runs on SQLite and on PostgreSQL.
describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  const readOnly = servicePerTest(
    () => createHarness({ store: kind }),
    (made) => (service = made),
  );

  const get = (path: string) => service.app.request(path, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });

  describe('paginated lists', () => {
    test('a page holds `limit` rows and links the next; following the links reads every row once, in order', async () => {
      const session_id = await service.session('paged');
      await service.wire('sendLogs', { session_id, logs: logs(25) });
      const seen: number[] = [];
      let path: string | undefined = `/sidelog/admin/api/logs?app=${DEMO_APP_KEY}&limit=10`;
      const pageSizes: number[] = [];
      while (path) {
        const answer = await get(path);
        expect(answer.status).toBe(200);
        const rows = (await answer.json()) as { at: number }[];
        pageSizes.push(rows.length);
        seen.push(...rows.map((row) => row.at));
        path = nextPageURL(answer.headers.get('Link'));
      }
      expect(pageSizes).toEqual([10, 10, 5]);
      expect(seen).toEqual(logs(25).map((log) => log.at));
    });

    test('without a limit a page is at most the maximum page size', async () => {
      const session_id = await service.session('big');
      for (let from = 0; from < MAX_PAGE_SIZE + 200; from += 500)
        await service.wire('sendLogs', { session_id, logs: logs(500, from) });
      const first = await get(`/sidelog/admin/api/logs?app=${DEMO_APP_KEY}`);
      expect(((await first.json()) as unknown[]).length).toBe(MAX_PAGE_SIZE);
      expect(first.headers.get('Link')).toMatch(/rel="next"/);
      // The test clients follow the pages.
      expect((await service.admin(`logs?app=${DEMO_APP_KEY}`)).length).toBe(1500);
    });

    test("an app's logs come in order and alone, whether it holds most of the logs or few of them", async () => {
      await service.admin('apps', { json: { key: 'other-app', enabled: true } });
      const big = await service.session('big-app-session', 'other-app');
      const small = await service.session('small-app-session');
      for (const from of [0, 1000]) {
        await service.wire('sendLogs', { session_id: big, logs: logs(100, from) }, 'other-app');
        await service.wire('sendLogs', { session_id: small, logs: logs(5, from) });
      }
      const pages = async (app: string, limit: number) => {
        const sizes: number[] = [];
        const ats: number[] = [];
        for (let path: string | undefined = `/sidelog/admin/api/logs?app=${app}&limit=${limit}`; path;) {
          const answer = await get(path);
          const rows = (await answer.json()) as { at: number; session_uid: string }[];
          sizes.push(rows.length);
          ats.push(...rows.map((row) => row.at));
          expect(new Set(rows.map((row) => row.session_uid))).toEqual(
            new Set(rows.length ? [app === DEMO_APP_KEY ? 'small-app-session' : 'big-app-session'] : []),
          );
          path = nextPageURL(answer.headers.get('Link'));
        }
        return { sizes, ats };
      };
      // 10 of 210 logs: read through its sessions.
      expect(await pages(DEMO_APP_KEY, 3)).toEqual({
        sizes: [3, 3, 3, 1],
        ats: [...logs(5, 0), ...logs(5, 1000)].map((log) => log.at),
      });
      // 200 of 210: read by walking the logs.
      const other = await pages('other-app', 60);
      expect(other.sizes).toEqual([60, 60, 60, 20]);
      expect(other.ats).toEqual([...logs(100, 0), ...logs(100, 1000)].map((log) => log.at));
    });

    // These only read: one service for them, with three sessions, each with a log, an issue and a device key.
    describe('of a few rows', () => {
      readOnly(async (service) => {
        for (let i = 0; i < 3; i++) {
          const session_id = await service.session(`s-${i}`);
          await service.wire('sendLogs', { session_id, logs: logs(1, i) });
          await service.wire('sendIssue', {
            session_id,
            uid: `issue-${i}`,
            title: 't',
            text: 'x',
            type: 'issue',
            url: '',
          });
          await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: `k${i}`, value: i });
        }
      });

      test.each([
        ['a limit over the maximum', `limit=${MAX_PAGE_SIZE + 1}`],
        ['a zero limit', 'limit=0'],
        ['a cursor that is not one', 'cursor=abc'],
        // Sixteen digits are a cursor (ClickHouse's arrival numbers), past the integers a double holds exactly are not.
        ['a cursor past the exact integers', 'cursor=9007199254740993'],
      ])('%s answers 400', async (_case, query) => {
        const answer = await get(`/sidelog/admin/api/sessions?app=${DEMO_APP_KEY}&${query}`);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({ error: expect.any(String) });
      });

      test.each(['logs', 'batches', 'sessions', 'issues', 'device-keys', 'requests'])(
        '%s past the largest cursor is an empty page',
        async (list) => {
          const answer = await get(`/sidelog/admin/api/${list}?app=${DEMO_APP_KEY}&cursor=999999999999999`);
          expect(answer.status).toBe(200);
          expect(await answer.json()).toEqual([]);
        },
      );

      test.each(['batches', 'sessions', 'issues', 'device-keys', 'requests'])('%s is paginated too', async (list) => {
        const first = await get(`/sidelog/admin/api/${list}?app=${DEMO_APP_KEY}&limit=2`);
        expect(((await first.json()) as unknown[]).length).toBe(2);
        const next = nextPageURL(first.headers.get('Link'));
        expect(next).toBeDefined();
        expect(((await (await get(next!)).json()) as unknown[]).length).toBeGreaterThan(0);
      });
    });
  });

  test('admin bodies over 16 KB answer 413, and bodies nested too deep 400', async () => {
    const big = await service.app.request('/sidelog/admin/api/apps', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'k'.repeat(20_000), enabled: true }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: expect.stringContaining('larger') });
    const deep = await service.app.request('/sidelog/admin/api/apps', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: `{"key": "k", "x": ${'['.repeat(64)}${']'.repeat(64)}}`,
    });
    expect(deep.status).toBe(400);
    expect(await service.store.app('k')).toBeUndefined();
  });

  test('a flood of unknown keys is counted per key, and the count of kept keys stays bounded', async () => {
    // The table already at its cap, as a flood before this process left it; then enough unknown keys for a prune and
    // more: without the prune the table would hold all of them.
    await fill(service.db, 'refused_keys', MAX_REFUSED_KEYS);
    const flood = PRUNE_EVERY + 100;
    for (let i = 0; i < flood; i++) {
      const answer = await service.wire(
        'getDeviceStatus',
        { app_token: `unknown-${i}`, device: device() },
        `unknown-${i}-${'x'.repeat(8000)}`,
      );
      expect(await answer.json()).toEqual({ error: { code: -1004 } });
    }
    // The same unknown key again adds to its count rather than a row.
    for (let i = 0; i < 5; i++) await service.wire('sendLogs', { session_id: 1, logs: logs(1) }, 'same-unknown-key');
    const refused =
      await service.admin<{ app_key: string; operation: string; status: number; count: number }[]>('refused-keys');
    // In the database itself: pruning runs every PRUNE_EVERY requests, so the table may pass its cap by that much.
    const count = (table: string) => countRows(service.db, table);
    expect(await count('refused_keys')).toBeLessThanOrEqual(MAX_REFUSED_KEYS + PRUNE_EVERY);
    expect(await count('refused_keys')).toBeLessThan(MAX_REFUSED_KEYS + flood);
    expect(await count('requests')).toBe(0);
    expect(refused.find((row) => row.app_key === 'same-unknown-key')).toMatchObject({
      operation: 'sendLogs',
      status: 401,
      count: 5,
    });
    // Keys are cut: 8 KB keys do not make 8 KB rows.
    expect(Math.max(...refused.map((row) => row.app_key.length))).toBeLessThanOrEqual(128);
    // The newest keys are the ones kept: the last of the flood is there, the oldest filled in are gone.
    expect(refused.some((row) => row.app_key.startsWith(`unknown-${flood - 1}-`))).toBe(true);
    expect(refused.some((row) => row.app_key === 'filled-0')).toBe(false);
    // None of it went to the requests log.
    expect((await service.admin(`requests?app=same-unknown-key`)).length).toBe(0);
  });

  test('the requests log keeps its newest rows: past MAX_REQUEST_ROWS the oldest go', async () => {
    // The log already full, as a process before this one left it; then enough requests for a prune and more.
    await fill(service.db, 'requests', MAX_REQUEST_ROWS);
    const total = MAX_REQUEST_ROWS + PRUNE_EVERY + 100;
    for (let i = MAX_REQUEST_ROWS; i < total; i++)
      await service.store.recordRequest(DEMO_APP_KEY, i === total - 1 ? 'sendIssue' : 'sendLogs', 200);
    const count = await countRows(service.db, 'requests');
    expect(count).toBeLessThanOrEqual(MAX_REQUEST_ROWS + PRUNE_EVERY);
    expect(count).toBeLessThan(total);
    const first = await get(`/sidelog/admin/api/requests?app=${DEMO_APP_KEY}&limit=1`);
    // The oldest row left is past the rows pruned; the newest is kept.
    const cursor = Number(/cursor=(\d+)/.exec(nextPageURL(first.headers.get('Link'))!)![1]);
    expect(cursor).toBeGreaterThan(total - MAX_REQUEST_ROWS - PRUNE_EVERY);
    const last = await get(`/sidelog/admin/api/requests?app=${DEMO_APP_KEY}&cursor=${total - 1}`);
    expect(await last.json()).toEqual([expect.objectContaining({ operation: 'sendIssue' })]);
  });
});
