// The explorer's views beyond the stream (docs/explorer.md), in real Chromium against the running service on
// one store (insight-sqlite.test.ts, insight-postgres.test.ts run it on each): patterns group known templates and
// mark a new one; issue groups count occurrences, and a resolved group reopens; the webhook is called once per new
// group and once per reopening; an issue's story shows the lines before each occurrence and what stands out; a
// device's key history and the search by a past key value; sequence search finds exactly the sessions seeded with A
// then B; a saved view restores its address (axe-core checks these pages in explorer-accessibility.test.ts). Seeded
// through the collector, small: a few sessions an app, an app per view, so that no view sees another's lines.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import type { DeviceCopy } from '../../explorer-contract/insight.types.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { E2E_VIEWER, useProductPage, type ProductDatabase } from './product.ts';
import { explorerSettled, signInToExplorer, viewerCookies, viewerText } from './viewer.ts';
import { adminPost } from './admin-client.ts';
import { downloadedText } from './explorer-app.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition, and the same all run. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;

const line = (at: number, t: string, ll = 4): LogRecord =>
  ({ x: new Date(at).toISOString(), at, t, ll, tg: 'e2e' }) as LogRecord;

const PATTERNS_APP = 'insight-e2e-patterns';
const ISSUES_APP = 'insight-e2e-issues';
const SEQUENCE_APP = 'insight-e2e-sequences';

