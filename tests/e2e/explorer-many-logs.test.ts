// The explorer over 100,000 logs in real Chromium against the running service (docs/local-service.md#explorer): the
// count that stops at 100,000, a search that finds one line among them, and a list that holds only the rows in view.
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { log, streamTexts, T0, useExplorerApp } from './explorer-app.ts';
import { viewerText } from './viewer.ts';

const { e2e, startSignedIn } = useExplorerApp();
const BIG_APP = 'explorer-e2e-big';

describe('100,000 logs', () => {
  startSignedIn();
  e2e.keepPageInBlock();
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
    await waitFor(async () => expect(await status.innerText()).toBe('100,001 logs'));
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}&tag=bulk`);
    await waitFor(async () => expect(await status.innerText()).toBe('100,000+ logs'));
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}&level=info`);
    await waitFor(async () => expect(await status.innerText()).toBe('20,000 logs'));
  });

  it('search finds a unique text among them', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    await e2e.page.getByLabel('Search text').fill('quixotic');
    await e2e.page.getByLabel('Search text').press('Enter');
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['the quixotic zebrafish swam']));
  });

  it('the list holds only the rows in view, and scrolling to its end loads the next keyset page', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=${appIdOf(BIG_APP)}`);
    const list = e2e.page.locator('.log-list');
    await list.locator('.log-row').first().waitFor();
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    // The list grows by a page when its end is reached; it scrolls in the page's own scroll (docs/explorer.md#the-screen).
    const height = () => list.evaluate((element) => element.scrollHeight);
    const toEnd = () => e2e.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const onePage = await height();
    await toEnd();
    await waitFor(async () => expect(await height()).toBeGreaterThan(onePage));
    await toEnd();
    // The second page follows the first without a gap: line 99,800 (the first page's last) then 99,799.
    await e2e.page.getByRole('button', { name: 'routine line 99600 of the haystack', exact: true }).waitFor();
    expect(await e2e.page.locator('.log-row').count()).toBeLessThan(60);
    // Back up the list, half a screen at a time, to where the pages meet.
    await waitFor(
      async () => {
        await e2e.page.evaluate(() => window.scrollBy(0, -window.innerHeight / 2));
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
