// The log explorer in real Chromium against the running service (docs/local-service.md#explorer): the sign-in it needs,
// each filter and their combination, search among 100,000 logs, links that restore a view, the live tail, exports, the
// intent URLs, logged markup shown as text, and no serious accessibility violation on any page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Cookie, Download, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
  ({ x: new Date(T0 + minute * 60_000).toISOString(), at: T0 + minute * 60_000, t, ll, tg, f: 'checkout.ts', l: 40 + minute, m: 'pay', u: 'https://shop.example/cart' }) as LogRecord;

/** What each session received, oldest first. */
const ALPHA = [log(0, 'alpha debug boot', 0, 'boot'), log(1, 'alpha warning slow network', 1, 'net'), log(2, 'alpha error payment declined', 2, 'pay'), log(3, 'issue-alpha', 2, 'bf_issue'), log(4, MARKUP, 4, 'ui')];
const BETA = [log(5, 'beta info started', 4, 'boot'), log(6, 'beta error timeout', 2, 'net'), log(7, 'beta debug idle', 0, 'ui')];
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
  await collector.issue(alpha, { uid: 'issue-alpha', title: 'Checkout crashed', text: 'Pay button threw for [email]', type: 'crash' });
  await collector.issue(betaSession, { uid: 'feedback-beta', title: 'Love the new cart', text: 'Nice work', type: 'user-feedback' });
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

const logsUrl = (params: Record<string, string> = {}) => `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: APP_ID, ...params })}`;

/** A download's content. Read as a stream: the browser is the run's, on the other end of a connection, and its files
 * have no path here. */
async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The texts of the logs the stream shows, top to bottom. */
async function streamTexts(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.querySelector('.log-list') !== null || /No logs match/.test(document.body.innerText));
  return page.locator('.log-list .log-text').allInnerTexts();
}

