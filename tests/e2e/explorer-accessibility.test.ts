// No serious accessibility violation on any of the explorer's pages, in real Chromium against the running service
// (docs/local-service.md#explorer): axe-core run on each, with what it opens (a log, a group, the saved views) open.
import { describe, expect, it } from 'vitest';
import { APP_ID, T0, useExplorerApp } from './explorer-app.ts';
import { explorerSettled, signInToExplorer, viewerText } from './viewer.ts';
import { seriousViolations } from './axe.ts';

const app = useExplorerApp();
const { e2e } = app;

describe('accessibility', () => {
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
  });
});
