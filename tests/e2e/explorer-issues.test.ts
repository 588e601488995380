// The explorer's issues, sessions and devices in real Chromium against the running service
// (docs/local-service.md#explorer), the intent URLs, and the Content-Security-Policy its pages are sent with.
import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { appIdOf, bugfenderAppIdOf } from '../../server/stores/app-id.ts';
import { EXPLORER_CSP } from '../../server/explorer/static.ts';
import { createCollectorClient } from './collector-client.ts';
import { APP, APP_ID, useExplorerApp } from './explorer-app.ts';
import { explorerSettled, signInToExplorer, viewerText } from './viewer.ts';

const { e2e, startSignedIn, logsUrl } = useExplorerApp();
/** An app of its own, so its issues change no other test's view of APP. */
const ISSUES_APP = 'explorer-e2e-issues';

describe('issues, sessions and devices', () => {
  startSignedIn();
  e2e.keepPageInBlock();
  it('issues list issues, crashes and feedback, grouped, by type; a group opens to its occurrences, one to its session logs around it', async () => {
    const all = await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${APP_ID}`);
    expect(all).toContain('Checkout crashed');
    expect(all).toContain('Love the new cart');
    await e2e.page.getByLabel('Type').selectOption('user-feedback');
    await waitFor(async () =>
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
    expect(await around.locator('[aria-current=true] .log-text').innerText()).toBe('Checkout crashed');
    // Event time first: when its line was logged (minute 3 of T0's hour), when it arrived beside (today).
    const logged = e2e.page.locator('.facts dt', { hasText: 'Logged' }).locator('xpath=following-sibling::dd[1]');
    expect(await logged.innerText()).toMatch(/^2026-11-20 \d\d:03:00\.000 · arrived \d{4}-/);
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
    await waitFor(async () => expect(await rows.allInnerTexts()).toEqual([expect.stringContaining('Issue number 0')]));
    expect(await e2e.page.getByRole('button', { name: 'Older occurrences' }).count()).toBe(0);

    const shared = e2e.page.url();
    expect(await viewerText(e2e.page, shared)).toContain('Issue number 0');
    expect(await rows.count()).toBe(1);
    await e2e.page.getByRole('button', { name: 'Newest occurrences' }).click();
    await waitFor(async () => expect(await rows.count()).toBe(200));
  });

  it("a bf_issue line reads as its issue's title and links to the issue", async () => {
    await viewerText(e2e.page, logsUrl({ tag: 'bf_issue' }));
    expect(await e2e.page.locator('.log-row .log-text').allInnerTexts()).toEqual(['Checkout crashed']);
    // Chosen, the line as it was logged, its issue named beside it.
    await e2e.page.locator('.log-row .log-text').click();
    const panel = e2e.page.getByRole('region', { name: 'Chosen log' });
    expect(await panel.locator('.log-panel-text').innerText()).toBe('issue-alpha');
    expect(await panel.getByRole('link', { name: 'Checkout crashed' }).getAttribute('href')).toMatch(
      /^\/sidelog\/issues\/issue-alpha\?/,
    );
    await e2e.page.getByRole('link', { name: 'Open issue: Checkout crashed', exact: true }).click();
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
      expect.stringMatching(/^Chrome on Linux · \S+$/),
      '0.0.0 (0)',
      'ru-RU',
      expect.stringMatching(/^2026-11-20 \d\d:00:00\.000$/),
      expect.stringMatching(/^2026-11-20 \d\d:04:00\.000$/),
      'D Debug: 1W Warning: 1E Error: 2I Info: 1',
      '1',
    ]);
    await e2e.page.getByLabel('Session, device or udid').fill('beta');
    await e2e.page.getByLabel('Session, device or udid').press('Enter');
    await waitFor(async () => expect(await e2e.page.locator('.sessions-table tbody tr').count()).toBe(1));
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
  e2e.keepPageInBlock();
  // Each starts signed out: the page is the block's (keepPageInBlock), and the one before signed in.
  beforeEach(() => e2e.page.context().clearCookies());
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
