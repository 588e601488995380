// Times in the explorer, in real Chromium against the running service (docs/explorer-views.md#time): one format on
// every page, in the viewer's zone with its name shown, UTC at a switch; the range presets; the From and To fields
// wide enough for their whole value. And the live tail: from the rows shown, never in the future.
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { TAIL_EVERY_MS } from '../../explorer/logs/use-log-stream.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { device } from '../../fixtures/wire-bodies.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { explorerSettled, moreFilters, viewerCookies, viewerText } from './viewer.ts';

const e2e = useProductPage();
const APP = 'explorer-time-app';
const APP_ID = appIdOf(APP);
/** A moment a day before the page's clock (installed at NOW) with the logs around it. */
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const MINUTE = 60_000;
const log = (at: number, t: string): LogRecord =>
  ({ x: new Date(at).toISOString(), at, t, ll: 4, tg: 'time' }) as LogRecord;
/** Times before NOW, by how long before. */
const AGO = {
  '5 min': NOW - 5 * MINUTE,
  '30 min': NOW - 30 * MINUTE,
  '2 h': NOW - 120 * MINUTE,
  '2 d': NOW - 2 * 24 * 60 * MINUTE,
};

let signedIn: Cookie[] = [];
beforeAll(async () => {
  signedIn = await viewerCookies(e2e.product.url);
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  const session = await collector.session('s-time', 'd-time');
  await collector.logs(session, [
    log(T0, 'the first line'),
    ...Object.entries(AGO).map(([ago, at]) => log(at, `logged ${ago} before`)),
  ]);
  await collector.issue(session, { uid: 'issue-time', title: 'Time issue', text: 'text', type: 'crash' });
  await collector.issue(session, {
    uid: 'feedback-time',
    title: 'The checkout page says my card expired though it did not',
    text: 'text',
    type: 'user-feedback',
  });
});

/** A context whose zone is Tokyo (UTC+9, no summer time), signed in; closed after the test. */
let own: BrowserContext | undefined;
afterEach(() => own?.close());
async function tokyoPage(browser: Browser): Promise<Page> {
  own = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  await own.addCookies(signedIn);
  return own.newPage();
}

const url = (path: string, params: Record<string, string> = {}) =>
  `${e2e.product.url}/sidelog${path}?${new URLSearchParams({ app: APP_ID, ...params })}`;
/** The one format; a log's time is followed by its relative time. */
const FORMAT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}($| \S)/;

