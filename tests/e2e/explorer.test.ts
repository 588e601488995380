// The log explorer in real Chromium against the running service (docs/local-service.md#explorer): the sign-in it needs,
// each filter and their combination, the volume, count and facets of a view, search among 100,000 logs, links that restore a view, the live tail, exports, the
// intent URLs, logged markup shown as text, and no serious accessibility violation on any page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Cookie, Download, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromLocalInput } from '../../explorer/format.ts';
import { TAIL_EVERY_MS } from '../../explorer/logs/use-log-stream.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf, bugfenderAppIdOf } from '../../server/app-id.ts';
import { EXPLORER_CSP } from '../../server/explorer/static.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { explorerSettled, signInToExplorer, viewerCookies, viewerText } from './viewer.ts';

const e2e = useProductPage();

const APP = 'explorer-e2e-app';
const APP_ID = appIdOf(APP);
const BIG_APP = 'explorer-e2e-big';
/** Apps of their own, so their logs change no other test's view of APP. */
const ROWS_APP = 'explorer-e2e-rows';
const TAIL_APP = 'explorer-e2e-tail';
const ISSUES_APP = 'explorer-e2e-issues';
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const MARKUP = 'Clicked <b>bold</b> <img src=x onerror="window.pwned=1">';

const log = (minute: number, t: string, ll: number, tg: string): LogRecord =>
  ({
    x: new Date(T0 + minute * 60_000).toISOString(),
    at: T0 + minute * 60_000,
    t,
    ll,
    tg,
    f: 'checkout.ts',
    l: 40 + minute,
    m: 'pay',
    u: 'https://shop.example/cart',
  }) as LogRecord;

/** What each session received, oldest first. */
const ALPHA = [
  log(0, 'alpha debug boot', 0, 'boot'),
  log(1, 'alpha warning slow network', 1, 'net'),
  log(2, 'alpha error payment declined', 2, 'pay'),
  log(3, 'issue-alpha', 2, 'bf_issue'),
  log(4, MARKUP, 4, 'ui'),
];
const BETA = [
  log(5, 'beta info started', 4, 'boot'),
  log(6, 'beta error timeout', 2, 'net'),
  log(7, 'beta debug idle', 0, 'ui'),
];
const ALL = [...ALPHA, ...BETA];
/** The stream shows the newest first. */
const newestFirst = (logs: LogRecord[]) => [...logs].sort((a, b) => b.at - a.at).map((entry) => entry.t);

let betaSession: number;
/** The e2e viewer's sign-in, made once: a test that is not about signing in starts with it (startSignedIn). */
let signedIn: Cookie[] = [];
beforeAll(async () => {
  signedIn = await viewerCookies(e2e.product.browser, e2e.product.url);
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  const alpha = await collector.session('s-alpha', 'd-alpha');
  betaSession = await collector.session('s-beta', 'd-beta');
  await collector.logs(alpha, ALPHA);
  await collector.logs(betaSession, BETA);
  // Its text holds a redaction's replacement, so that the accessibility checks meet a marked token.
  await collector.issue(alpha, {
    uid: 'issue-alpha',
    title: 'Checkout crashed',
    text: 'Pay button threw for [email]',
    type: 'crash',
  });
  await collector.issue(betaSession, {
    uid: 'feedback-beta',
    title: 'Love the new cart',
    text: 'Nice work',
    type: 'user-feedback',
  });
  await collector.deviceKey('d-alpha', 'plan', 'gold');
  await collector.deviceKey('d-beta', 'plan', 'silver');
});

/** Each test of the describe block starts signed in; viewerText still signs in should the explorer ask. */
const startSignedIn = () => beforeEach(() => e2e.page.context().addCookies(signedIn));

/** Drives the live tail's poll timer with Playwright's clock (installed before the page loads) until `check` passes:
 * each step fires the next poll at once instead of waiting its 0.7 s. */
async function tailUntil(page: Page, check: () => Promise<unknown>): Promise<void> {
  await vi.waitFor(
    async () => {
      await page.clock.fastForward(TAIL_EVERY_MS);
      await check();
    },
    { timeout: 30_000, interval: 50 },
  );
}

const logsUrl = (params: Record<string, string> = {}) =>
  `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: APP_ID, ...params })}`;

/** A download's content. Read as a stream: the browser is the run's, on the other end of a connection, and its files
 * have no path here. */
async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The texts of the logs the stream shows, top to bottom. */
async function streamTexts(page: Page): Promise<string[]> {
  await page.waitForFunction(
    () => document.querySelector('.log-list') !== null || /No logs match/.test(document.body.innerText),
  );
  return page.locator('.log-list .log-text').allInnerTexts();
}

