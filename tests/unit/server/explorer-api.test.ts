// The explorer's API: nothing readable without a viewer's sign-in (the admin token, or an account the admin API
// made), a cookie that scripts cannot read, and the data of the intent URLs; and the same data as JSON on the
// admin API.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import type { DownloadRecord } from '../../../explorer-contract/api.types.ts';
import { nextPageURL, readAllPages } from '../../../server/admin/admin-pages.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { MAX_SIGN_INS } from '../../../server/stores/store.types.ts';
import { hashToken, newToken } from '../../../server/http/tokens.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { downloadRow } from './download-row.ts';
import { servicePerTest } from './service-per-test.ts';
import { RECENT_START } from './recent-start.ts';
import { isDatabaseKind, LOG_STORE_KINDS } from './test-databases.ts';

/** Each route of the explorer's page (explorer/ExplorerApp.tsx: `path="/devices/:udid"`, or a constant a module of the
 * page exports), as an address under /sidelog/ with a value in each parameter. */
function explorerPageRoutes(): string[] {
  const page = (file: string) => readFileSync(new URL(`../../../explorer/${file}`, import.meta.url), 'utf8');
  const app = page('ExplorerApp.tsx');
  const constants = new Map(
    [...app.matchAll(/import \{ ([A-Z_]+) \} from '\.\/(\w+\.tsx?)'/g)].map(([, name, file]) => [
      name!,
      new RegExp(`export const ${name} = '([^']+)'`).exec(page(file!))?.[1],
    ]),
  );
  const paths = [...app.matchAll(/<Route path=(?:"([^"]+)"|\{([A-Z_]+)\})/g)].map(([, path, name]) => {
    const found = path ?? constants.get(name!);
    if (!found) throw new Error(`ExplorerApp.tsx: the route {${name}} names no exported string`);
    return found;
  });
  // An intent names one of three kinds; an id is digits where the page takes only digits (an issue group's), and any
  // segment elsewhere.
  return paths.map((path) => `/sidelog${path.replace(':kind', 'issue').replaceAll(/:\w+/g, '7')}`);
}

