// An issue group's analytics and "Resolve in version" on its page (docs/explorer.md#an-issue-groups-analytics,
// docs/explorer.md#resolved-in-a-version), in real Chromium against the running service on one store
// (explorer-group-analytics-sqlite.test.ts and …-postgres run it on each): the occurrences by version, OS and browser
// as the tables show them; resolved in 2.4.1, the group stays resolved on an occurrence from 2.4.0 and reopens on one
// from 2.4.1. Seeded through the collector.
import type { Cookie } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { appIdOf } from '../../server/stores/app-id.ts';
import { device } from '../../fixtures/wire-bodies.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { explorerSettled, viewerCookies, viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';

const APP = 'explorer-group-analytics-e2e';

export function describeGroupAnalytics(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  let signedIn: Cookie[] = [];
  let collector: ReturnType<typeof createCollectorClient>;
  const sessions: Record<string, number> = {};
  let issues = 0;
  const occurrence = (version: string) =>
    collector.issue(sessions[version]!, {
      uid: `group-analytics-${++issues}`,
      title: `Payment ${issues} declined`,
      text: `Error: Payment ${issues} declined`,
      type: 'issue',
    });
  /** A table's rows as [value, count]. */
  async function table(name: string): Promise<[string, number][]> {
    const rows = e2e.page.getByRole('table', { name, exact: true }).locator('tbody tr');
    return (
      await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
    ).map(([value, count]) => [value!, Number(count)]);
  }
  const fact = (name: string) =>
    e2e.page.locator('.group-analytics .facts dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');

  beforeEach(() => e2e.page.context().addCookies(signedIn));
  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    for (const [version, browser, os] of [
      ['2.4.0', 'Chrome', 'macOS 14'],
      ['2.4.1', 'Firefox', 'Windows 11'],
    ])
      sessions[version] = await collector.session(`s-${version}`, `d-${version}`, {
        device: { ...device(`d-${version}`), device_type: browser, os_version: os },
        app_version: { app: { key: APP }, version, build: '1' },
      });
    await occurrence('2.4.0');
    await occurrence('2.4.0');
    await occurrence('2.4.1');
  });

  it('the page counts occurrences by version, OS and browser; resolved in 2.4.1, only 2.4.1 reopens it', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/issues?app=${appIdOf(APP)}`);
    await e2e.page.getByRole('link', { name: 'Payment <*> declined' }).click();
    await explorerSettled(e2e.page);
    await e2e.page.getByRole('region', { name: 'Analytics' }).waitFor();
    expect(await table('Occurrences by version')).toEqual([
      ['2.4.1', 1],
      ['2.4.0', 2],
    ]);
    expect(await table('Occurrences by os')).toEqual([
      ['macOS 14', 2],
      ['Windows 11', 1],
    ]);
    expect(await table('Occurrences by browser')).toEqual([
      ['Chrome', 2],
      ['Firefox', 1],
    ]);
    expect(await fact('First seen in version').innerText()).toBe('2.4.0');
    // The day chart says what it counts: the days the occurrences arrived, by the collector's clock.
    const caption = await e2e.page.locator('.group-days-caption').innerText();
    expect(caption).toMatch(/^Occurrences (on \d{4}-\d\d-\d\d|per day, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d) \(UTC\)$/);

    await e2e.page.getByRole('textbox', { name: 'Resolve in version' }).fill('2.4.1');
    await e2e.page.getByRole('button', { name: 'Resolve in version' }).click();
    await waitFor(async () => expect(await fact('Resolved in').innerText()).toBe('2.4.1'));
    expect(await e2e.page.locator('.group-status .status').getAttribute('class')).toBe('status group-resolved');

    await occurrence('2.4.0');
    await e2e.page.reload();
    await explorerSettled(e2e.page);
    await waitFor(async () =>
      expect(await table('Occurrences by version')).toEqual([
        ['2.4.1', 1],
        ['2.4.0', 3],
      ]),
    );
    expect(await e2e.page.locator('.group-status .status').getAttribute('class')).toBe('status group-resolved');

    await occurrence('2.4.1');
    await e2e.page.reload();
    await explorerSettled(e2e.page);
    await waitFor(async () => expect(await fact('Resolved in').innerText()).toBe('no version'));
    expect(await e2e.page.locator('.group-status .status').getAttribute('class')).toBe('status group-open');
  });
}
