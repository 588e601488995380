// No serious accessibility violation on any of the explorer's pages, in real Chromium against the running service
// (docs/local-service.md#explorer): axe-core run on each, with what it opens (a log, a group, the saved views) open,
// in the light theme and the dark (docs/explorer.md#dark-theme).
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCollectorClient } from './collector-client.ts';
import { APP, APP_ID, log, T0, useExplorerApp } from './explorer-app.ts';
import { explorerSettled, signInToExplorer, viewerText } from './viewer.ts';
import { seriousViolations } from './axe.ts';
import { adminPost } from './admin-client.ts';

const app = useExplorerApp();
const { e2e } = app;
/** A session whose id does not break at the 8 characters its marker shows. */
const LONG_SESSION = '0d273b43aa114c2b9e7f';
/** An app that names its users by a key, and one user of it, for the Users page (docs/explorer.md#identity). */
const USERS_APP = 'a11y-users';
beforeAll(async () => {
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.logs(await collector.session(LONG_SESSION, 'd-long'), [log(9, 'long session line', 2, 'net')]);
  const users = createCollectorClient(e2e.product.url, e2e.product.adminToken, USERS_APP);
  await users.createApp();
  expect(
    (await adminPost(e2e.product.url, e2e.product.adminToken, `apps/${USERS_APP}/identity`, { key: 'user_id' })).status,
  ).toBe(200);
  await users.logs(await users.session('s-user', 'd-user'), [log(1, 'signed in', 4, 'auth')]);
  await users.deviceKey('d-user', 'user_id', 'u-a11y');
  // A copy of the user's device, so that the Settings page lists its record (docs/privacy.md#each-download-is-recorded).
  const copy = await fetch(`${e2e.product.url}/sidelog/admin/api/apps/${USERS_APP}/devices/d-user/copy`, {
    headers: { Authorization: `Bearer ${e2e.product.adminToken}` },
  });
  expect([copy.status, JSON.parse(await copy.text()).device.udid]).toEqual([200, 'd-user']);
});

/** The page's background and text colours, as computed. */
const pageColours = (page: Page) =>
  page.evaluate(() => {
    const { backgroundColor, color } = getComputedStyle(document.documentElement);
    return { background: backgroundColor, text: color };
  });
const LIGHT = { background: 'rgb(244, 247, 246)', text: 'rgb(28, 35, 33)' };
const DARK = { background: 'rgb(17, 22, 20)', text: 'rgb(227, 232, 230)' };

describe('accessibility', () => {
  e2e.keepPageInBlock();
  // The kept page's colour scheme, which a test below changes, is the light theme's at each test's start.
  beforeEach(() => e2e.page.emulateMedia({ colorScheme: 'light' }));
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
    ['account', `/sidelog/account?app=${APP_ID}`],
    // The admin's alone (the e2e viewer has none): signed in as the admin on its form.
    ['settings', `/sidelog/settings?app=${APP_ID}`],
    // With the admin's erasure (docs/privacy.md#erasing-a-device).
    ['device, as the admin', `/sidelog/devices/d-alpha?app=${APP_ID}`],
    ['users, as the admin', `/sidelog/users?app=${APP_ID}&value=u-a11y`],
  ];
  it.each(pages)('axe-core: no serious or critical violation on the %s page, light or dark', async (name, path) => {
    if (name === 'sign-in') {
      await e2e.page.context().clearCookies();
      await e2e.page.goto(`${e2e.product.url}${path}`);
      await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    } else if (name.endsWith('as the admin') || name === 'settings') {
      await e2e.page.context().clearCookies();
      await e2e.page.goto(`${e2e.product.url}${path}`);
      await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
      await explorerSettled(e2e.page);
      if (name === 'settings') {
        await e2e.page.getByLabel('Webhook URL').waitFor();
        await e2e.page.getByRole('region', { name: 'Downloads' }).locator('tbody tr').first().waitFor();
      } else if (name.startsWith('device'))
        await e2e.page.getByRole('button', { name: "Erase this device's data" }).waitFor();
      else await e2e.page.getByRole('button', { name: 'Erase 1 device' }).waitFor();
    } else {
      await e2e.page.context().addCookies(app.signedIn);
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
    expect(await seriousViolations(e2e.page)).toEqual([]);
    expect(await pageColours(e2e.page)).toEqual(LIGHT);
    // The same page as a system in dark mode shows it: every text's contrast checked again.
    await e2e.page.emulateMedia({ colorScheme: 'dark' });
    expect(await pageColours(e2e.page)).toEqual(DARK);
    expect(await seriousViolations(e2e.page, ['color-contrast'])).toEqual([]);
  });

  it('the Logs page: each session marker is named by what it shows, headings go down one level at a time, the logo is named in English and the sessions’ level counts are in letters too', async () => {
    await e2e.page.context().addCookies(app.signedIn);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${APP_ID}`);
    const marker = e2e.page.locator('.log-session', { hasText: LONG_SESSION.slice(0, 8) }).first();
    expect((await marker.textContent())!.replace(/\s+/g, ' ')).toBe(`Session ${LONG_SESSION.slice(0, 8)}`);
    await e2e.page
      .getByRole('link', { name: `Session ${LONG_SESSION.slice(0, 8)}`, exact: true })
      .first()
      .waitFor();
    expect(await marker.getAttribute('title')).toBe(`Session ${LONG_SESSION}`);
    const levels = await e2e.page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `heading ${i}`).toBeLessThanOrEqual(1));
    expect(await e2e.page.locator('.logo title').allTextContents()).toEqual(['Sidelog']);
    expect(await seriousViolations(e2e.page)).toEqual([]);
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/sessions?app=${APP_ID}`);
    const shown = await e2e.page.locator('.level-counts .level-badge [aria-hidden=true]').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const letter of shown) expect(letter.trim()).toMatch(/^[DWETIF]$/);
  });
});