// One contract on SQLite, on PostgreSQL and on SQLite with its logs in ClickHouse: what reads logs runs on each (a
// viewer's access too: the admin walks every route of an app's data); the sign-in and the explorer's page store and
// read no log, and run on SQLite and PostgreSQL only (isDatabaseKind, docs/testing.md#budget).
describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  const XSS = '<img src=x onerror=alert(1)>';
  const APP_ID = appIdOf(DEMO_APP_KEY);
  const API = '/sidelog/explorer/api';

  let service: Harness;
  /** The logs' times: a minute ago (RECENT_START) and on. On ClickHouse the patterns route, which the admin's walk of
   * every route reads, samples the last hour in 40 slices, each probing back for the app's logs: logged in 1970 (an
   * `at` of 1 ms), those probes took 2.7 s on 18.16's server and 5.7 s on chdb, and 0.2 and 0.7 s logged a minute ago. */
  const T = RECENT_START;
  /** A service over the seeded app: a session with three logs, an issue and a device key. */
  async function seeded(): Promise<Harness> {
    const service = await createHarness({ store: kind });
    const session_id = await service.session('session-1');
    await service.wire('sendLogs', {
      session_id,
      logs: [
        {
          x: '2026-11-22T10:00:00.000Z',
          at: T + 1,
          t: `clicked ${XSS}`,
          ll: 1,
          tg: XSS,
          f: 'cart.ts',
          l: 42,
          m: 'open',
        },
        { x: '2026-11-22T10:00:01.000Z', at: T + 2, t: 'plain line', ll: 4 },
        { x: '2026-11-22T10:00:02.000Z', at: T + 3, t: 'issue-1', ll: 2, tg: 'bf_issue' },
      ],
    });
    await service.wire('sendIssue', {
      uid: 'issue-1',
      url: `http://127.0.0.1/sidelog/intent/${APP_ID}/issue/issue-1`,
      title: `Broken ${XSS}`,
      text: `Steps: ${XSS}`,
      app: { key: DEMO_APP_KEY },
      type: 'crash',
      session_id,
    });
    await service.wire('setDeviceKey', { app_key: DEMO_APP_KEY, device_id: 'device-1', key: 'plan', value: 'gold' });
    return service;
  }
  // A service each for the tests that change what they read (a sign-in, an account, a viewer's apps, more logs); one
  // for a group that only reads the seeded app (`readOnly()`).
  const readOnly = servicePerTest(seeded, (made) => (service = made));

  async function signIn(name: string, password: string): Promise<{ status: number; cookie: string | null }> {
    const answer = await service.app.request(`${API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
    return { status: answer.status, cookie: answer.headers.get('Set-Cookie') };
  }

  /** A GET with the session cookie of `setCookie` (its name=value part). */
  async function get(path: string, setCookie: string | null) {
    const answer = await service.app.request(path, { headers: setCookie ? { Cookie: setCookie.split(';')[0] } : {} });
    const text = await answer.text();
    return { status: answer.status, text, json: () => JSON.parse(text) };
  }

  describe.runIf(isDatabaseKind(kind))('sign-in', () => {
    // Refused before anything is stored or read: one service for them (the two failed sign-ins count toward a
    // throttle none of the others meets).
    describe('refused', () => {
      readOnly();
      test.each([
        '/apps',
        `/apps/${APP_ID}/logs`,
        `/apps/${APP_ID}/sessions`,
        `/apps/${APP_ID}/issues`,
        `/apps/${APP_ID}/devices/device-1`,
        `/apps/${APP_ID}/logs/export`,
        `/intent/${APP_ID}/issue/issue-1`,
        '/me',
      ])('without it, %s answers 401 and shows nothing', async (path) => {
        const answer = await get(`${API}${path}`, null);
        expect(answer.status).toBe(401);
        expect(answer.text).not.toContain('clicked');
        expect(answer.text).not.toContain('session-1');
      });

      test('bodies over 4 KB answer 413 before they are read, on sign-in and on every other route', async () => {
        const big = JSON.stringify({ name: 'admin', password: 'x'.repeat(5000) });
        for (const path of ['/sign-in', '/sign-out', '/apps']) {
          const answer = await service.app.request(`${API}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
            body: big,
          });
          expect(answer.status).toBe(413);
          expect(await answer.json()).toEqual({ error: expect.stringContaining('larger') });
        }
      });

      test('a wrong password or token is refused, and so is a forged cookie', async () => {
        expect((await signIn('admin', 'not-the-token')).status).toBe(401);
        expect((await signIn('nobody', 'whatever-password')).status).toBe(401);
        expect((await get(`${API}/apps`, 'sidelog_viewer=forged')).status).toBe(401);
      });
    });

    test(`an account keeps its ${MAX_SIGN_INS} newest sign-ins: one more ends the oldest, and only it`, async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      // The first MAX_SIGN_INS as a sign-in keeps them, straight in the store, which holds the bound; the last through
      // the API. Each sign-in through the API hashes the password (39 ms of scrypt): 102 of them took 5.7 s.
      const cookies: (string | null)[] = [];
      for (let i = 0; i < MAX_SIGN_INS; i++) {
        const token = newToken();
        await service.store.addViewerSession(hashToken(token), 'support', new Date(Date.now() + 60_000), new Date());
        cookies.push(`sidelog_viewer=${token}; Path=/sidelog`);
      }
      cookies.push((await signIn('support', 'long-enough-1')).cookie);
      expect((await get(`${API}/me`, cookies[0])).status).toBe(401);
      for (const cookie of [cookies[1], cookies[MAX_SIGN_INS]])
        expect((await get(`${API}/me`, cookie)).json()).toEqual({ name: 'support' });
    });

    test('/viewer says who is signed in, and that no one is without an error: the sign-in page asks it with no cookie', async () => {
      expect(await get(`${API}/viewer`, null)).toMatchObject({ status: 200 });
      expect((await get(`${API}/viewer`, null)).json()).toEqual({ name: null });
      expect((await get(`${API}/viewer`, 'sidelog_viewer=not-a-token')).json()).toEqual({ name: null });
      const { cookie } = await signIn('admin', ADMIN_TOKEN);
      expect((await get(`${API}/viewer`, cookie)).json()).toEqual({ name: 'admin' });
    });

    test('the admin token signs in as admin, with an HttpOnly, SameSite=Strict cookie', async () => {
      const { status, cookie } = await signIn('admin', ADMIN_TOKEN);
      expect(status).toBe(200);
      expect(cookie).toMatch(/^sidelog_viewer=[\w-]{20,};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\/sidelog/);
      expect((await get(`${API}/me`, cookie)).json()).toEqual({ name: 'admin' });
    });

    test('sign-in is throttled per address: past 20 failures in 15 minutes even the right token answers 429', async () => {
      for (let i = 0; i < 20; i++) expect((await signIn(`guess-${i}`, `guess-${i}`)).status).toBe(401);
      const throttled = await service.app.request(`${API}/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'admin', password: ADMIN_TOKEN }),
      });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(throttled.headers.get('Set-Cookie')).toBeNull();
      expect(await throttled.json()).toEqual({ error: 'Too many sign-in attempts. Try again later.' });
    });

    test('sign-in is throttled per account: past 10 failures on a name, its right password answers 429, other names go on', async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      for (let i = 0; i < 10; i++) expect((await signIn('support', `guess-${i}-password`)).status).toBe(401);
      expect((await signIn(' support ', 'long-enough-1')).status).toBe(429);
      expect((await signIn('admin', ADMIN_TOKEN)).status).toBe(200);
    });

    test('an account the admin API makes signs in; a new password ends its sign-ins', async () => {
      await expect(service.admin('viewers', { json: { name: 'support', password: 'short' } })).rejects.toThrow(/400/);
      await expect(service.admin('viewers', { json: { name: 'admin', password: 'long-enough-1' } })).rejects.toThrow(
        /400/,
      );
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      const first = await signIn('support', 'long-enough-1');
      expect(first.status).toBe(200);
      expect((await get(`${API}/me`, first.cookie)).json()).toEqual({ name: 'support' });

      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-2' } });
      expect((await get(`${API}/me`, first.cookie)).status).toBe(401);
      expect((await signIn('support', 'long-enough-1')).status).toBe(401);
      expect((await signIn('support', 'long-enough-2')).status).toBe(200);
    });

    test('the admin API lists the accounts and removes one: its sign-in ends at once, and it signs in no more', async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      await service.admin('viewers', { json: { name: 'leaver', password: 'long-enough-2' } });
      await service.admin('viewers/leaver/apps', { json: { apps: [DEMO_APP_KEY] } });
      const { cookie } = await signIn('leaver', 'long-enough-2');
      expect((await get(`${API}/me`, cookie)).status).toBe(200);
      const listed = await service.admin<{ viewers: { name: string; apps: string[] | null; created_at: string }[] }>(
        'viewers',
      );
      expect(listed.viewers.map(({ name, apps }) => ({ name, apps }))).toEqual([
        { name: 'leaver', apps: [DEMO_APP_KEY] },
        { name: 'support', apps: null },
      ]);
      expect(JSON.stringify(listed)).not.toContain('password');

      expect(await service.admin('viewers/leaver', { method: 'DELETE' })).toEqual({ name: 'leaver' });
      expect((await get(`${API}/me`, cookie)).status).toBe(401);
      expect((await signIn('leaver', 'long-enough-2')).status).toBe(401);
      expect((await service.admin<{ viewers: { name: string }[] }>('viewers')).viewers.map(({ name }) => name)).toEqual(
        ['support'],
      );
      await expect(service.admin('viewers/leaver', { method: 'DELETE' })).rejects.toThrow(/404.*no such viewer/);
    });

    test("the explorer's own viewer routes are the admin's alone: a viewer is refused, the admin lists and removes", async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      const viewer = (await signIn('support', 'long-enough-1')).cookie!.split(';')[0]!;
      const admin = (await signIn('admin', ADMIN_TOKEN)).cookie!.split(';')[0]!;
      const call = (cookie: string, path: string, method = 'GET', json?: unknown) =>
        service.app.request(`${API}${path}`, {
          method,
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        });
      for (const [path, method, json] of [
        ['/viewers', 'GET'],
        ['/viewers', 'POST', { name: 'mine', password: 'long-enough-3' }],
        ['/viewers/support', 'DELETE', {}],
        ['/viewers/support/apps', 'POST', { apps: null }],
      ] as const) {
        const refused = await call(viewer, path, method, json);
        expect([path, method, refused.status, await refused.json()]).toEqual([
          path,
          method,
          403,
          { error: 'only the admin manages viewer accounts' },
        ]);
      }
      expect((await (await call(admin, '/viewers')).json()).viewers.map((v: { name: string }) => v.name)).toEqual([
        'support',
      ]);
      expect((await call(admin, '/viewers', 'POST', { name: 'new-one', password: 'short' })).status).toBe(400);
      expect((await call(admin, '/viewers', 'POST', { name: 'new-one', password: 'long-enough-4' })).status).toBe(201);
      expect(await (await call(admin, '/viewers/support', 'DELETE', {})).json()).toEqual({ name: 'support' });
      expect((await call(viewer, '/me')).status).toBe(401);
      expect((await (await call(admin, '/viewers')).json()).viewers.map((v: { name: string }) => v.name)).toEqual([
        'new-one',
      ]);
    });

    test('an account changes its own password: the current one checked, its other sign-ins end, this one goes on', async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      const elsewhere = (await signIn('support', 'long-enough-1')).cookie;
      const here = (await signIn('support', 'long-enough-1')).cookie;
      const change = (cookie: string | null, json: unknown) =>
        service.app.request(`${API}/me/password`, {
          method: 'POST',
          headers: { Cookie: cookie!.split(';')[0]!, 'Content-Type': 'application/json' },
          body: JSON.stringify(json),
        });
      const wrong = await change(here, { password: 'not-the-one', newPassword: 'long-enough-2' });
      expect([wrong.status, await wrong.json()]).toEqual([403, { error: 'The current password is wrong.' }]);
      const short = await change(here, { password: 'long-enough-1', newPassword: 'short' });
      expect([short.status, await short.json()]).toEqual([
        400,
        { error: `'newPassword' must be a string of at least 8 characters` },
      ]);
      const changed = await change(here, { password: 'long-enough-1', newPassword: 'long-enough-2' });
      expect([changed.status, await changed.json()]).toEqual([200, { name: 'support' }]);
      expect((await get(`${API}/me`, elsewhere)).status).toBe(401);
      expect((await get(`${API}/me`, here)).status).toBe(401);
      expect((await get(`${API}/me`, changed.headers.get('Set-Cookie'))).json()).toEqual({ name: 'support' });
      expect((await signIn('support', 'long-enough-1')).status).toBe(401);
      expect((await signIn('support', 'long-enough-2')).status).toBe(200);

      const admin = (await signIn('admin', ADMIN_TOKEN)).cookie;
      expect((await change(admin, { password: ADMIN_TOKEN, newPassword: 'long-enough-3' })).status).toBe(403);
    });

    test("an account's wrong current passwords count with its failed sign-ins: past 10, both answer 429", async () => {
      await service.admin('viewers', { json: { name: 'support', password: 'long-enough-1' } });
      const { cookie } = await signIn('support', 'long-enough-1');
      for (let i = 0; i < 10; i++) {
        const guess = await service.app.request(`${API}/me/password`, {
          method: 'POST',
          headers: { Cookie: cookie!.split(';')[0]!, 'Content-Type': 'application/json' },
          body: JSON.stringify({ password: `guess-${i}-password`, newPassword: 'long-enough-2' }),
        });
        expect(guess.status).toBe(403);
      }
      expect((await signIn('support', 'long-enough-1')).status).toBe(429);
    });

    test('sign-out ends the session', async () => {
      const { cookie } = await signIn('admin', ADMIN_TOKEN);
      await service.app.request(`${API}/sign-out`, {
        method: 'POST',
        headers: { Cookie: cookie!.split(';')[0], 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect((await get(`${API}/apps`, cookie)).status).toBe(401);
    });
  });

  describe('signed in', () => {
    readOnly();
    let cookie: string | null;
    beforeEach(async () => {
      cookie = (await signIn('admin', ADMIN_TOKEN)).cookie;
    });

    test('an intent URL resolves to its app, and an unknown one is a 404', async () => {
      for (const [kind, id] of [
        ['issue', 'issue-1'],
        ['session', 'session-1'],
        ['device', 'device-1'],
      ]) {
        expect((await get(`${API}/intent/${APP_ID}/${kind}/${id}`, cookie)).json()).toEqual({
          appId: APP_ID,
          kind,
          id,
        });
      }
      for (const path of ['issue/nope', 'session/nope', 'device/nope', 'toString/session-1', 'logs/session-1']) {
        expect((await get(`${API}/intent/${APP_ID}/${path}`, cookie)).status).toBe(404);
        expect((await get(`${API}/intent/wrong-app-/${path}`, cookie)).status).toBe(404);
      }
    });

    test('the sessions list has device, version, language, times, counts by level and issues', async () => {
      const { sessions } = (await get(`${API}/apps/${APP_ID}/sessions`, cookie)).json();
      expect(sessions).toEqual([
        expect.objectContaining({
          session_uid: 'session-1',
          udid: 'device-1',
          device_name: 'Chrome on Linux',
          app_version: '0.0.0',
          language: 'ru-RU',
          first_at: T + 1,
          last_at: T + 3,
          total: 3,
          counts: { debug: 0, warning: 1, error: 1, trace: 0, info: 1, fatal: 0 },
          issues: 1,
        }),
      ]);
    });

    test('an issue comes with its session logs around its bf_issue line', async () => {
      const { issue, around } = (await get(`${API}/apps/${APP_ID}/issues/issue-1`, cookie)).json();
      expect(issue).toMatchObject({ uid: 'issue-1', type: 'crash', title: `Broken ${XSS}`, session_uid: 'session-1' });
      expect(around.target.tg).toBe('bf_issue');
      expect(around.logs.map((log: { t: string }) => log.t)).toEqual([`clicked ${XSS}`, 'plain line', 'issue-1']);
    });

    test('the lines around a log reach as far as asked on each side, and say what lies beyond', async () => {
      const { around } = (await get(`${API}/apps/${APP_ID}/issues/issue-1`, cookie)).json();
      const plain = around.logs.find((log: { t: string }) => log.t === 'plain line');
      const answer = (await get(`${API}/apps/${APP_ID}/logs/${plain.id}/around?older=0&newer=1`, cookie)).json();
      expect(answer).toMatchObject({ moreOlder: true, moreNewer: false });
      expect(answer.logs.map((log: { t: string }) => log.t)).toEqual(['plain line', 'issue-1']);
      const bad = await get(`${API}/apps/${APP_ID}/logs/${plain.id}/around?older=lots`, cookie);
      expect(bad.status).toBe(400);
      expect(bad.json().error).toMatch(/older/);
    });

    test('a device has its keys', async () => {
      const device = (await get(`${API}/apps/${APP_ID}/devices/device-1`, cookie)).json();
      expect(device).toMatchObject({ udid: 'device-1', sessions: 1, keys: [{ key: 'plan', value: 'gold' }] });
    });

    test('bad filters are a 400 with the reason', async () => {
      const answer = await get(`${API}/apps/${APP_ID}/logs?level=loud`, cookie);
      expect(answer.status).toBe(400);
      expect(answer.json().error).toMatch(/level/);
      expect((await get(`${API}/apps/${APP_ID}/logs?from=yesterday`, cookie)).status).toBe(400);
      expect((await get(`${API}/apps/${APP_ID}/logs?before=xyz`, cookie)).status).toBe(400);
      // An id past 2^53, which no page gave (and PostgreSQL's bigint could not take).
      expect((await get(`${API}/apps/${APP_ID}/logs?before=1_100000000000000000000000`, cookie)).status).toBe(400);
    });

    test('exports are streamed NDJSON and CSV of the filtered view', async () => {
      const ndjson = await get(`${API}/apps/${APP_ID}/logs/export?format=ndjson&level=warning,info`, cookie);
      expect(
        ndjson.text
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).t),
      ).toEqual(['plain line', `clicked ${XSS}`]);
      const csv = await get(`${API}/apps/${APP_ID}/logs/export?format=csv&q=plain`, cookie);
      expect(csv.text).toBe(
        'time,level,tag,text,file,line,column,method,url,session,device\r\n2026-11-22T10:00:01.000Z,info,,plain line,,,,,,session-1,device-1\r\n',
      );
      // Each recorded for the admin, the view without its search's words (docs/privacy.md#each-download-is-recorded).
      const records = (await get(`${API}/downloads`, cookie)).json() as DownloadRecord[];
      const recorded = (view: string) => records.filter((record) => record.view === view).map(downloadRow);
      expect([recorded('level=warning%2Cinfo'), recorded('q=%E2%80%A6')]).toEqual([
        [[DEMO_APP_KEY, 'export', null, 'ndjson', 'admin', 2, true]],
        [[DEMO_APP_KEY, 'export', null, 'csv', 'admin', 1, true]],
      ]);
    });
  });

  // docs/explorer-views.md#issue-lines: the line's text is the issue's uid, which tells a reader nothing.
  test("a bf_issue line comes with its issue's title, in the stream, the tail and the lines around it", async () => {
    const cookie = (await signIn('admin', ADMIN_TOKEN)).cookie;
    const session_id = await service.session('session-1');
    await service.wire('sendLogs', {
      session_id,
      logs: [{ x: '2026-11-22T10:00:03.000Z', at: T + 4, t: 'issue-never-sent', ll: 2, tg: 'bf_issue' }],
    });
    const titles = (logs: { t: string; issue_title?: string | null }[]) =>
      logs.map((log) => (log.issue_title === undefined ? log.t : [log.t, log.issue_title]));

    const { logs } = (await get(`${API}/apps/${APP_ID}/logs`, cookie)).json();
    expect(titles(logs)).toEqual([
      ['issue-never-sent', null],
      ['issue-1', `Broken ${XSS}`],
      'plain line',
      `clicked ${XSS}`,
    ]);
    const tail = (await get(`${API}/apps/${APP_ID}/logs/tail?after=0`, cookie)).json();
    expect(titles(tail.logs)).toEqual([
      `clicked ${XSS}`,
      'plain line',
      ['issue-1', `Broken ${XSS}`],
      ['issue-never-sent', null],
    ]);
    const line = logs.find((log: { t: string }) => log.t === 'issue-1');
    const around = (await get(`${API}/apps/${APP_ID}/logs/${line.id}/around?count=1`, cookie)).json();
    expect(titles([around.target, ...around.logs])).toEqual([
      ['issue-1', `Broken ${XSS}`],
      'plain line',
      ['issue-1', `Broken ${XSS}`],
      ['issue-never-sent', null],
    ]);
    const issue = (await get(`${API}/apps/${APP_ID}/issues/issue-1`, cookie)).json();
    expect(issue.around.target.issue_title).toBe(`Broken ${XSS}`);
  });

  describe('per-app access', () => {
    /** Every explorer route of `methods` on an app's data (by default those that read it), with ids of the demo app's
     * data in its parameters; named with their method when `methods` are several. */
    const appRoutes = (methods = ['GET']) =>
      [
        ...new Set(
          service.app.routes
            .filter(
              (route) =>
                methods.includes(route.method) && /^\/sidelog\/explorer\/api\/(apps|intent)\/:appId/.test(route.path),
            )
            .map((route) => `${methods.length > 1 ? `${route.method} ` : ''}${route.path}`),
        ),
      ].map((route) =>
        route
          .replace(API, '')
          .replace(':appId', APP_ID)
          .replace(':kind/:id', 'session/session-1')
          .replace(':id', '1')
          .replace('/sessions/:uid', '/sessions/session-1')
          .replace('/issues/:uid', '/issues/issue-1')
          .replace(':udid', 'device-1')
          .replace('/*', '/logs'),
      );

    /** A POST of the admin API, whatever its answer. */
    async function adminPost(path: string, json: unknown) {
      const answer = await service.app.request(`/sidelog/admin/api/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: answer.status, json: await answer.json() };
    }

    test("a viewer limited to other apps reads none of this app's data by any route, and the admin API can lift the limit", async () => {
      await service.admin('apps', { json: { key: 'allowed-app' } });
      await service.admin('viewers', { json: { name: 'limited', password: 'long-enough-1' } });
      expect(await adminPost('viewers/limited/apps', { apps: ['allowed-app'] })).toEqual({
        status: 200,
        json: { name: 'limited', apps: ['allowed-app'] },
      });
      const limited = (await signIn('limited', 'long-enough-1')).cookie;
      const admin = (await signIn('admin', ADMIN_TOKEN)).cookie;
      const routes = appRoutes();
      // The logs and their volume, count, facets, tail, export and lines around; tags; sessions; issues; devices; intents;
      // the issue groups and their replies, patterns, sequences, saved views, key history and webhook.
      expect(routes.length).toBeGreaterThanOrEqual(20);
      for (const route of routes) {
        // Refused by the access rule, as an app that does not exist, and nothing of its data in the answer.
        const answer = await get(`${API}${route}`, limited);
        expect([answer.status, answer.json().error], route).toEqual([
          404,
          route.startsWith('/intent/') ? 'no such session' : 'no such app',
        ]);
        expect(answer.text, route).not.toMatch(/clicked|plain line|session-1|device-1|Broken|cart\.ts/);
        // The admin reaches the same route (some answer 400 for parameters this walk does not give).
        const asAdmin = await get(`${API}${route}`, admin);
        expect(asAdmin.status, `${route} as the admin: ${asAdmin.text}`).toBeLessThan(500);
        expect(asAdmin.text, `${route} as the admin`).not.toContain('no such app');
      }
      expect((await get(`${API}/apps`, limited)).json().map((app: { key: string }) => app.key)).toEqual([
        'allowed-app',
      ]);
      // Nor does it change any: a group's status, a reply, a saved view, the webhook.
      const writes = appRoutes(['POST', 'DELETE']);
      expect(writes.length).toBeGreaterThanOrEqual(5);
      for (const write of writes) {
        const [method, route] = write.split(' ') as [string, string];
        const answer = await service.app.request(`${API}${route}`, {
          method,
          headers: { Cookie: limited!.split(';')[0]!, 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: 'planted', status: 'muted', name: 'planted', path: '/logs', query: '' }),
        });
        expect([answer.status, ((await answer.json()) as { error: string }).error], write).toEqual([
          404,
          'no such app',
        ]);
      }

      expect((await adminPost('viewers/limited/apps', { apps: null })).status).toBe(200);
      expect((await get(`${API}/apps/${APP_ID}/logs`, limited)).text).toContain('plain line');
    });

    test('the admin API refuses a limit that names no viewer, an unknown app or no list', async () => {
      await service.admin('viewers', { json: { name: 'limited', password: 'long-enough-1' } });
      expect((await adminPost('viewers/nobody/apps', { apps: [DEMO_APP_KEY] })).status).toBe(404);
      expect(await adminPost('viewers/limited/apps', { apps: ['no-such-app'] })).toEqual({
        status: 400,
        json: { error: 'no such app: no-such-app' },
      });
      expect((await adminPost('viewers/limited/apps', { apps: 'all' })).status).toBe(400);
    });
  });

  describe('a large export', () => {
    test('is written a page at a time, every filtered log once, newest first', async () => {
      const session_id = await service.session('session-big');
      const count = 2_500;
      const logs = Array.from({ length: count }, (_, i) => ({
        x: new Date(10_000 + i).toISOString(),
        at: 10_000 + i,
        t: `big ${i}`,
        ll: 4,
        tg: 'big',
      }));
      for (let from = 0; from < count; from += 500)
        await service.wire('sendLogs', { session_id, logs: logs.slice(from, from + 500) });
      const { cookie } = await signIn('admin', ADMIN_TOKEN);
      const answer = await service.app.request(`${API}/apps/${APP_ID}/logs/export?format=ndjson&tag=big`, {
        headers: { Cookie: cookie!.split(';')[0]! },
      });
      // Read as it comes: the body arrives in several chunks (a page of 1,000 logs each), not as one buffer.
      const chunks: string[] = [];
      const decoder = new TextDecoder();
      for await (const chunk of answer.body! as unknown as AsyncIterable<Uint8Array>)
        chunks.push(decoder.decode(chunk, { stream: true }));
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      const texts = chunks
        .join('')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { t: string }).t);
      expect(texts).toEqual(logs.map((log) => log.t).reverse());
    });
  });

  describe.runIf(isDatabaseKind(kind))('the explorer page', () => {
    // None of them reads the seeded service (one serves a build of its own): one for them all.
    readOnly();
    test.each(['/sidelog/issue/x', '/sidelog/intent/x/nothing/y', '/sidelog/api/nothing'])(
      '%s is not an explorer route',
      async (path) => {
        expect((await service.app.request(path)).status).toBe(404);
      },
    );

    test('every explorer route is explorer.html (history mode), never cached, and holds no data', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'explorer-dist-'));
      const page = '<!doctype html><div id="root"></div><script type="module" src="/assets/explorer-abc.js"></script>';
      writeFileSync(join(dist, 'explorer.html'), page);
      writeFileSync(join(dist, 'index.html'), 'portal');
      const built = await createHarness({ distDir: dist, store: kind });
      try {
        for (const path of [
          '/sidelog/',
          '/sidelog/sign-in',
          '/sidelog/logs?app=x&level=error',
          '/sidelog/issues/abc',
          '/sidelog/devices/d-1',
          `/sidelog/intent/${APP_ID}/issue/issue-1`,
          // Every route the page has, so that each opens from a link, a bookmark or a reload as it does from a click.
          ...explorerPageRoutes(),
        ]) {
          const answer = await built.app.request(path);
          expect(answer.status, path).toBe(200);
          expect(answer.headers.get('Cache-Control')).toBe('no-cache');
          expect(await answer.text()).toBe(page);
        }
        const bare = await built.app.request('/sidelog');
        expect(bare.status).toBe(302);
        expect(bare.headers.get('Location')).toBe('/sidelog/');
      } finally {
        built.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });
  });

  // The counts the sessions list orders by come from the logs as stored: with the logs in ClickHouse, from what the
  // collector counted in SIDELOG_DB once ClickHouse had them (docs/clickhouse.md#sessions-ordered-by-their-logs).
  describe('sessions ordered by their logs', () => {
    let cookie: string | null;
    beforeEach(async () => {
      cookie = (await signIn('admin', ADMIN_TOKEN)).cookie;
    });
    // Both tests read the same sessions: sent once, to one service.
    readOnly(async (service) => {
      const line = (at: number, ll: number) => ({ x: new Date(at).toISOString(), at: T + at, t: `line ${at}`, ll });
      await service.wire('sendLogs', {
        session_id: await service.session('quiet'),
        logs: [line(10, 4), line(20, 4)],
      });
      const loud = {
        session_id: await service.session('loud'),
        logs: [5, 6, 7, 8, 30].map((at, i) => line(at, [2, 2, 5, 4, 4][i]!)),
      };
      await service.wire('sendLogs', loud);
      // Sent again: stored and counted once.
      await service.wire('sendLogs', loud);
    });
    const uids = async (query: string) =>
      ((await get(`${API}/apps/${APP_ID}/sessions?${query}`, cookie)).json().sessions as { session_uid: string }[]).map(
        (session) => session.session_uid,
      );

    test('by last, first, logs and errors, and only those with errors', async () => {
      expect(await uids('sort=last')).toEqual(['loud', 'quiet', 'session-1']);
      expect(await uids('sort=first')).toEqual(['quiet', 'loud', 'session-1']);
      expect(await uids('sort=logs')).toEqual(['loud', 'session-1', 'quiet']);
      expect(await uids('sort=errors')).toEqual(['loud', 'session-1', 'quiet']);
      expect(await uids('with=errors')).toEqual(['loud', 'session-1']);
      const loud = (await get(`${API}/apps/${APP_ID}/sessions/loud`, cookie)).json();
      expect(loud).toMatchObject({
        first_at: T + 5,
        last_at: T + 30,
        total: 5,
        counts: { debug: 0, warning: 0, error: 2, trace: 0, info: 2, fatal: 1 },
      });
    });

    test("a device's first and last time, the sessions without an issue's group, and the batches list", async () => {
      expect((await get(`${API}/apps/${APP_ID}/devices/device-1`, cookie)).json()).toMatchObject({
        first_at: T + 1,
        last_at: T + 30,
      });
      const group = (await service.store.groupOfIssue(DEMO_APP_KEY, 'issue-1'))!;
      expect(await service.store.sessionsWithoutGroup(DEMO_APP_KEY, group.id, 10)).toEqual(['loud', 'quiet']);
      const batches = await service.admin(`batches?app=${DEMO_APP_KEY}`);
      expect(batches.map((batch: { session_uid: string; count: number; stored: number }) => batch)).toEqual([
        expect.objectContaining({ session_uid: 'session-1', count: 3, stored: 3 }),
        expect.objectContaining({ session_uid: 'quiet', count: 2, stored: 2 }),
        expect.objectContaining({ session_uid: 'loud', count: 5, stored: 5 }),
        expect.objectContaining({ session_uid: 'loud', count: 5, stored: 0 }),
      ]);
    });
  });

  describe('the viewer data as JSON (admin API)', () => {
    readOnly();
    test('issue by uuid, with its session logs', async () => {
      const view = await service.admin(`intent/${APP_ID}/issue/issue-1`);
      expect(view.issue).toMatchObject({ uid: 'issue-1', type: 'crash', session_uid: 'session-1' });
      expect(view.logs.map((log: { t: string }) => log.t)).toEqual([`clicked ${XSS}`, 'plain line', 'issue-1']);
    });

    test('session by uuid, with its logs and issues', async () => {
      const view = await service.admin(`intent/${APP_ID}/session/session-1`);
      expect(view.session).toMatchObject({ session_uid: 'session-1', udid: 'device-1' });
      expect(view.logs).toHaveLength(3);
      expect(view.issues.map((issue: { uid: string }) => issue.uid)).toEqual(['issue-1']);
    });

    test('device by udid, with its keys and sessions', async () => {
      const view = await service.admin(`intent/${APP_ID}/device/device-1`);
      expect(view.keys).toEqual([{ key: 'plan', value: 'gold' }]);
      expect(view.sessions.map((session: { session_uid: string }) => session.session_uid)).toEqual(['session-1']);
    });

    test('unknown ids answer 404', async () => {
      await expect(service.admin(`intent/${APP_ID}/issue/nope`)).rejects.toThrow(/404/);
    });
  });
  describe("the admin API's logs list", () => {
    // Each store's own order of arrival: its row ids, or on ClickHouse arrival numbers (docs/clickhouse.md#arrival-order).
    test('a log arriving between two pages comes once, after the others: none missed or repeated', async () => {
      const get = (path: string) => service.app.request(path, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      const session_id = await service.session('paged');
      const line = (at: number, t: string) => ({ x: new Date(Date.UTC(2026, 10, 22, 11) + at).toISOString(), at, t });
      await service.wire('sendLogs', { session_id, logs: [10, 11, 12, 13].map((at) => line(at, `line ${at}`)) });
      const first = await get(`/sidelog/admin/api/logs?app=${DEMO_APP_KEY}&limit=4`);
      const listed = ((await first.json()) as { t: string }[]).map((row) => row.t);
      // Stamped before every log listed, it arrives after them all.
      await service.wire('sendLogs', { session_id, logs: [line(0.5, 'late')] });
      const rest = await readAllPages<{ t: string }>(get, nextPageURL(first.headers.get('Link'))!);
      expect([...listed, ...rest.map((row) => row.t)]).toEqual([
        `clicked ${XSS}`,
        'plain line',
        'issue-1',
        'line 10',
        'line 11',
        'line 12',
        'line 13',
        'late',
      ]);
    });
  });
});