describe('time zone and format', () => {
  it("every page writes times in one format, in the viewer's zone, which it names; the switch writes them in UTC, and stays", async () => {
    const page = await tokyoPage(e2e.product.browser);
    await viewerText(page, url('/logs', { q: 'first' }));
    expect(await page.getByText('(times in Asia/Tokyo, UTC+09:00)').count()).toBe(1);
    const row = page.locator('.log-row').first();
    expect(await row.locator('time').innerText()).toMatch(/^2026-11-20 19:00:00\.000(?: |$)/);
    for (const path of ['/sessions', '/issues', '/issues/issue-time', '/devices', '/devices/d-time']) {
      await viewerText(page, url(path));
      const times = await page.locator('main time').allInnerTexts();
      expect(times.length, path).toBeGreaterThan(0);
      for (const time of times) expect(time, path).toMatch(FORMAT);
    }

    await viewerText(page, url('/logs', { q: 'first', from: new Date(T0 - 5_000).toISOString() }));
    await moreFilters(page);
    expect(await page.getByLabel('From (Asia/Tokyo, UTC+09:00)').inputValue()).toBe('2026-11-20 18:59:55');
    await page.getByRole('checkbox', { name: /UTC/ }).check();
    expect(await page.getByText('(times in UTC)').count()).toBe(1);
    expect(await row.locator('time').innerText()).toMatch(/^2026-11-20 10:00:00\.000(?: |$)/);
    expect(await page.getByLabel('From (UTC)').inputValue()).toBe('2026-11-20 09:59:55');
    // A time typed in UTC means that moment.
    await page.getByLabel('From (UTC)').fill('2026-11-20 10:00:01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((address) => address.searchParams.get('from') === '2026-11-20T10:00:01.000Z');

    await page.reload();
    await explorerSettled(page);
    expect(await page.getByRole('checkbox', { name: /UTC/ }).isChecked()).toBe(true);
  });
});

describe('the From and To fields', () => {
  it('show the one format, are one tab stop each, name the zone on Sequences too, and refuse a value that is no time', async () => {
    const page = await tokyoPage(e2e.product.browser);
    await viewerText(page, url('/logs', { from: new Date(T0).toISOString() }));
    await moreFilters(page);
    const from = page.getByLabel('From (Asia/Tokyo, UTC+09:00)');
    expect(await from.inputValue()).toBe('2026-11-20 19:00:00');
    await from.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await page.getByLabel('To (Asia/Tokyo, UTC+09:00)').getAttribute('id'),
    );
    await from.fill('2026-02-30 10:00:00');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await from.evaluate((input: HTMLInputElement) => input.validationMessage)).toContain('2026-12-03 17:00:00');
    expect(new URL(page.url()).searchParams.get('from')).toBe(new Date(T0).toISOString());
    await viewerText(page, url('/sequences', { a: 'first', b: 'logged', from: new Date(T0).toISOString() }));
    expect(await page.getByLabel('From (Asia/Tokyo, UTC+09:00)').inputValue()).toBe('2026-11-20 19:00:00');
    await page.getByLabel('To (Asia/Tokyo, UTC+09:00)').waitFor();
  });
});