describe('sign-in', () => {
  it('the API answers 401 without it, and a page opened without it shows no data until the viewer signs in', async () => {
    for (const path of ['/apps', `/apps/${APP_ID}/logs`, `/apps/${APP_ID}/sessions`, `/apps/${APP_ID}/issues`, `/apps/${APP_ID}/logs/export?format=csv`]) {
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
    ['time range', { from: new Date(T0 + 2 * 60_000).toISOString(), to: new Date(T0 + 6 * 60_000).toISOString() }, ALL.slice(2, 6)],
    ['session', { session: 's-beta' }, BETA],
    ['device', { device: 'd-alpha' }, ALPHA],
    ['all combined', { level: 'error,warning', tag: 'net', key: 'plan', value: 'silver', from: new Date(T0).toISOString(), device: 'd-beta' }, [BETA[1]!]],
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

describe('the stream', () => {
  startSignedIn();
  it('a log opens to its JSON, and shows the lines around it in its session', async () => {
    await viewerText(e2e.page, logsUrl({ q: 'declined' }));
    await e2e.page.getByRole('button', { name: 'alpha error payment declined' }).click();
    const json = JSON.parse(await e2e.page.locator('.log-json').innerText());
    expect(json).toMatchObject({ t: 'alpha error payment declined', ll: 2, tg: 'pay', f: 'checkout.ts', l: 42, m: 'pay', session_uid: 's-alpha', udid: 'd-alpha' });
    await e2e.page.getByRole('link', { name: 'Lines around' }).click();
    await explorerSettled(e2e.page);
    const around = e2e.page.getByRole('list', { name: 'Lines around the log' });
    expect(await around.locator('.log-text').allInnerTexts()).toEqual(ALPHA.map((entry) => entry.t));
    expect(await around.locator('[aria-current=true] .log-text').innerText()).toBe('alpha error payment declined');
  });

  it('a row shows level colour, absolute and relative time, tag, file:line, method and URL; a long text is collapsed until opened', async () => {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, ROWS_APP);
    await collector.createApp();
    const session = await collector.session('s-rows', 'd-rows');
    const threeHoursAgo = Date.now() - 3 * 3_600_000;
    const long = `${'a long stack line '.repeat(30)}THE END`;
    // One log of each level (Debug 0 … Fatal 5), a minute apart; the error's text is long.
    const rows = [0, 1, 2, 3, 4, 5].map((ll) => ({
      x: new Date(threeHoursAgo + ll * 60_000).toISOString(),
      at: threeHoursAgo + ll * 60_000,
      t: ll === 2 ? long : `level ${ll} line`,
      ll,
      tg: 'rows',
      f: 'checkout.ts',
      l: 40 + ll,
      m: 'pay',
      u: 'https://shop.example/cart',
    }) as LogRecord);
    await collector.logs(session, rows);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(ROWS_APP)}`);

    const badges = await e2e.page.locator('.log-row .level-badge').evaluateAll((elements) =>
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
    expect(JSON.parse(await error.locator('.log-json').innerText())).toMatchObject({ t: long, ll: 2, f: 'checkout.ts', l: 42, m: 'pay', u: 'https://shop.example/cart' });
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
    const noPollWaiting = () => e2e.page.waitForFunction(() => (window as unknown as { tailWaiting: number }).tailWaiting === 0);
    await e2e.page.clock.install();
    await viewerText(e2e.page, logsUrl({ session: 's-beta' }));
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    // Give the tail its starting point before the line is sent.
    await e2e.page.waitForResponse((response) => response.url().includes('/logs/tail'));
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.logs(betaSession, [{ x: new Date().toISOString(), at: Date.now(), t: 'arrived while tailing', ll: 4, tg: 'live' }]);
    await tailUntil(e2e.page, () => e2e.page.getByRole('button', { name: 'arrived while tailing' }).waitFor({ timeout: 500 }));
    expect((await streamTexts(e2e.page))[0]).toBe('arrived while tailing');
    await e2e.page.getByRole('button', { name: 'Pause live tail' }).click();
    await e2e.page.getByRole('button', { name: 'Live tail' }).waitFor();

    // Paused, the page asks for nothing; a line logged meanwhile shows once the tail resumes, none lost.
    await collector.logs(betaSession, [{ x: new Date().toISOString(), at: Date.now(), t: 'arrived while paused', ll: 4, tg: 'live' }]);
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
    await collector.logs(session, Array.from({ length: 2_500 }, (_, i) => ({ x: new Date(now + i).toISOString(), at: now + i, t: `tail line ${i}`, ll: 4, tg: 'tail' })));
    const status = e2e.page.locator('.stream-toolbar [role=status]');
    // A poll takes what arrived a page at a time: several polls.
    await tailUntil(e2e.page, () => status.filter({ hasText: '2,500 new' }).waitFor({ timeout: 500 }));
    // The newest 2,000 are kept; the older ones are a page away (the "+"), read again if the viewer scrolls there.
    expect(await status.innerText()).toBe('2,000+ logs, 2,500 new while tailing');
    expect((await streamTexts(e2e.page))[0]).toBe('tail line 2499');
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(100);
  });

  it('export contains exactly the filtered lines, as NDJSON and as CSV', async () => {
    await viewerText(e2e.page, logsUrl({ level: 'error' }));
    const expected = newestFirst(ALL.filter((entry) => entry.ll === 2));
    const [ndjson] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('link', { name: 'Export NDJSON' }).click()]);
    const lines = (await downloadedText(ndjson)).trim().split('\n').map((line) => JSON.parse(line) as { t: string; ll: number });
    expect(lines.map((line) => line.t)).toEqual(expected);
    const [csv] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('link', { name: 'Export CSV' }).click()]);
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
    await vi.waitFor(async () => expect(await e2e.page.locator('.issues-table tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Love the new cart')]));

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
    for (let i = 0; i < 201; i += 1) await collector.issue(session, { uid: `many-${i}`, title: `Issue number ${i}`, text: 'one of many', type: 'issue' });
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${appIdOf(ISSUES_APP)}`);
    await e2e.page.getByRole('link', { name: 'Issue number <*>' }).click();
    await explorerSettled(e2e.page);
    const rows = e2e.page.locator('.occurrences-table tbody tr');
    expect(await rows.count()).toBe(200);
    expect(await rows.first().locator('td').first().innerText()).toBe('Issue number 200');
    await e2e.page.getByRole('button', { name: 'Older occurrences' }).click();
    await vi.waitFor(async () => expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Issue number 0')]));
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
    await collector.logs(session, logs);
  }, 180_000);

  it('search finds a unique text among them', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    await e2e.page.getByLabel('Search text').fill('quixotic');
    await e2e.page.getByLabel('Search text').press('Enter');
    await vi.waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['the quixotic zebrafish swam']));
  });

  it('the list holds only the rows in view, and scrolling to its end loads the next keyset page', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    const status = e2e.page.locator('.stream-toolbar [role=status]');
    await vi.waitFor(async () => expect(await status.innerText()).toBe('200+ logs'));
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    const list = e2e.page.locator('.log-list');
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await vi.waitFor(async () => expect(await status.innerText()).toMatch(/^[4-9]00\+ logs$/));
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    // The second page follows the first without a gap: line 99,800 (the first page's last) then 99,799.
    await e2e.page.getByRole('button', { name: 'routine line 99600 of the haystack', exact: true }).waitFor();
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    // Back up the list, half a screen at a time, to where the pages meet.
    await vi.waitFor(
      async () => {
        await list.evaluate((element) => element.scrollBy(0, -element.clientHeight / 2));
        expect(await streamTexts(e2e.page)).toEqual(expect.arrayContaining(['routine line 99800 of the haystack', 'routine line 99799 of the haystack']));
      },
      { timeout: 30_000, interval: 50 },
    );
    const texts = await streamTexts(e2e.page);
    const at = texts.indexOf('routine line 99800 of the haystack');
    expect(texts.slice(at, at + 2)).toEqual(['routine line 99800 of the haystack', 'routine line 99799 of the haystack']);
  });
});

describe("the explorer's Content-Security-Policy", () => {
  it('is sent with its pages, refuses nothing the explorer does, and refuses a script it did not ship', async () => {
    await e2e.page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
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
    ['patterns', `/sidelog/patterns?app=${APP_ID}&from=${new Date(T0).toISOString()}&to=${new Date(T0 + 3_600_000).toISOString()}`],
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
      const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
      return result.violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((node) => node.target.join(' ')) }));
    });
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  });
});
