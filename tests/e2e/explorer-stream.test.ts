// The explorer's stream in real Chromium against the running service (docs/local-service.md#explorer): a log opened
// to its JSON and the lines around it, what a row shows, logged markup shown as text, the live tail, and exports.
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { TAIL_EVERY_MS } from '../../explorer/logs/use-log-stream.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import {
  ALL,
  ALPHA,
  APP,
  downloadedText,
  MARKUP,
  newestFirst,
  streamTexts,
  T0,
  tailUntil,
  useExplorerApp,
} from './explorer-app.ts';
import { explorerSettled, listedDownloads, signInToExplorer, viewerText } from './viewer.ts';
import { E2E_VIEWER } from './product.ts';
import { adminPost } from './admin-client.ts';

const app = useExplorerApp();
const { e2e, startSignedIn, logsUrl } = app;
/** Apps of their own, so their logs change no other test's view of APP. */
const ROWS_APP = 'explorer-e2e-rows';
const TAIL_APP = 'explorer-e2e-tail';

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
      await waitFor(async () => expect(await shown()).toEqual(lines(15, 65)));
      // Under the same filters, in the same page.
      expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('context');
      expect(
        await e2e.page
          .getByRole('list', { name: 'Lines around the log' })
          .locator('[aria-current=true] .log-text')
          .innerText(),
      ).toBe(line(40));

      await e2e.page.getByRole('button', { name: 'Show 25 newer lines' }).click();
      await waitFor(async () => expect(await shown()).toEqual(lines(15, 79)));
      await e2e.page.getByText('The session’s newest line.').waitFor();
      expect(await e2e.page.getByRole('button', { name: 'Show 25 newer lines' }).count()).toBe(0);
      await e2e.page.getByRole('button', { name: 'Show 25 older lines' }).click();
      await waitFor(async () => expect(await shown()).toEqual(lines(0, 79)));
      await e2e.page.getByText('The session’s oldest line.').waitFor();

      const address = new URL(e2e.page.url());
      expect(Object.fromEntries(address.searchParams)).toMatchObject({
        level: 'error',
        q: 'context',
        newer: '50',
        older: '50',
      });
      await e2e.page.getByRole('link', { name: 'Back to the stream' }).click();
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual([70, 60, 50, 40, 30, 20, 10, 0].map(line)));
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
      await waitFor(async () => expect(await shown()).toEqual(lines(5, 55)));
      await e2e.page.getByRole('button', { name: 'Show 25 older lines' }).click();
      await waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
      // The lines come after the page: wait for their list, then for its exact lines.
      const around = e2e.page.getByRole('list', { name: 'Lines around the log' });
      await e2e.page.reload();
      await around.waitFor();
      await waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
      expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('context');
      const link = e2e.page.url();
      await viewerText(e2e.page, contextUrl({}));
      await viewerText(e2e.page, link);
      await around.waitFor();
      await waitFor(async () => expect(await shown()).toEqual(lines(0, 55)));
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
    // The relative time in the time's tooltip: in a list this narrow (1,280 px) the row gives its room to the text.
    expect(await error.locator('time').innerText()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    expect(await error.locator('time').getAttribute('title')).toBe('3 hours ago');
    expect(await error.locator('.log-tag').innerText()).toBe('rows');
    expect(await error.locator('.log-place').innerText()).toBe('checkout.ts:42');
    expect(await error.locator('.log-method').innerText()).toBe('pay()');
    expect(await error.locator('.log-url').innerText()).toBe('https://shop.example/cart');

    const text = error.locator('.log-text');
    expect(await text.getAttribute('aria-expanded')).toBe('false');
    expect(await text.innerText()).not.toContain('THE END');
    await text.click();
    expect(await text.getAttribute('aria-expanded')).toBe('true');
    // Opened, the log shows whole in the panel beside the list (docs/explorer.md#the-screen); its row stays one line.
    const panel = e2e.page.getByRole('region', { name: 'Chosen log' });
    expect(await panel.locator('.log-panel-text').innerText()).toBe(long);
    expect(JSON.parse(await panel.locator('.log-json').innerText())).toMatchObject({
      t: long,
      ll: 2,
      f: 'checkout.ts',
      l: 42,
      m: 'pay',
      u: 'https://shop.example/cart',
    });
  });

  /** A session of a new app `app` holding these lines (tag, text, level), a second apart, a minute ago. */
  async function linesOfOwnApp(app: string, lines: [string, string, number][]): Promise<void> {
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, app);
    await collector.createApp();
    const session = await collector.session(`s-${app}`, `d-${app}`);
    const at = Date.now() - 60_000;
    await collector.logs(
      session,
      lines.map(
        ([tg, t, ll], i) => ({ x: new Date(at + i * 1_000).toISOString(), at: at + i * 1_000, t, ll, tg }) as LogRecord,
      ),
    );
  }

  it("a network line shows its method, status, URL and duration as columns, the URL's redactions marked", async () => {
    await linesOfOwnApp('explorer-e2e-network', [
      [
        'bf_network',
        '{"method":"POST","status":502,"url":"https://shop.test/pay?access_token=[secret]","duration":84}',
        2,
      ],
      ['bf_network', 'not JSON, shown as it is', 4],
    ]);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf('explorer-e2e-network')}`);

    const row = e2e.page.locator('.log-row', { has: e2e.page.locator('.net-line') });
    expect(await row.locator('.net-method').innerText()).toBe('POST');
    expect(await row.locator('.net-status').innerText()).toBe('502');
    expect(await row.locator('.net-url').innerText()).toBe('https://shop.test/pay?access_token=[secret]');
    expect(await row.locator('.net-url mark.redacted').innerText()).toBe('[secret]');
    expect(await row.locator('.net-duration').innerText()).toBe('84 ms');
    expect(await e2e.page.locator('.log-text').allInnerTexts()).toContain('not JSON, shown as it is');
  });

  it("a capture's UI event, browser event and Web Vitals read as words, the search's hits marked in them", async () => {
    await linesOfOwnApp('explorer-e2e-events', [
      ['bf_browser_event', '{"event":"pushState","url":"https://shop.test/cart"}', 4],
      ['bf_ui_event', '{"event":"click","tag":"button","id":"pay","text":"Pay now","selector":"button#pay"}', 4],
      ['bf_web_vitals', '{"lcp":1200,"cls":0.02,"fcp":800,"ttfb":90}', 4],
    ]);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf('explorer-e2e-events')}&q=pay`);
    await waitFor(async () =>
      expect(await e2e.page.locator('.log-text').allInnerTexts()).toEqual(['click button#pay "Pay now"']),
    );
    expect(await e2e.page.locator('.log-text mark').allInnerTexts()).toEqual(['pay', 'Pay']);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf('explorer-e2e-events')}`);
    expect(await e2e.page.locator('.log-text').allInnerTexts()).toEqual([
      'LCP 1200 ms · CLS 0.02 · FCP 800 ms · TTFB 90 ms',
      'click button#pay "Pay now"',
      'pushState https://shop.test/cart',
    ]);
  });

  it("the toolbar's popovers are one menu bar's: opening one closes the other, Escape or a press outside closes it", async () => {
    await viewerText(e2e.page, logsUrl());
    const popover = (name: string) =>
      e2e.page.locator('.stream-toolbar details', { has: e2e.page.locator('summary', { hasText: name }) });
    const open = () =>
      e2e.page
        .locator('.stream-toolbar details[open] > summary')
        .allInnerTexts()
        .then((names) => names.map((text) => text.replace(/ \(\d+\)$/, '')));
    await popover('Saved views').locator('summary').click();
    expect(await open()).toEqual(['Saved views']);
    await popover('Alerts').locator('summary').click();
    expect(await open()).toEqual(['Alerts']);
    // Escape closes it and gives the focus back to its button.
    await e2e.page.keyboard.press('Escape');
    expect(await open()).toEqual([]);
    expect(await e2e.page.evaluate(() => document.activeElement?.textContent)).toBe('Alerts');
    // A press inside keeps it open; one outside closes it.
    await popover('Columns').locator('summary').click();
    await e2e.page.getByRole('checkbox', { name: 'Tag' }).click();
    expect(await open()).toEqual(['Columns']);
    await e2e.page.getByRole('heading', { level: 1 }).click();
    expect(await open()).toEqual([]);
  });

  it("at 1,280 px a row's text has the room, and its who stays whole where its page's URL is long", async () => {
    const app = 'explorer-e2e-who-url';
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, app);
    await collector.createApp();
    const answer = await adminPost(e2e.product.url, e2e.product.adminToken, `apps/${app}/identity`, { key: 'user_id' });
    expect(answer.status).toBe(200);
    const session = await collector.session(`s-${app}`, `d-${app}`);
    await collector.deviceKey(`d-${app}`, 'user_id', 'u-1042');
    const at = Date.now() - 60_000;
    const u = 'https://shop.example/checkout/payment/confirmation?order=1042&step=3&return=%2Fcart';
    const t = 'payment confirmed, order 1042';
    await collector.logs(session, [{ x: new Date(at).toISOString(), at, t, ll: 4, u } as LogRecord]);
    await e2e.page.setViewportSize({ width: 1280, height: 900 });
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(app)}`);
    // Chosen, so the row is the compact one beside the panel, its who and where a column of 30 %.
    await e2e.page.locator('.log-text').first().click();
    const row = e2e.page.locator('.log-row.is-compact').first();
    await row.waitFor();
    // Cut when its text is wider than its box, by any fraction of a pixel: the browser then draws the ellipsis, where
    // scrollWidth and clientWidth, whole pixels, read the same.
    const cut = (selector: string) =>
      row.locator(selector).evaluate((part) => {
        const text = document.createRange();
        text.selectNodeContents(part);
        return text.getBoundingClientRect().width > part.getBoundingClientRect().width;
      });
    expect(await row.locator('.log-device').innerText()).toBe('user_id u-1042');
    expect(await cut('.log-device')).toBe(false);
    expect(await cut('.log-url')).toBe(true);
    // The line beside the panel, whole: the relative time gives it its room in a list this narrow.
    expect(await row.locator('.log-text').innerText()).toBe(t);
    expect(await cut('.log-text')).toBe(false);
    expect(await row.locator('.log-ago').isVisible()).toBe(false);
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
    // The tail adds at the top: a session's newest-first stream (docs/explorer.md#a-session-read-top-to-bottom).
    await viewerText(e2e.page, logsUrl({ session: 's-beta', order: 'newest' }));
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    // Give the tail its starting point before the line is sent.
    await e2e.page.waitForResponse((response) => response.url().includes('/logs/tail'));
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.logs(app.betaSession, [
      { x: new Date().toISOString(), at: Date.now(), t: 'arrived while tailing', ll: 4, tg: 'live' },
    ]);
    await tailUntil(e2e.page, () =>
      e2e.page.getByRole('button', { name: 'arrived while tailing' }).waitFor({ timeout: 500 }),
    );
    expect((await streamTexts(e2e.page))[0]).toBe('arrived while tailing');
    await e2e.page.getByRole('button', { name: 'Pause live tail' }).click();
    await e2e.page.getByRole('button', { name: 'Live tail' }).waitFor();

    // Paused, the page asks for nothing; a line logged meanwhile shows once the tail resumes, none lost.
    await collector.logs(app.betaSession, [
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
    // The record as stored: a bf_issue line's text is its issue's uid, where its row reads the title.
    const expected = ALL.filter((entry) => entry.ll === 2)
      .sort((a, b) => b.at - a.at)
      .map((entry) => entry.t);
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
    expect(rows[0]).toBe('time,level,tag,text,file,line,column,method,url,session,device');
    expect(rows.slice(1).map((row) => row.split(',')[3])).toEqual(expected);

    // Both on the admin's Settings page, by whom, of what view and how many logs
    // (docs/privacy.md#each-download-is-recorded); other files' downloads are of other apps.
    await e2e.page.context().clearCookies();
    await e2e.page.goto(`${e2e.product.url}/sidelog/settings`);
    await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
    const listed = await listedDownloads(e2e.page);
    const logs = `${expected.length} logs`;
    expect(listed.filter(([app]) => app === APP)).toEqual([
      [APP, expect.stringMatching(/^Export \(CSV\) of .*level=error/), E2E_VIEWER.name, logs],
      [APP, expect.stringMatching(/^Export \(NDJSON\) of .*level=error/), E2E_VIEWER.name, logs],
    ]);
  });
});