describe('the header and the tables', () => {
  it('at 1440 px, with a long zone: the views on one line, a badge unbroken, no table wider than its column', async () => {
    own = await e2e.product.browser.newContext({ timezoneId: 'America/Argentina/Buenos_Aires' });
    await own.addCookies(signedIn);
    const page = await own.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const path of ['/logs', '/sessions', '/issues', '/devices', '/issues/issue-time', '/devices/d-time']) {
      await viewerText(page, url(path));
      const nav = page.getByRole('navigation', { name: 'Explorer views' });
      const [navHeight, linkHeight] = await nav.evaluate((element) => [
        element.getBoundingClientRect().height,
        element.querySelector('a')!.getBoundingClientRect().height,
      ]);
      expect(navHeight, path).toBeLessThan(linkHeight * 1.5);
      const overflowing = await page
        .locator('main table')
        .evaluateAll((tables) =>
          tables
            .filter(
              (table) => table.getBoundingClientRect().right > table.parentElement!.getBoundingClientRect().right + 0.5,
            )
            .map((table) => table.className),
        );
      expect(overflowing, path).toEqual([]);
      const broken = await page
        .locator('main .status')
        .evaluateAll((badges) =>
          badges.filter((badge) => badge.getClientRects().length > 1).map((badge) => badge.textContent),
        );
      expect(broken, path).toEqual([]);
    }
  });

  it('at 1024, 1280 and 1440 px, with a long zone and long facet values: nothing scrolls sideways, and every control is in view', async () => {
    // A file and a tag too long for the facets' column, as a bundled path or a UI event's selector is.
    const longFile = 'src/features/checkout/payment-providers/card-form/validation/expiry-date-field.tsx';
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, 'explorer-wide-app');
    await collector.createApp();
    // A session's id and a device's as Sidelog makes them, 32 hex characters with no break in them, and a browser's
    // name as the page gives it.
    const udid = '1303ce601304e13b7d76a58fe84cb5d3';
    const session = await collector.session('d47dfa0f7a77f2e1da551e2f3b033235', udid, {
      device: { ...device(udid), name: 'HeadlessChrome 156 (Linux)' },
    });
    // A crash whose title holds a script's URL, as a browser writes it.
    await collector.issue(session, {
      uid: 'wide-crash',
      title:
        "Uncaught TypeError: Cannot read properties of undefined (reading 'total') at computeCartTotal in https://shop.example/assets/checkout-4f9a2c.js:1:22871",
      text: 'text',
      type: 'crash',
    });
    await collector.logs(session, [
      { ...log(NOW, 'a line with a long file'), f: longFile, tg: 'checkout-card-form-expiry-date' },
    ]);
    own = await e2e.product.browser.newContext({ timezoneId: 'America/Argentina/Buenos_Aires' });
    await own.addCookies(signedIn);
    const page = await own.newPage();
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await viewerText(page, `${e2e.product.url}/sidelog/logs?app=${appIdOf('explorer-wide-app')}`);
      const facets = page.getByRole('complementary', { name: 'Facets' });
      await facets.getByTitle(longFile).waitFor();
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }));
      expect(widths.page, `${width}`).toBeLessThanOrEqual(widths.window);
      // At 1440 px the header is one line (its controls' height and its padding); narrower, it wraps.
      const [header, link] = await page
        .getByRole('navigation', { name: 'Explorer views' })
        .evaluate((nav) => [nav.closest('header')!.clientHeight, nav.querySelector('a')!.clientHeight]);
      if (width === 1440) expect(header).toBeLessThan(link * 2);
      else expect(header).toBeGreaterThan(link * 2);
      // Below 1440 px the zone's label is whole on the header's second line, its offset with it.
      const label = page.locator('.zone-switch > span');
      if (width < 1440) expect(await label.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(false);
      // The header's controls, the zone's label among them, each whole inside the window.
      for (const control of [
        page.getByRole('button', { name: 'Sign out' }),
        page.getByRole('checkbox', { name: /UTC/ }),
        page.locator('.zone-switch > span'),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.width, `${width}`).toBeGreaterThan(0);
        expect(box.x + box.width, `${width}`).toBeLessThanOrEqual(width);
      }
      // Each facet's count and buttons inside the column beside the list, the long value cut instead.
      const outside = await facets.evaluate((panel) => {
        const right = panel.parentElement!.getBoundingClientRect().right;
        return [...panel.querySelectorAll('.facet-count, button')]
          .filter((control) => control.getBoundingClientRect().right > right + 0.5)
          .map((control) => control.textContent);
      });
      expect(outside, `${width}`).toEqual([]);
      // "Count by" and its button inside their card.
      const counts = page.getByRole('region', { name: 'Counts by a field' });
      const [card, count] = await Promise.all([
        counts.boundingBox(),
        counts.getByRole('button', { name: 'Count' }).boundingBox(),
      ]);
      expect(count!.x + count!.width, `${width}`).toBeLessThanOrEqual(card!.x + card!.width);
      // The stream's count on one line beside its buttons, which wrap rather than break it ("1 / log" at 1,024 px).
      const status = page.locator('.stream-toolbar [role=status]');
      expect(await status.innerText()).toBe('1 log');
      const [height, line] = await status.evaluate((text) => [
        text.getBoundingClientRect().height,
        parseFloat(getComputedStyle(text).lineHeight),
      ]);
      expect(height, `${width}`).toBeLessThan(1.5 * line);
      // A device's short id stays in view where its name is cut: it is what tells devices of one model apart.
      const idInView = await facets
        .getByRole('region', { name: 'Device' })
        .locator('.facet-label')
        .evaluate(
          (label, id) => {
            const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const at = node.nodeValue!.indexOf(id);
              if (at < 0) continue;
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + id.length);
              return range.getBoundingClientRect().right <= label.getBoundingClientRect().right + 0.5;
            }
            return false;
          },
          udid.slice(0, 8),
        );
      expect(idInView, `${width}`).toBe(true);
      // The tables of sessions, of issues and of a group's occurrences within their column, their last column in view;
      // in a narrower window a table may scroll in a box of its own, the page still not.
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      const wider = () =>
        page.locator('main table').evaluateAll((tables) =>
          tables
            .filter((table) => {
              const main = table.closest('main')!;
              const column = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
              return table.getBoundingClientRect().right > column + 0.5;
            })
            .map((table) => table.className),
        );
      for (const path of ['/sessions', '/devices', '/issues']) {
        await viewerText(page, `${e2e.product.url}/sidelog${path}?app=${appIdOf('explorer-wide-app')}`);
        expect(await pageWidth(), `${path} at ${width}`).toBeLessThanOrEqual(width);
        if (width >= 1280) expect(await wider(), `${path} at ${width}`).toEqual([]);
      }
      await page.locator('main table a').first().click();
      await page.getByRole('table', { name: /newest first/i }).waitFor();
      expect(await pageWidth(), `a group at ${width}`).toBeLessThanOrEqual(width);
      if (width >= 1280) expect(await wider(), `a group at ${width}`).toEqual([]);
    }
  });
});