export function describeInsight(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  const url = (path: string, app: string, params: Record<string, string> = {}) =>
    `${e2e.product.url}/sidelog${path}?${new URLSearchParams({ app: appIdOf(app), ...params })}`;

  /** The webhook's receiver: a local HTTP server that keeps what it is sent. */
  const received: { event: string; group: string; occurrences: number }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const payload = JSON.parse(body) as { event: string; group: { title: string; occurrences: number } };
      received.push({ event: payload.event, group: payload.group.title, occurrences: payload.group.occurrences });
      response.end();
    });
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  const issues = () => createCollectorClient(e2e.product.url, e2e.product.adminToken, ISSUES_APP);
  const crashText = (n: number) =>
    `Error: Checkout ${n} failed\nURL: https://shop.example/cart\nLine: 3\nStack: Error: Checkout ${n} failed\n    at pay (https://shop.example/assets/index-a1b2c3d4.js:${n}:7)`;

  /** The e2e viewer's sign-in, made once; each test starts with it (viewerText still signs in should the explorer ask). */
  let signedIn: Cookie[] = [];
  beforeEach(() => e2e.page.context().addCookies(signedIn));
  // Each test opens the addresses it reads, signed in by the hook above: one page for the file (keepPageInBlock).
  e2e.keepPageInBlock();

  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    // Patterns: two templates in the hour before and in the hour; a third only in the hour.
    const patterns = createCollectorClient(e2e.product.url, e2e.product.adminToken, PATTERNS_APP);
    await patterns.createApp();
    const before = await patterns.session('p-before', 'p-device');
    const during = await patterns.session('p-during', 'p-device');
    await patterns.logs(before, [
      line(T0 - 50 * MINUTE, 'payment 11 failed for card visa', 2),
      line(T0 - 40 * MINUTE, 'cart opened with 2 items'),
      line(T0 - 30 * MINUTE, 'payment 12 failed for card amex', 2),
    ]);
    await patterns.logs(during, [
      line(T0 + 1 * MINUTE, 'payment 21 failed for card visa', 2),
      line(T0 + 2 * MINUTE, 'cart opened with 3 items'),
      line(T0 + 3 * MINUTE, 'payment 22 failed for card amex', 2),
      line(T0 + 4 * MINUTE, 'export 7 finished in 3 s'),
      line(T0 + 5 * MINUTE, 'payment 23 failed for card visa', 2),
      line(T0 + 6 * MINUTE, 'cart opened with 12 items'),
      line(T0 + 7 * MINUTE, 'export 8 finished in 41 s'),
      line(T0 + 8 * MINUTE, 'payment 24 failed for card mir', 2),
      // A capture's line, whose example the page shows as the stream's rows do.
      { ...line(T0 + 9 * MINUTE, '{"event":"click","tag":"button","text":"Pay"}'), tg: 'bf_ui_event' },
    ]);

    // Issues: the webhook first, then three crashes of one fingerprint on two devices, each after the same lines but
    // one (the cache's), and sessions without a crash that end with the other lines.
    const client = issues();
    await client.createApp();
    const set = await adminPost(e2e.product.url, e2e.product.adminToken, 'webhooks', { app: ISSUES_APP, url: hook });
    expect(set.status).toBe(200);
    for (const [n, udid] of [
      [1, 'd-1'],
      [2, 'd-2'],
      [3, 'd-1'],
    ] as const) {
      const session = await client.session(`crash-${n}`, udid);
      const at = T0 + n * HOUR;
      await client.logs(session, [
        line(at, 'page opened'),
        line(at + 1_000, `cache evicted for key ${n * 7}`, 1),
        line(at + 2_000, 'button clicked'),
      ]);
      await client.issue(session, {
        uid: `crash-${n}`,
        title: `Checkout ${n} failed`,
        text: crashText(n),
        type: 'crash',
      });
    }
    for (const n of [1, 2, 3]) {
      const session = await client.session(`calm-${n}`, `d-calm-${n}`);
      await client.logs(session, [
        line(T0 + n * HOUR + 10_000, 'page opened'),
        line(T0 + n * HOUR + 11_000, 'button clicked'),
      ]);
    }
    // The device's email, changed and then removed.
    for (const value of ['ann@shop.example', 'ann.b@shop.example', null]) await client.deviceKey('d-1', 'email', value);

    // Sequences: "payment failed" then "feedback sent" within 5 minutes, in exactly two sessions.
    const sequences = createCollectorClient(e2e.product.url, e2e.product.adminToken, SEQUENCE_APP);
    await sequences.createApp();
    const seeds: [string, [number, string][]][] = [
      [
        'seq-yes',
        [
          [0, 'payment failed at checkout'],
          [2, 'feedback sent by the user'],
        ],
      ],
      [
        'seq-reversed',
        [
          [0, 'feedback sent by the user'],
          [1, 'payment failed at checkout'],
        ],
      ],
      [
        'seq-too-late',
        [
          [0, 'payment failed at checkout'],
          [6, 'feedback sent by the user'],
        ],
      ],
      ['seq-no-feedback', [[0, 'payment failed at checkout']]],
      [
        'seq-second-try',
        [
          [0, 'payment failed at checkout'],
          [3, 'page opened'],
          [10, 'payment failed again'],
          [12, 'feedback sent by the user'],
        ],
      ],
      [
        'seq-other-failure',
        [
          [0, 'payment declined at checkout'],
          [1, 'feedback sent by the user'],
        ],
      ],
    ];
    for (const [i, [uid, lines]] of seeds.entries()) {
      const session = await sequences.session(uid, `seq-device-${i}`);
      await sequences.logs(
        session,
        lines.map(([minute, text]) => line(T0 + i * HOUR + minute * MINUTE, text)),
      );
    }
  }, 120_000);

  /** The Checkout group's page, from the list of issues of any status. */
  async function openGroup(page: Page): Promise<void> {
    await viewerText(page, url('/issues', ISSUES_APP, { status: 'all', q: 'checkout' }));
    await page.getByRole('link', { name: 'Checkout <*> failed' }).click();
    await explorerSettled(page);
  }
  async function openStory(page: Page): Promise<void> {
    await openGroup(page);
    await page.getByRole('link', { name: 'What comes before it' }).click();
    await explorerSettled(page);
  }

  async function rows(page: Page, table: string): Promise<string[][]> {
    return page
      .locator(`${table} tbody tr`)
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
      );
  }

  describe('patterns', () => {
    it('group the hour’s lines into their templates with counts, and mark the one the hour before did not have', async () => {
      await viewerText(
        e2e.page,
        url('/patterns', PATTERNS_APP, { from: new Date(T0).toISOString(), to: new Date(T0 + HOUR).toISOString() }),
      );
      const found = (await rows(e2e.page, '.patterns-table')).map(([pattern, count]) => [
        pattern!.split('\n')[0],
        count,
      ]);
      expect(found).toEqual([
        ['payment <*> failed for card <*>', '4'],
        ['cart opened with <*> items', '2'],
        ['export <*> finished in <*> s New', '2'],
        ['{"event":<*>,"tag":<*>,"text":<*>} New', '1'],
      ]);
      expect(await e2e.page.locator('.patterns-table .pattern-new').count()).toBe(2);
      expect(await e2e.page.locator('.pattern-summary').innerText()).toMatch(
        /^Patterns of all 9 lines from .* “New” marks a pattern that all 3 lines from .* did not have\.$/,
      );
      expect(await e2e.page.locator('.pattern-example').allInnerTexts()).toEqual([
        'e.g. payment 21 failed for card visa',
        'e.g. cart opened with 3 items',
        'e.g. export 7 finished in 3 s',
        'e.g. click button "Pay"',
      ]);
      // A pattern's lines are a link into the stream with the same range.
      await e2e.page
        .getByRole('row', { name: /export/ })
        .getByRole('link', { name: 'Show lines' })
        .click();
      await explorerSettled(e2e.page);
      expect(await e2e.page.locator('.log-list .log-text').allInnerTexts()).toEqual([
        'export 8 finished in 41 s',
        'export 7 finished in 3 s',
      ]);
    });

    it('say so when the range before had no lines, where none is marked new', async () => {
      const from = T0 - HOUR;
      await viewerText(
        e2e.page,
        url('/patterns', PATTERNS_APP, { from: new Date(from).toISOString(), to: new Date(T0).toISOString() }),
      );
      expect(await e2e.page.locator('.patterns-table .pattern-new').count()).toBe(0);
      expect(await e2e.page.locator('.pattern-summary').innerText()).toMatch(
        /^Patterns of all 3 lines from .*\. The range before, .* to .*, had no lines: none is marked “New”\.$/,
      );
    });
  });

  describe('issue groups', () => {
    it('count occurrences and devices; a resolved group reopens on a new occurrence; the webhook is called once per new group and per reopening', async () => {
      await viewerText(e2e.page, url('/issues', ISSUES_APP));
      expect(await rows(e2e.page, '.issues-table')).toEqual([
        [
          'Checkout <*> failed\nlatest: Checkout 3 failed',
          'Crash',
          'Open',
          '3',
          '2',
          expect.any(String),
          expect.any(String),
        ],
      ]);
      await e2e.page.getByLabel('Title').fill('nothing like it');
      await e2e.page.getByLabel('Title').press('Enter');
      await e2e.page.getByText('No issues.').waitFor();

      await viewerText(e2e.page, url('/issues', ISSUES_APP));
      await e2e.page.getByRole('link', { name: 'Checkout <*> failed' }).click();
      await explorerSettled(e2e.page);
      expect(await rows(e2e.page, '.occurrences-table')).toEqual([
        // Two devices of one name told apart by a short id (docs/explorer.md#identity).
        ['Checkout 3 failed', 'Crash', 'Chrome on Linux · d-1', 'crash-3', expect.any(String)],
        ['Checkout 2 failed', 'Crash', 'Chrome on Linux · d-2', 'crash-2', expect.any(String)],
        ['Checkout 1 failed', 'Crash', 'Chrome on Linux · d-1', 'crash-1', expect.any(String)],
      ]);
      expect(await e2e.page.locator('.facts.card').innerText()).toContain('pay (/assets/index-<*>.js)');
      await waitFor(
        () => expect(received).toEqual([{ event: 'issue_group.new', group: 'Checkout <*> failed', occurrences: 1 }]),
        { timeout: 15_000 },
      );

      await e2e.page.getByRole('button', { name: 'Resolve', exact: true }).click();
      await e2e.page.locator('.group-status').getByText('Resolved').waitFor();
      // Gone from the open issues.
      await viewerText(e2e.page, url('/issues', ISSUES_APP));
      await e2e.page.getByText('No issues.').waitFor();

      // A new group (feedback) and, after it, a fourth crash: the group opens again.
      const client = issues();
      const feedback = await client.session('feedback-1', 'd-9');
      await client.issue(feedback, {
        uid: 'feedback-1',
        title: 'Love the 2 new carts',
        text: 'Nice',
        type: 'user-feedback',
      });
      const fourth = await client.session('crash-4', 'd-3');
      await client.issue(fourth, { uid: 'crash-4', title: 'Checkout 4 failed', text: crashText(4), type: 'crash' });
      await waitFor(() => expect(received).toHaveLength(3), { timeout: 15_000 });
      expect(received).toEqual([
        { event: 'issue_group.new', group: 'Checkout <*> failed', occurrences: 1 },
        { event: 'issue_group.new', group: 'Love the <*> new carts', occurrences: 1 },
        { event: 'issue_group.reopened', group: 'Checkout <*> failed', occurrences: 4 },
      ]);
      await viewerText(e2e.page, url('/issues', ISSUES_APP));
      expect((await rows(e2e.page, '.issues-table')).map((row) => row.slice(0, 5))).toEqual([
        ['Checkout <*> failed\nlatest: Checkout 4 failed', 'Crash', 'Open', '4', '3'],
        ['Love the <*> new carts\nlatest: Love the 2 new carts', 'User feedback', 'Open', '1', '1'],
      ]);
      await e2e.page.getByRole('link', { name: 'Checkout <*> failed' }).click();
      await explorerSettled(e2e.page);
      expect(await e2e.page.locator('.group-status').innerText()).toMatch(
        /^Open since .*, reopened by a new occurrence/,
      );
    });

    it('an issue’s story shows the last lines before each occurrence, aligned on it, and the line that stands out', async () => {
      await openStory(e2e.page);
      expect(await rows(e2e.page, '.story-table')).toEqual([['cache evicted for key <*>', '3 of 4', '0 of 3', '3.0×']]);
      const before = (uid: string) => e2e.page.getByRole('region', { name: `Before ${uid}` }).locator('.story-line');
      // The session's last lines before the crash, ending at the occurrence (its last line is at 0 s).
      expect(await before('crash-2').evaluateAll((lines) => lines.map((li) => li.textContent))).toEqual([
        '−2.0 s Info page opened',
        '−1.0 s Warning cache evicted for key 14 stands out',
        '0 s Info button clicked',
      ]);
      expect(await before('crash-4').count()).toBe(0);
      // Each occurrence names its device as every view does, a link to the device's page.
      expect(
        await e2e.page
          .getByRole('region', { name: 'Before crash-2' })
          .getByRole('link', { name: 'Chrome on Linux · d-2' })
          .getAttribute('href'),
      ).toMatch(/\/sidelog\/devices\/d-2\?/);
      expect(await e2e.page.getByRole('region', { name: 'Before crash-4' }).innerText()).toContain(
        'Its session has no logs.',
      );
    });
  });

  describe('devices', () => {
    it('a device’s key history shows every change with the value before it, and the device is found by a past value', async () => {
      await viewerText(e2e.page, url('/devices/d-1', ISSUES_APP));
      expect((await rows(e2e.page, '.key-history-table')).map((row) => row.slice(1, 4))).toEqual([
        ['email', '(none)', '"ann@shop.example"'],
        ['email', '"ann@shop.example"', '"ann.b@shop.example"'],
        ['email', '"ann.b@shop.example"', '(removed)'],
      ]);
      const around = new URL(
        (await e2e.page.locator('.key-history-table a').first().getAttribute('href'))!,
        e2e.product.url,
      );
      expect(around.pathname).toBe('/sidelog/logs');
      expect(around.searchParams.get('device')).toBe('d-1');
      expect(Date.parse(around.searchParams.get('to')!) - Date.parse(around.searchParams.get('from')!)).toBe(
        10 * MINUTE,
      );

      await viewerText(e2e.page, url('/devices', ISSUES_APP));
      await e2e.page.getByLabel('Device name, udid or key value').fill('ANN@shop.example');
      await e2e.page.getByLabel('Device name, udid or key value').press('Enter');
      await waitFor(async () => expect((await rows(e2e.page, '.devices-table')).map((row) => row[1])).toEqual(['d-1']));
    });

    // docs/privacy.md#a-copy-of-a-device and #erasing-a-device. The page's part, on SQLite only: every store's are the
    // unit tests'.
    it.runIf(database === undefined)(
      'a viewer downloads a device’s copy; the admin erases it on its page, the explorer shows nothing of it but its record, and says when one failed midway; a viewer has no such button',
      async () => {
        const client = issues();
        const session = await client.session('erase-me', 'd-erase');
        await client.logs(session, [line(T0 + 5 * HOUR, 'order placed by ivan'), line(T0 + 5 * HOUR + 1_000, 'paid')]);
        await client.deviceKey('d-erase', 'email', 'ivan@shop.example');
        const erase = e2e.page.getByRole('button', { name: "Erase this device's data" });
        await viewerText(e2e.page, url('/devices/d-erase', ISSUES_APP));
        expect(await erase.count()).toBe(0);
        // Before it goes, the person's copy (docs/privacy.md#a-copy-of-a-device), which a viewer downloads too.
        const [download] = await Promise.all([
          e2e.page.waitForEvent('download'),
          e2e.page.getByRole('link', { name: 'Download a copy of its data' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`sidelog-${appIdOf(ISSUES_APP)}-d-erase.json`);
        const copy = JSON.parse(await downloadedText(download)) as DeviceCopy;
        expect([copy.device.keys, copy.sessions.map((s) => s.session_uid), copy.logs.map((log) => log.t)]).toEqual([
          [{ key: 'email', value: 'ivan@shop.example' }],
          ['erase-me'],
          ['paid', 'order placed by ivan'],
        ]);

        await e2e.page.context().clearCookies();
        await e2e.page.goto(url('/devices/d-erase', ISSUES_APP));
        await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
        await explorerSettled(e2e.page);
        // The admin sees who took a copy of its data before erasing it (docs/privacy.md#each-download-is-recorded).
        const given = e2e.page.getByRole('region', { name: 'Copies of its data given' });
        await given.locator('tbody tr').first().waitFor();
        expect((await rows(e2e.page, '.downloads-table')).map((row) => row.slice(2))).toEqual([
          ['Copy of device d-erase', E2E_VIEWER.name, '2 logs'],
        ]);
        // A copy the admin takes on the page shows in that list without a reload, once it reached its end.
        await Promise.all([
          e2e.page.waitForEvent('download'),
          e2e.page.getByRole('link', { name: 'Download a copy of its data' }).click(),
        ]);
        await waitFor(async () =>
          expect((await rows(e2e.page, '.downloads-table')).map((row) => row.slice(2))).toEqual([
            ['Copy of device d-erase', 'admin', '2 logs'],
            ['Copy of device d-erase', E2E_VIEWER.name, '2 logs'],
          ]),
        );
        // The app picker's count of the app's sessions, which the erasure's takes one from without a reload.
        const option = e2e.page.getByLabel('App').locator(`option[value="${appIdOf(ISSUES_APP)}"]`);
        const sessions = async () => Number(/\((\d+) session/.exec(await option.innerText())?.[1]);
        const before = await sessions();
        e2e.page.once('dialog', (dialog) => void dialog.accept());
        await erase.click();
        const said = e2e.page.getByRole('status').filter({ hasText: 'is erased' });
        await said.waitFor();
        expect(await said.innerText()).toMatch(
          /^Everything stored of .+ is erased: 2 logs, 1 session, 0 issues and 1 key change\.$/,
        );
        await waitFor(async () => expect(await sessions()).toBe(before - 1));
        await e2e.page.getByRole('link', { name: 'Back to the devices' }).click();
        await explorerSettled(e2e.page);
        expect((await rows(e2e.page, '.devices-table')).map((row) => row[1])).not.toContain('d-erase');
        expect(await viewerText(e2e.page, url('/logs', ISSUES_APP, { q: 'ivan' }))).toContain(
          'No logs match these filters.',
        );
        // Its record on the Settings page.
        await viewerText(e2e.page, url('/settings', ISSUES_APP));
        await e2e.page.locator('.erasures-table').waitFor();
        expect(await rows(e2e.page, '.erasures-table')).toEqual([
          [
            expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
            ISSUES_APP,
            'd-erase',
            'admin',
            '2 logs, 1 session, 0 issues and 1 key change',
          ],
        ]);
        // And the copies the admin and the viewer took before it, kept after the device
        // (docs/privacy.md#each-download-is-recorded).
        expect((await rows(e2e.page, '.downloads-table')).filter((row) => row[1] === ISSUES_APP)).toEqual(
          ['admin', E2E_VIEWER.name].map((by) => [
            expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
            ISSUES_APP,
            'Copy of device d-erase',
            by,
            '2 logs',
          ]),
        );

        // An erasure that failed midway, said so: the database refuses to finish its record (as a full disk would).
        await client.session('half-erased', 'd-half');
        const db = new Database(e2e.product.dbPath);
        db.exec(`CREATE TRIGGER refuse BEFORE UPDATE ON device_erasures WHEN new.finished = 1
                 BEGIN SELECT RAISE(ABORT, 'disk is full'); END;`);
        const erased = await fetch(`${e2e.product.url}/sidelog/admin/api/apps/${ISSUES_APP}/devices/d-half`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${e2e.product.adminToken}`, 'Content-Type': 'application/json' },
        });
        db.exec('DROP TRIGGER refuse');
        db.close();
        expect(erased.ok).toBe(false);
        await viewerText(e2e.page, url('/settings', ISSUES_APP));
        await e2e.page.locator('.erasures-table').waitFor();
        expect((await rows(e2e.page, '.erasures-table'))[0]!.slice(2)).toEqual([
          'd-half',
          'admin API',
          '0 logs, 0 sessions, 0 issues and 0 key changes so far, not finished: erase the device again',
        ]);
        // Its device, still there, a click away, for its page's erasure to finish.
        await e2e.page.locator('.erasures-table').getByRole('link', { name: 'd-half' }).click();
        await e2e.page.getByRole('button', { name: "Erase this device's data" }).waitFor();
        expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe('Chrome on Linux');
      },
    );
  });

  describe('sessions by sequence', () => {
    it('finds exactly the sessions where A was logged and then B within the time', async () => {
      await viewerText(e2e.page, url('/sequences', SEQUENCE_APP));
      await e2e.page.getByLabel('First, a line with').fill('payment failed');
      await e2e.page.getByLabel('Then, a line with').fill('feedback sent');
      await e2e.page.getByLabel('Within (seconds)').fill('300');
      await e2e.page.getByRole('button', { name: 'Find sessions' }).click();
      await e2e.page.locator('.sequences-table').waitFor();
      expect((await rows(e2e.page, '.sequences-table')).map((row) => [row[0], row[4]])).toEqual([
        ['seq-second-try', '2 min'],
        ['seq-yes', '2 min'],
      ]);
      expect(await e2e.page.getByRole('status').innerText()).toBe(
        '2 sessions (6 lines matched the first, 5 the second)',
      );
      expect(new URL(e2e.page.url()).searchParams.get('within')).toBe('300');
    });
  });

  describe('saved views', () => {
    it('a saved view restores its address', async () => {
      await viewerText(e2e.page, url('/logs', SEQUENCE_APP, { level: 'info', q: 'feedback' }));
      const saved = new URL(e2e.page.url());
      await e2e.page.getByText('Saved views').click();
      await e2e.page.getByLabel('Name of this view').fill('Feedback lines');
      await e2e.page.getByRole('button', { name: 'Save view' }).click();
      await e2e.page.getByRole('link', { name: 'Feedback lines' }).waitFor();

      await viewerText(e2e.page, url('/patterns', SEQUENCE_APP));
      await e2e.page.getByText('Saved views (1)').click();
      await e2e.page.getByRole('link', { name: 'Feedback lines' }).click();
      await explorerSettled(e2e.page);
      const restored = new URL(e2e.page.url());
      expect(restored.pathname + restored.search).toBe(saved.pathname + saved.search);
      expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('feedback');
    });
  });

  describe('settings', () => {
    it('the admin sees the app’s webhook and what its last delivery answered; another viewer has no settings', async () => {
      await viewerText(e2e.page, url('/logs', ISSUES_APP));
      expect(await e2e.page.getByRole('link', { name: 'Settings' }).count()).toBe(0);
      await e2e.page.getByRole('button', { name: 'Sign out' }).click();
      await e2e.page.goto(url('/settings', ISSUES_APP));
      await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
      await explorerSettled(e2e.page);
      expect(await e2e.page.getByLabel('Webhook URL').inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);
      expect(await e2e.page.getByRole('region', { name: 'Webhook' }).getByRole('status').innerText()).toMatch(
        /^Last delivery: 200, .*\. Waiting: 0\.$/,
      );
    });

    // docs/local-service.md#viewer-accounts. The page's part, on SQLite only: both stores' are the unit tests'.
    it.runIf(database === undefined)(
      'the admin adds an account on the page, which changes its password, keeps it to one app, and removes it: its sign-in ends at once',
      async () => {
        await e2e.page.context().clearCookies();
        await e2e.page.goto(url('/settings', ISSUES_APP));
        await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
        await explorerSettled(e2e.page);
        const accounts = e2e.page.getByRole('region', { name: 'Viewer accounts' });
        await accounts.getByLabel('Account name').fill('leaver');
        await accounts.getByLabel('Password').fill('long-enough-9');
        await accounts.getByRole('button', { name: 'Add account' }).click();
        await accounts.getByRole('status').filter({ hasText: 'leaver can sign in now.' }).waitFor();
        // The list is read again after the status: until its answer comes, it is loading, and holds no row.
        const leaverRow = accounts.getByRole('row', { name: /^leaver / });
        await leaverRow.waitFor();
        expect(await leaverRow.locator('td').allInnerTexts()).toEqual([
          'leaver',
          'every app\nChange',
          expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
          'Remove',
        ]);

        const theirs = await e2e.product.browser.newContext();
        try {
          const page = await theirs.newPage();
          await page.goto(url('/logs', ISSUES_APP));
          await signInToExplorer(page, { name: 'leaver', password: 'long-enough-9' });
          await explorerSettled(page);
          // The account changes the password the admin gave it, from its name in the header.
          await page.getByRole('link', { name: 'leaver', exact: true }).click();
          await page.getByLabel('Current password').fill('long-enough-9');
          await page.getByLabel('New password').fill('long-enough-10');
          await page.getByRole('button', { name: 'Change password' }).click();
          await page
            .getByRole('status')
            .filter({ hasText: 'Your password is changed, and your other sign-ins have ended.' })
            .waitFor();
          await page.goto(url('/logs', ISSUES_APP));
          await explorerSettled(page);
          expect(await page.getByLabel('App').locator('option').count()).toBeGreaterThan(1);
          // Kept to one app: the account's own page then offers that one alone.
          await accounts.getByLabel('Change the apps of leaver').click();
          await accounts.getByRole('radio', { name: 'Only these:' }).check();
          await accounts.getByRole('checkbox', { name: ISSUES_APP }).check();
          await accounts.getByRole('button', { name: 'Save apps' }).click();
          await accounts
            .getByRole('status')
            .filter({ hasText: `leaver reads ${ISSUES_APP}.` })
            .waitFor();
          await accounts.getByRole('row', { name: new RegExp(`^leaver ${ISSUES_APP}`) }).waitFor();
          await page.reload();
          await explorerSettled(page);
          expect(
            (await page.getByLabel('App').locator('option').allInnerTexts()).map((text) => text.split(' ')[0]),
          ).toEqual([ISSUES_APP]);
          e2e.page.once('dialog', (dialog) => void dialog.accept());
          await accounts.getByRole('button', { name: 'Remove leaver' }).click();
          await accounts.getByRole('status').filter({ hasText: 'leaver is removed.' }).waitFor();
          // Once the list is read again (the e2e viewer's account in it), without the removed one.
          await accounts.getByRole('row', { name: new RegExp(`^${E2E_VIEWER.name} `) }).waitFor();
          expect(await accounts.getByRole('row', { name: /^leaver / }).count()).toBe(0);
          await page.reload();
          await page.getByRole('button', { name: 'Sign in' }).waitFor();
        } finally {
          await theirs.close();
        }
      },
    );
  });
}
