// The search box in real Chromium against the running service (docs/explorer.md#search): a query typed in the box
// finds exactly its lines, its hits are marked in the rows, the "?" opens the cheat sheet, a query the language cannot
// take is answered with its error, and the page stays free of serious accessibility violations with both showing.
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHEAT_SHEET } from '../../explorer/logs/search-cheat-sheet.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { explorerSettled, viewerCookies, viewerText } from './viewer.ts';
import { seriousViolations } from './axe.ts';
import { waitFor } from './wait-for.ts';

const e2e = useProductPage();

const APP = 'explorer-search-e2e';
const APP_ID = appIdOf(APP);
const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const line = (minute: number, t: string, ll: number, f: string, tg = 'net'): LogRecord =>
  ({
    x: new Date(T0 + minute * 60_000).toISOString(),
    at: T0 + minute * 60_000,
    t,
    ll,
    tg,
    f,
    m: 'send',
    u: 'https://shop.test/api',
  }) as LogRecord;
const LINES = [
  line(0, '502 Bad Gateway', 2, 'src/client.ts'),
  line(1, 'the gateway bad response', 1, 'proxy.ts'),
  line(2, 'partner cabinet opened', 4, 'app.ts', 'ui'),
  line(3, 'timeout after 30 s', 2, 'src/client.ts'),
];

let signedIn: Cookie[] = [];
beforeAll(async () => {
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  await collector.logs(await collector.session('s-search', 'd-search'), LINES);
  signedIn = await viewerCookies(e2e.product.url);
});

/** Types `q` in the search box and applies it, as a person would; gives the rows' texts, top to bottom. */
async function search(page: Page, q: string): Promise<string[]> {
  await page.getByLabel('Search text').fill(q);
  // The stream's answer for q, before the page is read: settled a moment after the address changed, the page had
  // not yet begun to replace the last search's rows, and they were read as this one's.
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return /\/logs$/.test(url.pathname) && url.searchParams.get('q') === q;
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === q);
  await answered;
  await explorerSettled(page);
  await page.waitForFunction(
    () => document.querySelector('.log-list') !== null || /No logs match|notice-error/.test(document.body.innerHTML),
  );
  return page.locator('.log-list .log-text').allInnerTexts();
}

/** The marked parts of each row's text, top to bottom. */
const marks = (page: Page) =>
  page
    .locator('.log-list .log-text')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('mark')].map((mark) => mark.textContent)));