describe('the histogram', () => {
  it('writes its axis, bar titles and label in the zone chosen, at the switch and back', async () => {
    const page = await tokyoPage(e2e.product.browser);
    const range = { from: new Date(T0 - 30 * MINUTE).toISOString(), to: new Date(T0 + 30 * MINUTE).toISOString() };
    await viewerText(page, url('/logs', range));
    const histogram = page.locator('.histogram');
    const shown = async () => ({
      axis: await histogram.locator('figcaption span').first().innerText(),
      label: (await histogram.locator('svg').getAttribute('aria-label'))!,
      title: await histogram.locator('title').first().textContent(),
    });
    const tokyo = await shown();
    expect(tokyo.axis).toBe('2026-11-20 18:30:00');
    expect(tokyo.label).toContain('2026-11-20 18:30:00 – 2026-11-20 19:30:00');
    expect(tokyo.title).toMatch(/^2026-11-20 18:30:00 – /);
    const utc = page.getByRole('checkbox', { name: /UTC/ });
    await utc.check();
    await expect.poll(shown).toEqual({
      axis: '2026-11-20 09:30:00',
      label: tokyo.label
        .replaceAll('2026-11-20 18:30', '2026-11-20 09:30')
        .replaceAll('2026-11-20 19:30', '2026-11-20 10:30'),
      title: tokyo.title!.replaceAll(' 18:', ' 09:').replaceAll(' 19:', ' 10:'),
    });
    await utc.uncheck();
    await expect.poll(shown).toEqual(tokyo);
  });

  it('leaves out a log a wrong clock dated, says so, and draws it at "Draw them too"', async () => {
    // An app of its own: a log of 1970 among this file's would be the oldest row of every list the others read.
    const app = 'explorer-clock-app';
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, app);
    await collector.createApp();
    const session = await collector.session('s-clock', 'd-clock');
    await collector.logs(session, [log(0, 'a reset clock'), log(T0, 'the first line'), log(T0 + 30 * MINUTE, 'later')]);
    const page = await tokyoPage(e2e.product.browser);
    await viewerText(page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(app)}`);
    const histogram = page.locator('.histogram');
    const axis = () => histogram.locator('figcaption span').first().innerText();
    expect(await axis()).toBe('2026-11-20 19:00:00');
    expect(await histogram.locator('.chart-left-out').innerText()).toBe(
      'Not drawn: logs dated before 2000 (the earliest 1970-01-01 09:00:00), as a wrong clock dates them; the list ' +
        'and the count hold them. Draw them too',
    );
    expect(await page.getByText('3 logs', { exact: true }).count()).toBe(1);
    await histogram.getByRole('button', { name: 'Draw them too' }).click();
    await page.waitForURL((address) => address.searchParams.get('from') === '1970-01-01T00:00:00.000Z');
    await expect.poll(axis).toBe('1970-01-01 09:00:00');
    expect(await histogram.locator('.chart-left-out').count()).toBe(0);
  });
});

describe('range', () => {
  it('each preset sets the range that long before now, and the stream shows exactly what falls in it', async () => {
    await e2e.page.context().addCookies(signedIn);
    await e2e.page.clock.install({ time: NOW });
    await viewerText(e2e.page, url('/logs', { tag: 'time' }));
    await moreFilters(e2e.page);
    const expected: [string, string[]][] = [
      ['Last 15 min', ['logged 5 min before']],
      ['Last 1 h', ['logged 5 min before', 'logged 30 min before']],
      ['Last 24 h', ['logged 5 min before', 'logged 30 min before', 'logged 2 h before']],
      [
        'Last 7 d',
        ['logged 5 min before', 'logged 30 min before', 'logged 2 h before', 'the first line', 'logged 2 d before'],
      ],
    ];
    for (const [preset, texts] of expected) {
      await e2e.page.getByRole('button', { name: preset }).click();
      await explorerSettled(e2e.page);
      const from = new URL(e2e.page.url()).searchParams.get('from');
      // The page's clock runs on from NOW, by the time the test takes.
      expect(Date.parse(from!), preset).toBeGreaterThanOrEqual(NOW - presetMs(preset));
      expect(Date.parse(from!), preset).toBeLessThan(NOW - presetMs(preset) + MINUTE);
      await expect
        .poll(() => e2e.page.locator('.log-list .log-text').allInnerTexts(), { timeout: 5_000 })
        .toEqual(texts);
    }
  });

  it('the From and To fields show their whole value, seconds included, at 1440 px and narrower', async () => {
    await e2e.page.context().addCookies(signedIn);
    await viewerText(e2e.page, url('/logs', { from: '2026-12-28T23:58:59.000Z', to: '2026-12-29T23:59:59.000Z' }));
    await moreFilters(e2e.page);
    for (const width of [1920, 1440, 1280, 1024, 800]) {
      await e2e.page.setViewportSize({ width, height: 900 });
      for (const field of ['From', 'To']) {
        const input = e2e.page.getByLabel(new RegExp(`^${field} \\(`));
        // What the value needs: the same input, alone, at its own width.
        const [shown, needed] = await input.evaluate((element) => {
          const alone = element.cloneNode() as HTMLInputElement;
          alone.style.cssText = 'position: absolute; width: max-content; visibility: hidden';
          document.body.append(alone);
          const width = alone.getBoundingClientRect().width;
          alone.remove();
          return [element.getBoundingClientRect().width, width];
        });
        expect(shown, `${field} at ${width} px`).toBeGreaterThanOrEqual(needed - 0.5);
      }
    }
  });
});

function presetMs(label: string): number {
  return { 'Last 15 min': 15, 'Last 1 h': 60, 'Last 24 h': 24 * 60, 'Last 7 d': 7 * 24 * 60 }[label]! * MINUTE;
}

describe('live tail', () => {
  it("shows the lines logged between the view's load and the click, and a tailed line never reads as the future", async () => {
    await e2e.page.context().addCookies(signedIn);
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    const session = await collector.session('s-tail', 'd-tail');
    await e2e.page.clock.install();
    await viewerText(e2e.page, url('/logs', { session: 's-tail', order: 'newest' }));
    // Logged after the view was read, before Live tail is clicked; the second a little ahead of the page's clock.
    await collector.logs(session, [log(Date.now(), 'before the click'), log(Date.now() + 3_000, 'ahead of the clock')]);
    await e2e.page.getByRole('button', { name: 'Live tail' }).click();
    await tailUntil(e2e.page, () =>
      e2e.page.getByRole('button', { name: 'ahead of the clock' }).waitFor({ timeout: 500 }),
    );
    expect(await e2e.page.locator('.log-list .log-text').allInnerTexts()).toEqual([
      'ahead of the clock',
      'before the click',
    ]);
    expect(await e2e.page.locator('.log-list .log-ago').allInnerTexts()).toEqual([
      'now',
      expect.stringMatching(/ago$|^now$/),
    ]);
  });
});

/** Fires the tail's next poll at once (Playwright's clock, installed before the page loads) until `check` passes. */
async function tailUntil(page: Page, check: () => Promise<unknown>): Promise<void> {
  await waitFor(
    async () => {
      await page.clock.fastForward(TAIL_EVERY_MS);
      await check();
    },
    { timeout: 30_000, interval: 50 },
  );
}
