// A saved view's alert in real Chromium against the running service (docs/explorer.md#alerts): the viewer saves a view
// of the stream, sets "more than 2 logs in 5 minutes" beside it, and once 3 matching logs arrive, the Alerts list shows
// the firing with its count. The service here checks every 250 ms (its `alertCheckMs`, a minute by default): the test
// waits for what the page shows, never for a time.
import type { Cookie } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage } from './product.ts';
import { viewerCookies, viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';

const APP = 'alerts-e2e';
const e2e = useProductPage(undefined, { alertCheckMs: 250 });
let signedIn: Cookie[] = [];
let sessionId = 0;

beforeAll(async () => {
  signedIn = await viewerCookies(e2e.product.url);
  const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
  await collector.createApp();
  sessionId = await collector.session('s-alerts', 'd-alerts');
});
beforeEach(() => e2e.page.context().addCookies(signedIn));

it('an alert set beside a saved view fires once its logs arrive, and the Alerts list shows it', async () => {
  const page = e2e.page;
  await viewerText(
    page,
    `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), level: 'error' })}`,
  );
  await page.getByText('Saved views').click();
  await page.getByLabel('Name of this view').fill('Checkout errors');
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('button', { name: 'Alert on the saved view Checkout errors' }).click();
  const form = page.getByRole('form', { name: 'Alert on Checkout errors' });
  await form.getByLabel('Logs').fill('2');
  await form.getByLabel('In minutes').fill('5');
  await form.getByRole('button', { name: 'Save alert' }).click();
  await page.getByText('alert: more than 2 logs in 5 minutes').waitFor();

  const now = Date.now();
  const line = (i: number): LogRecord =>
    ({
      x: new Date(now - 10_000 + i).toISOString(),
      at: now - 10_000 + i,
      t: `checkout failed ${i}`,
      ll: 2,
    }) as LogRecord;
  await createCollectorClient(e2e.product.url, e2e.product.adminToken, APP).logs(sessionId, [0, 1, 2].map(line));

  await page.getByText('Alerts', { exact: true }).click();
  const list = page.getByRole('list', { name: 'Alerts' });
  await waitFor(async () => {
    await page.getByRole('button', { name: 'Refresh alerts' }).click();
    expect(await list.innerText({ timeout: 1_000 })).toMatch(
      /^Checkout errors: more than 2 logs in 5 minutes · fired \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \(3\) · firing$/,
    );
  });
});