describe('sign-in', () => {
  it('the API answers 401 without it, and a page opened without it shows no data until the viewer signs in', async () => {
    for (const path of [
      '/apps',
      `/apps/${APP_ID}/logs`,
      `/apps/${APP_ID}/sessions`,
      `/apps/${APP_ID}/issues`,
      `/apps/${APP_ID}/logs/export?format=csv`,
    ]) {
      const response = await fetch(`${e2e.product.url}/sidelog/explorer/api${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain('alpha');
    }
    await e2e.page.goto(logsUrl({ session: 's-alpha' }));
    await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await e2e.page.locator('body').innerText()).not.toContain('alpha');

    await e2e.page.getByLabel('Name').fill('e2e-viewer');
    await e2e.page.getByLabel('Password').fill('wrong password');
    await e2e.page.getByRole('button', { name: 'Sign in' }).click();
    await e2e.page.getByRole('alert').getByText('Wrong name or password.').waitFor();
    expect(await e2e.page.locator('body').innerText()).not.toContain('alpha');
    await signInToExplorer(e2e.page);
    // Back where the viewer was going.
    expect(new URL(e2e.page.url()).search).toBe(`?app=${APP_ID}&session=s-alpha`);
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALPHA));
  });

  it('the admin token signs in too, and sign-out ends it', async () => {
    await e2e.page.goto(`${e2e.product.url}/sidelog/`);
    await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
    await explorerSettled(e2e.page);
    await e2e.page.getByRole('button', { name: 'Sign out' }).click();
    await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await e2e.page.request.get(`${e2e.product.url}/sidelog/explorer/api/apps`)).status()).toBe(401);
  });
});

describe('filters', () => {
  startSignedIn();
  const cases: [string, Record<string, string>, LogRecord[]][] = [
    ['levels', { level: 'error,fatal' }, ALL.filter((entry) => entry.ll === 2)],
    ['tag', { tag: 'net' }, ALL.filter((entry) => entry.tg === 'net')],
    ['full-text search', { q: 'payment' }, [ALPHA[2]!]],
    ['device key value', { key: 'plan', value: 'gold' }, ALPHA],
    [
      'time range',
      { from: new Date(T0 + 2 * 60_000).toISOString(), to: new Date(T0 + 6 * 60_000).toISOString() },
      ALL.slice(2, 6),
    ],
    ['session', { session: 's-beta' }, BETA],
    ['device', { device: 'd-alpha' }, ALPHA],
    [
      'all combined',
      {
        level: 'error,warning',
        tag: 'net',
        key: 'plan',
        value: 'silver',
        from: new Date(T0).toISOString(),
        device: 'd-beta',
      },
      [BETA[1]!],
    ],
  ];
  it.each(cases)('%s: a link with it shows exactly the matching logs', async (_, params, expected) => {
    await viewerText(e2e.page, logsUrl(params));
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(expected));
  });

  it('filters set in the page go into the address, and opening that address restores the view', async () => {
    await viewerText(e2e.page, logsUrl());
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL));
    for (const level of ['Debug', 'Info', 'Trace', 'Fatal']) {
      await e2e.page.getByRole('checkbox', { name: level }).uncheck();
    }
    await e2e.page.getByLabel('Tags').fill('net');
    await e2e.page.getByLabel('Search text').fill('timeout');
    await e2e.page.getByLabel('Search text').press('Enter');
    await vi.waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['beta error timeout']));
    const shared = e2e.page.url();
    expect(new URL(shared).searchParams.get('level')).toBe('warning,error');

    const other = await e2e.page.context().newPage();
    await viewerText(other, shared);
    expect(await streamTexts(other)).toEqual(['beta error timeout']);
    expect(await other.getByLabel('Search text').inputValue()).toBe('timeout');
    expect(await other.getByRole('checkbox', { name: 'Debug' }).isChecked()).toBe(false);
  });
});

describe('volume and count', () => {
  startSignedIn();
  const status = () => e2e.page.locator('.stream-toolbar [role=status]');
  /** The logs each bar's title counts, oldest bar first. */
  async function barCounts(): Promise<number[]> {
    await e2e.page.locator('.histogram').waitFor();
    const titles = await e2e.page.locator('.histogram-bucket title').allTextContents();
    return titles.map((title) => Number(/: ([\d,]+) logs?\b/.exec(title)![1]!.replaceAll(',', '')));
  }
  const sum = (counts: number[]) => counts.reduce((all, n) => all + n, 0);

  it.each([
    ['every log', {}, ALL.length, '8 logs'],
    ['errors', { level: 'error' }, 3, '3 logs'],
    ['one match', { q: 'payment' }, 1, '1 log'],
  ] as const)('%s: the bars sum to the count the status line gives', async (_, params, count, text) => {
    await viewerText(e2e.page, logsUrl(params));
    await vi.waitFor(async () => expect(await status().innerText()).toBe(text));
    expect(sum(await barCounts())).toBe(count);
    expect(await streamTexts(e2e.page)).toHaveLength(count);
  });

  it('unticking every level says so and shows no log, rather than every level', async () => {
    await viewerText(e2e.page, logsUrl());
    for (const level of ['Debug', 'Warning', 'Error', 'Trace', 'Info', 'Fatal'])
      await e2e.page.getByRole('checkbox', { name: level }).uncheck();
    await e2e.page.getByText('No level is ticked, so no log is shown: tick a level to see its logs.').waitFor();
    expect(new URL(e2e.page.url()).searchParams.get('level')).toBe('none');
    await vi.waitFor(async () => expect(await status().innerText()).toBe('0 logs'));
    expect(await streamTexts(e2e.page)).toEqual([]);
    await e2e.page.getByRole('checkbox', { name: 'Error' }).check();
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
  });

  it('bars are 10 seconds over these 7 minutes, stacked by level, and dragging across them sets the range', async () => {
    await viewerText(e2e.page, logsUrl());
    const counts = await barCounts();
    // From T0's bucket to the one of its 7th minute.
    expect(counts).toHaveLength(43);
    expect(counts.flatMap((n, index) => (n > 0 ? [index] : []))).toEqual([0, 6, 12, 18, 24, 30, 36, 42]);
    expect(await e2e.page.locator('.histogram-bucket').nth(12).locator('.histogram-bar.level-error').count()).toBe(1);
    const box = (await e2e.page.locator('.histogram svg').boundingBox())!;
    const x = (bucket: number) => box.x + ((bucket + 0.5) * box.width) / counts.length;
    await e2e.page.mouse.move(x(12), box.y + box.height / 2);
    await e2e.page.mouse.down();
    await e2e.page.mouse.move(x(20), box.y + box.height / 2);
    await e2e.page.mouse.move(x(30), box.y + box.height / 2);
    await e2e.page.mouse.up();
    // Minutes 2 to 5, to the end of minute 5's bucket.
    await vi.waitFor(() => {
      const params = new URL(e2e.page.url()).searchParams;
      expect([params.get('from'), params.get('to')]).toEqual([
        new Date(T0 + 120_000).toISOString(),
        new Date(T0 + 310_000).toISOString(),
      ]);
    });
    await vi.waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.slice(2, 6))));
    await vi.waitFor(async () => expect(await status().innerText()).toBe('4 logs'));
    expect(sum(await barCounts())).toBe(4);
    // The From field shows it too (in this machine's zone, the browser's).
    expect(fromLocalInput(await e2e.page.getByLabel('From').inputValue())).toBe(new Date(T0 + 120_000).toISOString());
  });
});

describe('facets', () => {
  startSignedIn();
  const panel = () => e2e.page.getByRole('complementary', { name: 'Facets' });
  /** A facet's values and their counts, as the panel lists them. */
  async function facet(title: string): Promise<Record<string, number>> {
    const section = panel().getByRole('region', { name: title, exact: true });
    await section.waitFor();
    const labels = await section.locator('.facet-label').allInnerTexts();
    const counts = await section.locator('.facet-count').allInnerTexts();
    return Object.fromEntries(labels.map((label, index) => [label, Number(counts[index]!.replaceAll(',', ''))]));
  }
  const who = () => panel().locator('.facet-who').innerText();

  it('count each value exactly, with the devices and sessions matched, and follow the query', async () => {
    await viewerText(e2e.page, logsUrl());
    await vi.waitFor(async () => expect(await who()).toBe('2 devices, 2 sessions'));
    expect(await facet('Level')).toEqual({ Error: 3, Debug: 2, Info: 2, Warning: 1 });
    expect(await facet('Tag')).toEqual({ boot: 2, net: 2, ui: 2, bf_issue: 1, pay: 1 });
    expect(await facet('File')).toEqual({ 'checkout.ts': 8 });
    // Both devices carry the same name: their counts, most first.
    expect(
      await panel().getByRole('region', { name: 'Device', exact: true }).locator('.facet-count').allInnerTexts(),
    ).toEqual(['5', '3']);

    await viewerText(e2e.page, logsUrl({ tag: 'net' }));
    await vi.waitFor(async () => expect(await facet('Level')).toEqual({ Warning: 1, Error: 1 }));
    await viewerText(e2e.page, logsUrl({ session: 's-beta' }));
    await vi.waitFor(async () => expect(await who()).toBe('1 device, 1 session'));
    expect(await facet('Tag')).toEqual({ boot: 1, net: 1, ui: 1 });
  });

  it("each row says who it is from, its device's name and its session's marker, which opens the session", async () => {
    await viewerText(e2e.page, logsUrl());
    const rows = e2e.page.locator('.log-list .log-row');
    await rows.first().waitFor();
    expect(await rows.locator('.log-device').allInnerTexts()).toEqual(ALL.map(() => 'Chrome on Linux'));
    const markers = await rows
      .locator('.log-session')
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    expect(markers).toEqual([...BETA.map(() => 'Session s-beta'), ...ALPHA.map(() => 'Session s-alpha')]);
    await e2e.page.getByRole('link', { name: 'Session s-alpha' }).first().click();
    await vi.waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALPHA)));
    expect(new URL(e2e.page.url()).searchParams.get('session')).toBe('s-alpha');
    await vi.waitFor(async () => expect(await who()).toBe('1 device, 1 session'));
  });

  it('a value in the panel or in a log shows only it or hides it, and a hidden value can be shown again', async () => {
    await viewerText(e2e.page, logsUrl());
    await panel().getByRole('button', { name: 'Show only tag net', exact: true }).click();
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.tg === 'net'))),
    );
    expect(new URL(e2e.page.url()).searchParams.getAll('tag')).toEqual(['net']);

    await viewerText(e2e.page, logsUrl());
    await panel().getByRole('button', { name: 'Hide tag boot', exact: true }).click();
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.tg !== 'boot'))),
    );
    expect(new URL(e2e.page.url()).searchParams.getAll('-tag')).toEqual(['boot']);
    // From an opened log: the newest, "beta debug idle", tagged ui.
    await e2e.page.getByRole('button', { name: 'beta debug idle', exact: true }).click();
    await e2e.page
      .getByRole('list', { name: 'Filter by this log' })
      .getByRole('button', { name: 'Hide tag ui', exact: true })
      .click();
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(
        newestFirst(ALL.filter((entry) => !['boot', 'ui'].includes(entry.tg!))),
      ),
    );
    await panel().getByRole('button', { name: 'Show only level Error', exact: true }).click();
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
    await vi.waitFor(async () => expect(await facet('Level')).toEqual({ Error: 3 }));
    // Hidden values are listed, and each can be shown again.
    await panel().getByRole('button', { name: 'Remove hidden tag ui', exact: true }).click();
    await panel().getByRole('button', { name: 'Remove hidden tag boot', exact: true }).click();
    await vi.waitFor(() => expect(new URL(e2e.page.url()).searchParams.getAll('-tag')).toEqual([]));
    await vi.waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
  });
});

describe('the stream', () => {
  startSignedIn();
  it('a log opens to its JSON, and shows the lines around it in its session', async () => {
    await viewerText(e2e.page, logsUrl({ q: 'declined' }));
    await e2e.page.getByRole('button', { name: 'alpha error payment declined' }).click();
    const json = JSON.parse(await e2e.page.locator('.log-json').innerText());
    expect(json).toMatchObject({
      t: 'alpha error payment declined',
      ll: 2,
      tg: 'pay',
      f: 'checkout.ts',
      l: 42,
      m: 'pay',
      session_uid: 's-alpha',
      udid: 'd-alpha',
    });
    await e2e.page.getByRole('link', { name: 'Lines around' }).click();
    await explorerSettled(e2e.page);
    const around = e2e.page.getByRole('list', { name: 'Lines around the log' });
    await around.waitFor();
    // The session's lines, not only those the search matched, newest first as in the stream.
    expect(await around.locator('.log-text').allInnerTexts()).toEqual(newestFirst(ALPHA));
    expect(await around.locator('[aria-current=true] .log-text').innerText()).toBe('alpha error payment declined');
    expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('declined');
  });

  describe('context', () => {
    const CONTEXT_APP = 'explorer-e2e-context';
    /** One session of 80 lines, a second apart, every tenth an error; another session's lines between them. */
    const line = (n: number) => `context line ${String(n).padStart(2, '0')}`;
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(to - i));
    const contextUrl = (params: Record<string, string>) =>
      `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(CONTEXT_APP), ...params })}`;
    const shown = () =>
      e2e.page.getByRole('list', { name: 'Lines around the log' }).locator('.log-text').allInnerTexts();
    beforeAll(async () => {
      const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, CONTEXT_APP);
      await collector.createApp();
      const [mine, other] = [
        await collector.session('s-context', 'd-context'),
        await collector.session('s-other', 'd-other'),
      ];
      const at = (n: number, offset = 0) => T0 + n * 1_000 + offset;
      await collector.logs(
        mine,
        Array.from(
          { length: 80 },
          (_, n) =>
            ({
              x: new Date(at(n)).toISOString(),
              at: at(n),
              t: line(n),
              ll: n % 10 === 0 ? 2 : 4,
              tg: 'ctx',
            }) as LogRecord,
        ),
      );
      await collector.logs(
        other,
        Array.from(
          { length: 80 },
          (_, n) =>
            ({
              x: new Date(at(n, 500)).toISOString(),
              at: at(n, 500),
              t: `other line ${n}`,
              ll: 2,
              tg: 'ctx',
            }) as LogRecord,
        ),
      );
    });

    it('opens in place of the stream around the row, extends up and down with exact lines, newest first; Back keeps the filters', async () => {
      await viewerText(e2e.page, contextUrl({ level: 'error', q: 'context' }));
      expect(await streamTexts(e2e.page)).toEqual([70, 60, 50, 40, 30, 20, 10, 0].map(line));
      await e2e.page.getByRole('button', { name: line(40) }).click();
      await e2e.page.getByRole('link', { name: 'Lines around' }).click();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(15, 65)));
      // Under the same filters, in the same page.
      expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('context');
      expect(
        await e2e.page
          .getByRole('list', { name: 'Lines around the log' })
          .locator('[aria-current=true] .log-text')
          .innerText(),
      ).toBe(line(40));

      await e2e.page.getByRole('button', { name: 'Show 25 newer lines' }).click();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(15, 79)));
      await e2e.page.getByText('The session’s newest line.').waitFor();
      expect(await e2e.page.getByRole('button', { name: 'Show 25 newer lines' }).count()).toBe(0);
      await e2e.page.getByRole('button', { name: 'Show 25 older lines' }).click();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(0, 79)));
      await e2e.page.getByText('The session’s oldest line.').waitFor();

      const address = new URL(e2e.page.url());
      expect(Object.fromEntries(address.searchParams)).toMatchObject({
        level: 'error',
        q: 'context',
        newer: '50',
        older: '50',
      });
      await e2e.page.getByRole('link', { name: 'Back to the stream' }).click();
      await vi.waitFor(async () =>
        expect(await streamTexts(e2e.page)).toEqual([70, 60, 50, 40, 30, 20, 10, 0].map(line)),
      );
      expect(Object.fromEntries(new URL(e2e.page.url()).searchParams)).toEqual({
        app: appIdOf(CONTEXT_APP),
        level: 'error',
        q: 'context',
      });
    });

    it('a link to an open context, or a reload of it, opens the same lines', async () => {
      await viewerText(e2e.page, contextUrl({ level: 'error', q: 'context' }));
      await e2e.page.getByRole('button', { name: line(30) }).click();
      await e2e.page.getByRole('link', { name: 'Lines around' }).click();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(5, 55)));
      await e2e.page.getByRole('button', { name: 'Show 25 older lines' }).click();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
      await e2e.page.reload();
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
      expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('context');
      const link = e2e.page.url();
      await viewerText(e2e.page, contextUrl({}));
      await viewerText(e2e.page, link);
      await vi.waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
    });
  });

  it('a row shows level colour, absolute and relative time, tag, file:line, method and URL; a long text is collapsed until opened', async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, ROWS_APP);
    await collector.createApp();
    const session = await collector.session('s-rows', 'd-rows');
    const threeHoursAgo = Date.now() - 3 * 3_600_000;
    const long = `${'a long stack line '.repeat(30)}THE END`;
    // One log of each level (Debug 0 … Fatal 5), a minute apart; the error's text is long.
    const rows = [0, 1, 2, 3, 4, 5].map(
      (ll) =>
        ({
          x: new Date(threeHoursAgo + ll * 60_000).toISOString(),
          at: threeHoursAgo + ll * 60_000,
          t: ll === 2 ? long : `level ${ll} line`,
          ll,
          tg: 'rows',
          f: 'checkout.ts',
          l: 40 + ll,
          m: 'pay',
          u: 'https://shop.example/cart',
        }) as LogRecord,
    );
    await collector.logs(session, rows);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(ROWS_APP)}`);

    const badges = await e2e.page
      .locator('.log-row .level-badge')
      .evaluateAll((elements) =>
        elements.map((badge) => ({ level: badge.textContent, colour: getComputedStyle(badge).backgroundColor })),
      );
    expect(badges.map((badge) => badge.level)).toEqual(['Fatal', 'Info', 'Trace', 'Error', 'Warning', 'Debug']);
    expect(new Set(badges.map((badge) => badge.colour)).size).toBe(6);

    const error = e2e.page.locator('.log-row', { has: e2e.page.locator('.level-badge', { hasText: 'Error' }) });
    expect(await error.locator('time').getAttribute('datetime')).toBe(rows[2]!.x);
    expect(await error.locator('time').innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} 3 hours ago$/);
    expect(await error.locator('.log-tag').innerText()).toBe('rows');
    expect(await error.locator('.log-place').innerText()).toBe('checkout.ts:42');
    expect(await error.locator('.log-method').innerText()).toBe('pay()');
    expect(await error.locator('.log-url').innerText()).toBe('https://shop.example/cart');

    const text = error.locator('.log-text');
    expect(await text.getAttribute('aria-expanded')).toBe('false');
    expect(await text.innerText()).not.toContain('THE END');
    await text.click();
    expect(await text.getAttribute('aria-expanded')).toBe('true');
    expect(await text.innerText()).toBe(long);
    expect(JSON.parse(await error.locator('.log-json').innerText())).toMatchObject({
      t: long,
      ll: 2,
      f: 'checkout.ts',
      l: 42,
      m: 'pay',
      u: 'https://shop.example/cart',
    });
  });

  it('logged markup is shown as text, never run', async () => {
    await viewerText(e2e.page, logsUrl({ tag: 'ui', session: 's-alpha' }));
    expect(await streamTexts(e2e.page)).toEqual([MARKUP]);
    expect(await e2e.page.locator('main img, main b').count()).toBe(0);
    expect(await e2e.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });

  it('live tail shows a line logged after the page opened', async () => {
    // The tail's polls are counted in the page as they start, and those still waiting for their answer: a poll's next
    // timer is set only once its answer is in.
    await e2e.page.context().addInitScript(() => {
      const counted = window as unknown as { tailPolls: number; tailWaiting: number };
      counted.tailPolls = 0;
      counted.tailWaiting = 0;
      const fetch = window.fetch;
      window.fetch = (input, init) => {
        if (!String(input instanceof Request ? input.url : input).includes('/logs/tail')) return fetch(input, init);
        counted.tailPolls++;
        counted.tailWaiting++;
        return fetch(input, init).finally(() => counted.tailWaiting--);
      };
    });
    const tailPolls = () => e2e.page.evaluate(() => (window as unknown as { tailPolls: number }).tailPolls);
    const noPollWaiting = () =>
      e2e.page.waitForFunction(() => (window as unknown as { tailWaiting: number }).tailWaiting === 0);
    await e2e.page.clock.install();
    await viewerText(e2e.page, logsUrl({ session: 's-beta' }));
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    // Give the tail its starting point before the line is sent.
    await e2e.page.waitForResponse((response) => response.url().includes('/logs/tail'));
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.logs(betaSession, [
      { x: new Date().toISOString(), at: Date.now(), t: 'arrived while tailing', ll: 4, tg: 'live' },
    ]);
    await tailUntil(e2e.page, () =>
      e2e.page.getByRole('button', { name: 'arrived while tailing' }).waitFor({ timeout: 500 }),
    );
    expect((await streamTexts(e2e.page))[0]).toBe('arrived while tailing');
    await e2e.page.getByRole('button', { name: 'Pause live tail' }).click();
    await e2e.page.getByRole('button', { name: 'Live tail' }).waitFor();

    // Paused, the page asks for nothing; a line logged meanwhile shows once the tail resumes, none lost.
    await collector.logs(betaSession, [
      { x: new Date().toISOString(), at: Date.now(), t: 'arrived while paused', ll: 4, tg: 'live' },
    ]);
    await noPollWaiting();
    const pollsBefore = await tailPolls();
    // Three of the tail's periods, each firing what falls due in it: a poll, had the tail not stopped.
    for (let period = 0; period < 3; period++) {
      await e2e.page.clock.fastForward(TAIL_EVERY_MS);
      await noPollWaiting();
    }
    expect(await tailPolls()).toBe(pollsBefore);
    expect(await streamTexts(e2e.page)).not.toContain('arrived while paused');
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    await e2e.page.getByRole('button', { name: 'arrived while paused' }).waitFor({ timeout: 5_000 });
    expect((await streamTexts(e2e.page)).slice(0, 2)).toEqual(['arrived while paused', 'arrived while tailing']);
  });

  it('live tail keeps at most 2,000 logs in the page, however many arrive', async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, TAIL_APP);
    await collector.createApp();
    const session = await collector.session('s-tail', 'd-tail');
    await e2e.page.clock.install();
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(TAIL_APP)}`);
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    await e2e.page.waitForResponse((response) => response.url().includes('/logs/tail'));
    const now = Date.now();
    await collector.logs(
      session,
      Array.from({ length: 2_500 }, (_, i) => ({
        x: new Date(now + i).toISOString(),
        at: now + i,
        t: `tail line ${i}`,
        ll: 4,
        tg: 'tail',
      })),
    );
    const status = e2e.page.locator('.stream-toolbar [role=status]');
    // A poll takes what arrived a page at a time: several polls.
    await tailUntil(e2e.page, () => status.filter({ hasText: '2,500 new' }).waitFor({ timeout: 500 }));
    // The count at the page's opening (none) and what the tail added since.
    expect(await status.innerText()).toBe('2,500 logs, 2,500 new while tailing');
    expect((await streamTexts(e2e.page))[0]).toBe('tail line 2499');
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(100);
  });

  it('export contains exactly the filtered lines, as NDJSON and as CSV', async () => {
    await viewerText(e2e.page, logsUrl({ level: 'error' }));
    const expected = newestFirst(ALL.filter((entry) => entry.ll === 2));
    const [ndjson] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('link', { name: 'Export NDJSON' }).click(),
    ]);
    const lines = (await downloadedText(ndjson))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { t: string; ll: number });
    expect(lines.map((line) => line.t)).toEqual(expected);
    const [csv] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const rows = (await downloadedText(csv)).trim().split('\r\n');
    expect(rows[0]).toBe('time,level,tag,text,file,line,method,url,session,device');
    expect(rows.slice(1).map((row) => row.split(',')[3])).toEqual(expected);
  });
});

describe('issues, sessions and devices', () => {
  startSignedIn();
  it('issues list issues, crashes and feedback, grouped, by type; a group opens to its occurrences, one to its session logs around it', async () => {
    const all = await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${APP_ID}`);
    expect(all).toContain('Checkout crashed');
    expect(all).toContain('Love the new cart');
    await e2e.page.getByLabel('Type').selectOption('user-feedback');
    await vi.waitFor(async () =>
      expect(await e2e.page.locator('.issues-table tbody tr').allInnerTexts()).toEqual([
        expect.stringContaining('Love the new cart'),
      ]),
    );

    const crash = await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${APP_ID}&type=crash`);
    expect(crash).not.toContain('Love the new cart');
    await e2e.page.getByRole('link', { name: 'Checkout crashed' }).click();
    await explorerSettled(e2e.page);
    expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe('Checkout crashed');
    await e2e.page.locator('.occurrences-table').getByRole('link', { name: 'Checkout crashed' }).click();
    await explorerSettled(e2e.page);
    expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe('Checkout crashed');
    const around = e2e.page.getByRole('list', { name: "The session's logs around the issue" });
    expect(await around.locator('[aria-current=true] .log-text').innerText()).toBe('issue-alpha');
  });

  it('past 200 occurrences of a group, "Older occurrences" pages on to the rest, and the page is a link', async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, ISSUES_APP);
    await collector.createApp();
    const session = await collector.session('s-issues', 'd-issues');
    for (let i = 0; i < 201; i += 1)
      await collector.issue(session, {
        uid: `many-${i}`,
        title: `Issue number ${i}`,
        text: 'one of many',
        type: 'issue',
      });
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${appIdOf(ISSUES_APP)}`);
    await e2e.page.getByRole('link', { name: 'Issue number <*>' }).click();
    await explorerSettled(e2e.page);
    const rows = e2e.page.locator('.occurrences-table tbody tr');
    expect(await rows.count()).toBe(200);
    expect(await rows.first().locator('td').first().innerText()).toBe('Issue number 200');
    await e2e.page.getByRole('button', { name: 'Older occurrences' }).click();
    await vi.waitFor(async () =>
      expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Issue number 0')]),
    );
    expect(await e2e.page.getByRole('button', { name: 'Older occurrences' }).count()).toBe(0);

    const shared = e2e.page.url();
    expect(await viewerText(e2e.page, shared)).toContain('Issue number 0');
    expect(await rows.count()).toBe(1);
    await e2e.page.getByRole('button', { name: 'Newest occurrences' }).click();
    await vi.waitFor(async () => expect(await rows.count()).toBe(200));
  });

  it('a bf_issue line links to its issue', async () => {
    await viewerText(e2e.page, logsUrl({ tag: 'bf_issue' }));
    await e2e.page.getByRole('link', { name: 'Open issue' }).click();
    await explorerSettled(e2e.page);
    expect(new URL(e2e.page.url()).pathname).toBe('/sidelog/issues/issue-alpha');
    expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe('Checkout crashed');
  });

  it('sessions show device, version, language, counts by level and issues; filter and sort', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/sessions?app=${APP_ID}&sort=errors`);
    const rows = await e2e.page.locator('.sessions-table tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    const alpha = e2e.page.locator('.sessions-table tbody tr').first();
    expect(await alpha.locator('td').allTextContents()).toEqual([
      's-alpha',
      'Chrome on Linux',
      '0.0.0 (0)',
      'ru-RU',
      expect.stringMatching(/^2026-11-20 \d\d:00:00\.000$/),
      expect.stringMatching(/^2026-11-20 \d\d:04:00\.000$/),
      'Debug: 1Warning: 1Error: 2Info: 1',
      '1',
    ]);
    await e2e.page.getByLabel('Session, device or udid').fill('beta');
    await e2e.page.getByLabel('Session, device or udid').press('Enter');
    await vi.waitFor(async () => expect(await e2e.page.locator('.sessions-table tbody tr').count()).toBe(1));
    expect(await e2e.page.locator('.sessions-table tbody tr').innerText()).toContain('s-beta');
  });

  it('a device shows its keys and sessions', async () => {
    const text = await viewerText(e2e.page, `${e2e.product.url}/sidelog/devices/d-alpha?app=${APP_ID}`);
    expect(text).toContain('plan');
    expect(text).toContain('"gold"');
    expect(text).toContain('s-alpha');
    expect(text).not.toContain('s-beta');
  });
});

describe('intent URLs', () => {
  // Sidelog's appID (base64url) and the Bugfender SDK's (base58) name the same app.
  it.each([
    ["Sidelog's", APP_ID, 'issue/issue-alpha', '/sidelog/issues/issue-alpha', 'Checkout crashed'],
    ["Sidelog's", APP_ID, 'session/s-beta', '/sidelog/logs', 'beta info started'],
    ["Sidelog's", APP_ID, 'device/d-beta', '/sidelog/devices/d-beta', 'silver'],
    ["Bugfender's", bugfenderAppIdOf(APP), 'issue/issue-alpha', '/sidelog/issues/issue-alpha', 'Checkout crashed'],
    ["Bugfender's", bugfenderAppIdOf(APP), 'session/s-beta', '/sidelog/logs', 'beta info started'],
    ["Bugfender's", bugfenderAppIdOf(APP), 'device/d-beta', '/sidelog/devices/d-beta', 'silver'],
  ])('%s intent URL …/%s/%s opens the matching view after sign-in', async (_, appId, path, landing, shown) => {
    await e2e.page.goto(`${e2e.product.url}/sidelog/intent/${appId}/${path}`);
    // Nothing is shown before the sign-in; after it, the view the URL names.
    await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await e2e.page.locator('body').innerText()).not.toContain(shown);
    await signInToExplorer(e2e.page);
    await explorerSettled(e2e.page);
    const text = await e2e.page.locator('body').innerText();
    expect(new URL(e2e.page.url()).pathname).toBe(landing);
    expect(new URL(e2e.page.url()).searchParams.get('app')).toBe(APP_ID);
    expect(text).toContain(shown);
  });

  it('an unknown one says so', async () => {
    await e2e.page.goto(`${e2e.product.url}/sidelog/intent/${APP_ID}/issue/nope`);
    await signInToExplorer(e2e.page);
    await e2e.page.getByRole('heading', { name: 'Not found' }).waitFor();
  });
});

describe('100,000 logs', () => {
  startSignedIn();
  beforeAll(async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, BIG_APP);
    await collector.createApp();
    const session = await collector.session('s-big', 'd-big');
    const logs = Array.from({ length: 100_000 }, (_, i) => ({
      ...log(0, i === 61_803 ? 'the quixotic zebrafish swam' : `routine line ${i} of the haystack`, i % 5, 'bulk'),
      x: new Date(T0 + i).toISOString(),
      at: T0 + i,
    }));
    // One more, older than them all: the count stops at 100,000.
    await collector.logs(session, [
      ...logs,
      { ...log(0, 'the one past the count', 0, 'bulk'), x: new Date(T0 - 1).toISOString(), at: T0 - 1 },
    ]);
  }, 180_000);

  it('the status line counts the whole app exactly, and a view by tag up to 100,000, then says "100,000+"', async () => {
    // The whole app and its levels are counted from the rollup (docs/volume-and-counts.md#the-rollup): exactly.
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    const status = e2e.page.locator('.stream-toolbar [role=status]');
    await vi.waitFor(async () => expect(await status.innerText()).toBe('100,001 logs'));
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}&tag=bulk`);
    await vi.waitFor(async () => expect(await status.innerText()).toBe('100,000+ logs'));
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}&level=info`);
    await vi.waitFor(async () => expect(await status.innerText()).toBe('20,000 logs'));
  });

  it('search finds a unique text among them', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    await e2e.page.getByLabel('Search text').fill('quixotic');
    await e2e.page.getByLabel('Search text').press('Enter');
    await vi.waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['the quixotic zebrafish swam']));
  });

  it('the list holds only the rows in view, and scrolling to its end loads the next keyset page', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    const list = e2e.page.locator('.log-list');
    await list.locator('.log-row').first().waitFor();
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    // The list grows by a page when its end is reached.
    const height = () => list.evaluate((element) => element.scrollHeight);
    const onePage = await height();
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await vi.waitFor(async () => expect(await height()).toBeGreaterThan(onePage));
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    // The second page follows the first without a gap: line 99,800 (the first page's last) then 99,799.
    await e2e.page.getByRole('button', { name: 'routine line 99600 of the haystack', exact: true }).waitFor();
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    // Back up the list, half a screen at a time, to where the pages meet.
    await vi.waitFor(
      async () => {
        await list.evaluate((element) => element.scrollBy(0, -element.clientHeight / 2));
        expect(await streamTexts(e2e.page)).toEqual(
          expect.arrayContaining(['routine line 99800 of the haystack', 'routine line 99799 of the haystack']),
        );
      },
      { timeout: 30_000, interval: 50 },
    );
    const texts = await streamTexts(e2e.page);
    const at = texts.indexOf('routine line 99800 of the haystack');
    expect(texts.slice(at, at + 2)).toEqual([
      'routine line 99800 of the haystack',
      'routine line 99799 of the haystack',
    ]);
  });
});

describe("the explorer's Content-Security-Policy", () => {
  it('is sent with its pages, refuses nothing the explorer does, and refuses a script it did not ship', async () => {
    await e2e.page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () => e2e.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    const answer = await e2e.page.goto(logsUrl());
    expect(answer!.headers()['content-security-policy']).toBe(EXPLORER_CSP);
    await viewerText(e2e.page, logsUrl());
    await e2e.page.locator('.log-text').first().click();
    await e2e.page.locator('.log-json').waitFor();
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues/issue-alpha?app=${APP_ID}`);
    expect(await violations()).toEqual([]);

    // In force: an inline script, as an injection would add, does not run.
    await e2e.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.head.append(script);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect((await violations())[0]).toMatch(/^script-src/);
    expect(await e2e.page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
  });
});

