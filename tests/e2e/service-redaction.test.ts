// Redaction at ingest (docs/privacy.md#on-the-service), end to end on SQLite and on PostgreSQL: the unmodified
// @bugfender/sdk, which redacts nothing itself, logs a card number and an address to an app given a rule set through the
// admin API (its uploads driven with Playwright's clock, tests/e2e/bugfender-site.ts), and an OTLP record carries an
// address; the stored rows hold the replacements, and the explorer shows each one as a marked token
// (docs/privacy.md#in-the-explorer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIdOf } from '../../server/stores/app-id.ts';
import { adminPost, createAdminClient } from './admin-client.ts';
import { startBugfenderSite, uploadUntil, type BugfenderSite } from './bugfender-site.ts';
import { postgresDatabase } from './postgres-database.ts';
import { startProduct, type Product } from './product.ts';
import { viewerText } from './viewer.ts';

const APP = 'redacting-app';
const EMAIL = 'ivan.petrov@partner-shop.ru';
const CARD = '4111 1111 1111 1111';
/** Raw values, as any part of a stored row or a page could hold them: the card as a run of its digits, spaced or not
 * (a bare `4111` also matched the test site's port, 41119 one run, in the URL each log carries). */
const RAW = /ivan\.petrov|4111[ -]?1111/;

let site: BugfenderSite;
beforeAll(async () => {
  site = await startBugfenderSite();
});
afterAll(() => site?.close());

describe.each(['sqlite', 'postgres'] as const)('on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind === 'postgres' ? await postgresDatabase() : undefined);
    const created = await adminPost(product.url, product.adminToken, 'apps', {
      key: APP,
      redact: { builtIns: ['email', 'card'] },
    });
    expect(created.status).toBe(200);
  });
  afterAll(() => product?.close());

  it("the SDK's logs, issue and device key, and an OTLP record, are stored with [card] and [email]; the explorer marks them", async () => {
    const admin = createAdminClient(() => product.url, product.adminToken, APP);
    const context = await product.browser.newContext();
    try {
      await context.clock.install();
      const page = await site.open(context, product.url, APP);
      const { session, issue } = await page.evaluate(
        async ({ email, card }) => {
          const sdk = window.Bugfender;
          sdk.log(`paid with ${card} by ${email}`);
          sdk.setDeviceKey('contact', email);
          const issueURL = await sdk.sendIssue(`Refund for ${email}`, `card ${card}`);
          return { session: (await sdk.getSessionURL()).split('/').pop()!, issue: issueURL.split('/').pop()! };
        },
        { email: EMAIL, card: CARD },
      );
      const otlp = await fetch(`${product.url}/v1/logs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-App-Token': APP },
        body: JSON.stringify({
          resourceLogs: [
            {
              resource: { attributes: [] },
              scopeLogs: [
                {
                  logRecords: [
                    { timeUnixNano: `${Date.now()}000000`, body: { stringValue: `otlp export for ${EMAIL}` } },
                  ],
                },
              ],
            },
          ],
        }),
      });
      expect(otlp.status).toBe(200);

      await uploadUntil(page, async () => {
        expect((await admin.logs()).map((log) => log.t)).toContain('paid with [card] by [email]');
        expect(await admin.issues()).toHaveLength(1);
        expect((await admin.deviceKeys()).map((change) => change.value)).toContain('[email]');
      });
      const logs = await admin.logs();
      expect(logs.map((log) => log.t)).toContain('otlp export for [email]');
      const issues = await admin.issues();
      expect(issues.map((stored) => [stored.title, stored.text])).toEqual([['Refund for [email]', 'card [card]']]);
      expect(JSON.stringify([logs, issues, await admin.deviceKeys(), await admin.sessions()])).not.toMatch(RAW);

      const explorer = await context.newPage();
      const sessionText = await viewerText(
        explorer,
        `${product.url}/sidelog/intent/${appIdOf(APP)}/session/${session}`,
      );
      expect(sessionText).toContain('paid with [card] by [email]');
      const row = explorer.locator('.log-row', { hasText: 'paid with' });
      await expect
        .poll(() =>
          row
            .locator('mark.redacted')
            .evaluateAll((marks) => marks.map((mark) => [mark.textContent, mark.getAttribute('title')])),
        )
        .toEqual([
          ['[card]', 'redacted: card'],
          ['[email]', 'redacted: email'],
        ]);
      // A search's hit is marked beside them.
      await viewerText(
        explorer,
        `${product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), q: 'paid' })}`,
      );
      const hit = explorer.locator('.log-row', { hasText: 'paid with' });
      expect(
        await hit.locator('mark').evaluateAll((marks) => marks.map((mark) => [mark.textContent, mark.className])),
      ).toEqual([
        ['paid', ''],
        ['[card]', 'redacted'],
        ['[email]', 'redacted'],
      ]);
      await viewerText(explorer, `${product.url}/sidelog/intent/${appIdOf(APP)}/issue/${issue}`);
      expect(await explorer.locator('main h1 mark.redacted').getAttribute('title')).toBe('redacted: email');
      expect(await explorer.locator('.issue-text mark.redacted').getAttribute('title')).toBe('redacted: card');
    } finally {
      await context.close();
    }
  }, 120_000);
});