describe('the search box', () => {
  e2e.keepPageInBlock();
  beforeEach(async () => {
    await e2e.page.context().addCookies(signedIn);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${APP_ID}`);
  });

  it('a phrase finds its words in order only, and marks them', async () => {
    expect(await search(e2e.page, '"bad gateway"')).toEqual(['502 Bad Gateway']);
    expect(await marks(e2e.page)).toEqual([['Bad Gateway']]);
    expect(await search(e2e.page, '"gateway bad"')).toEqual(['the gateway bad response']);
  });

  it('nothing found for a lowercase or, an unknown field or a piece of a word says why, beside "No logs match"', async () => {
    expect(await search(e2e.page, 'timeout or gateway')).toEqual([]);
    expect(await e2e.page.locator('.search-note').allInnerTexts()).toEqual([
      expect.stringMatching(/^“or” in lowercase is searched as a word/),
    ]);
    expect(await search(e2e.page, 'code:502')).toEqual([]);
    expect(await e2e.page.locator('.search-note').allInnerTexts()).toEqual([
      expect.stringMatching(/^“code:” is not a field/),
    ]);
    expect(await search(e2e.page, 'timeout OR gateway')).toHaveLength(3);
    expect(await e2e.page.locator('.search-note').count()).toBe(0);
    // A piece of a word, typed as a word: found whole, it finds nothing, and the note gives the form that does.
    expect(await search(e2e.page, 'atewa')).toEqual([]);
    expect(await e2e.page.locator('.search-note').allInnerTexts()).toEqual([
      'Words are found whole, so “atewa” finds only lines holding that word: to find it inside longer words, write *atewa*.',
    ]);
    expect(await search(e2e.page, '*atewa*')).toHaveLength(2);
  });

  it('a fragment inside words, a file, an exclusion and OR each find exactly their lines, the hits marked', async () => {
    expect(await search(e2e.page, '*artner*')).toEqual(['partner cabinet opened']);
    expect(await marks(e2e.page)).toEqual([['artner']]);
    expect(await search(e2e.page, 'client.ts')).toEqual(['timeout after 30 s', '502 Bad Gateway']);
    expect(await search(e2e.page, 'gateway -"bad gateway"')).toEqual(['the gateway bad response']);
    expect(await marks(e2e.page)).toEqual([['gateway']]);
    expect(await search(e2e.page, 'level:error timeout OR gateway')).toEqual(['timeout after 30 s', '502 Bad Gateway']);
    expect(await marks(e2e.page)).toEqual([['timeout'], ['Gateway']]);
  });

  it('a query the language cannot take shows its error and keeps the query to mend', async () => {
    await search(e2e.page, '"bad gateway');
    await e2e.page.getByText('A quote in the search is not closed: close it, as in "bad gateway"').waitFor();
    expect(await e2e.page.getByLabel('Search text').inputValue()).toBe('"bad gateway');
  });

  it('the "?" beside the box opens the cheat sheet, and Escape closes it', async () => {
    const sheet = e2e.page.getByRole('dialog', { name: 'Search syntax' });
    expect(await sheet.isVisible()).toBe(false);
    await e2e.page.getByRole('button', { name: 'Search syntax' }).click();
    await sheet.waitFor();
    expect(await sheet.locator('code').allInnerTexts()).toEqual(CHEAT_SHEET.map((entry) => entry.example));
    // Whole in the window (1280 × 720), scrolled inside: taller than the window, it ran past both edges.
    const box = (await sheet.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(e2e.page.viewportSize()!.height);
    expect(await sheet.locator('.search-help-keys').innerText()).toBe(
      'Keys: / to search from anywhere on the page, ↑ and ↓ in the list to choose a log, Enter to open it, Escape to close it.',
    );
    await e2e.page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });

  it('axe-core finds no serious or critical violation with hits marked and the cheat sheet open, light or dark', async () => {
    await search(e2e.page, 'gateway');
    await e2e.page.getByRole('button', { name: 'Search syntax' }).click();
    await e2e.page.getByRole('dialog', { name: 'Search syntax' }).waitFor();
    expect(await seriousViolations(e2e.page)).toEqual([]);
    // A hit's mark and the cheat sheet in the dark theme (docs/explorer.md#dark-theme), then the kept page light.
    await e2e.page.emulateMedia({ colorScheme: 'dark' });
    expect(
      await e2e.page
        .locator('.log-text mark')
        .first()
        .evaluate((mark) => getComputedStyle(mark).backgroundColor),
    ).toBe('rgb(94, 77, 0)');
    expect(await seriousViolations(e2e.page, ['color-contrast'])).toEqual([]);
    await e2e.page.emulateMedia({ colorScheme: 'light' });
  });

  it('"/" brings the focus to the search box from the page, its text kept; in a field it is a slash', async () => {
    await search(e2e.page, 'gateway');
    const box = e2e.page.getByLabel('Search text');
    await e2e.page.locator('.log-list').focus();
    await e2e.page.keyboard.press('/');
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    await e2e.page.keyboard.type(' -timeout');
    expect(await box.inputValue()).toBe('gateway -timeout');
    await e2e.page.keyboard.press('/');
    expect(await box.inputValue()).toBe('gateway -timeout/');
  });

  it('parentheses group and nest; an unbalanced one says so (docs/explorer.md#parentheses)', async () => {
    // The rows of the search before stay shown while the next loads: wait for the new ones.
    const finds = async (q: string, texts: string[]) => {
      await search(e2e.page, q);
      await waitFor(async () => expect(await e2e.page.locator('.log-list .log-text').allInnerTexts()).toEqual(texts));
    };
    await finds('level:error (timeout OR refused)', ['timeout after 30 s']);
    await finds('(gateway OR timeout) -level:warning', ['timeout after 30 s', '502 Bad Gateway']);
    await finds('-(tag:net OR level:debug)', ['partner cabinet opened']);
    await search(e2e.page, '(timeout OR gateway');
    await e2e.page.getByText('A parenthesis is not closed: close it, as in (timeout OR refused)').waitFor();
  });
});

describe('suggestions in the search box (docs/explorer.md#suggestions)', () => {
  e2e.keepPageInBlock();
  beforeEach(async () => {
    await e2e.page.context().addCookies(signedIn);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${APP_ID}`);
    // The values come from the facets the view already read.
    await e2e.page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name: 'Tag' }).waitFor();
  });
  const box = () => e2e.page.getByRole('combobox', { name: 'Search text' });
  const options = () => e2e.page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  /** The suggestions once shown: the list follows a key typed in the page's next render, not within the key press. */
  const suggested = (texts: string[]) => waitFor(async () => expect(await options().allInnerTexts()).toEqual(texts));

  it('field names, then the view’s values, most common first, taken by keyboard; Enter then applies', async () => {
    await box().click();
    await e2e.page.keyboard.type('le');
    await suggested(['level:']);
    expect(await box().getAttribute('aria-expanded')).toBe('true');
    await e2e.page.keyboard.press('ArrowDown');
    expect(await box().getAttribute('aria-activedescendant')).toBe(await options().first().getAttribute('id'));
    expect(await options().first().getAttribute('aria-selected')).toBe('true');
    await e2e.page.keyboard.press('Enter');
    expect(await box().inputValue()).toBe('level:');
    await e2e.page.keyboard.type('e');
    await suggested(['level:error']);
    await e2e.page.keyboard.press('ArrowDown');
    await e2e.page.keyboard.press('Enter');
    expect(await box().inputValue()).toBe('level:error ');

    await e2e.page.keyboard.type('tag:');
    await suggested(['tag:net 3', 'tag:ui 1']);
    expect(await seriousViolations(e2e.page)).toEqual([]);
    await e2e.page.keyboard.press('ArrowDown');
    await e2e.page.keyboard.press('Enter');
    expect(await box().inputValue()).toBe('level:error tag:net ');
    expect(await box().getAttribute('aria-expanded')).toBe('false');
    // No option chosen: Enter applies the search.
    await e2e.page.keyboard.press('Enter');
    await e2e.page.waitForURL((url) => url.searchParams.get('q') === 'level:error tag:net');
    await explorerSettled(e2e.page);
    expect(await e2e.page.locator('.log-list .log-text').allInnerTexts()).toEqual([
      'timeout after 30 s',
      '502 Bad Gateway',
    ]);
  });

  it('Escape closes the suggestions and leaves the text', async () => {
    await box().click();
    await e2e.page.keyboard.type('ta');
    await suggested(['tag:']);
    await e2e.page.keyboard.press('Escape');
    expect(await box().getAttribute('aria-expanded')).toBe('false');
    expect(await box().inputValue()).toBe('ta');
  });
});