describe('accessibility', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const pages = [
    ['sign-in', '/sidelog/sign-in'],
    ['logs', `/sidelog/logs?app=${APP_ID}`],
    ['sessions', `/sidelog/sessions?app=${APP_ID}`],
    ['issues', `/sidelog/issues?app=${APP_ID}`],
    ['issue', `/sidelog/issues/issue-alpha?app=${APP_ID}`],
    ['devices', `/sidelog/devices?app=${APP_ID}`],
    ['device', `/sidelog/devices/d-alpha?app=${APP_ID}`],
    ['lines around', `/sidelog/logs?app=${APP_ID}&session=s-alpha`],
    ['unknown intent', `/sidelog/intent/${APP_ID}/issue/nope`],
    [
      'patterns',
      `/sidelog/patterns?app=${APP_ID}&from=${new Date(T0).toISOString()}&to=${new Date(T0 + 3_600_000).toISOString()}`,
    ],
    ['issue group', `/sidelog/issues?app=${APP_ID}`],
    ['story', `/sidelog/issues?app=${APP_ID}`],
    ['sequences', `/sidelog/sequences?app=${APP_ID}&a=alpha+debug&b=alpha+error&within=300`],
    // The admin's alone (the e2e viewer has none): signed in as the admin on its form.
    ['settings', `/sidelog/settings?app=${APP_ID}`],
  ];
  it.each(pages)('axe-core finds no serious or critical violation on the %s page', async (name, path) => {
    if (name === 'sign-in') {
      await e2e.page.goto(`${e2e.product.url}${path}`);
      await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    } else if (name === 'settings') {
      await e2e.page.context().clearCookies();
      await e2e.page.goto(`${e2e.product.url}${path}`);
      await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
      await explorerSettled(e2e.page);
      await e2e.page.getByLabel('Webhook URL').waitFor();
    } else {
      await e2e.page.context().addCookies(signedIn);
      await viewerText(e2e.page, `${e2e.product.url}${path}`);
      // A log opened, so its details are checked too.
      if (name === 'logs') await e2e.page.locator('.log-text').first().click();
      if (name === 'lines around') {
        await e2e.page.locator('.log-text').first().click();
        await e2e.page.getByRole('link', { name: 'Lines around' }).click();
        await explorerSettled(e2e.page);
        await e2e.page.getByRole('list', { name: 'Lines around the log' }).waitFor();
      }
      if (name === 'issue group' || name === 'story') {
        await e2e.page.getByRole('link', { name: 'Checkout crashed' }).click();
        await e2e.page.locator('.occurrences-table').waitFor();
      }
      if (name === 'story') {
        await e2e.page.getByRole('link', { name: 'What comes before it' }).click();
        await e2e.page.getByRole('region', { name: 'Before issue-alpha' }).waitFor();
      }
      if (name === 'sequences') await e2e.page.locator('.sequences-table').waitFor();
      if (name === 'patterns') await e2e.page.locator('.patterns-table').waitFor();
    }
    // The saved views opened where a page has them, so their form is checked too.
    if (await e2e.page.locator('.saved-views summary').count()) await e2e.page.locator('.saved-views summary').click();
    // Evaluated through DevTools, which a strict CSP does not stop (an injected <script> it would).
    await e2e.page.evaluate(axeSource);
    const violations = await e2e.page.evaluate(async () => {
      const result = await (
        window as unknown as {
          axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe.run();
      return result.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
    });
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );
  });
});
