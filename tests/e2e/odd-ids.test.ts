// Ids as real clients send them: a udid, session id or issue uid holding any of / ? # : @ & = + $ , ;, a
// space, a per cent sign or letters beyond ASCII opens on every page of the explorer that names it, in real Chromium
// against the running service: the intent URLs of each kind, the device page and its copy, the issue page and the
// session's logs, and the links between them. An id is encoded once in a URL and decoded once.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIdOf } from '../../server/stores/app-id.ts';
import { normalisedTitle } from '../../server/analysis/fingerprint.ts';
import { createCollectorClient } from './collector-client.ts';
import { startProduct, type Product } from './product.ts';
import { explorerSettled, signInToExplorer } from './viewer.ts';

const APP = 'odd-ids-app';
const APP_ID = appIdOf(APP);
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

/** One id for each reserved character of a URL, a space, a per cent sign and letters beyond ASCII, two ids real
 * clients use, and one holding all of them at once. */
const IDS = [
  ...['/', '?', '#', ':', '@', '&', '=', '+', '$', ',', ';', ' ', '%'].map((character) => `id${character}1`),
  'ёжик-日本',
  'user@example.com',
  'ios:1234',
  'a/b?c#d:e@f&g=h+i$j,k;l m%20n-ж',
];

// One service and one page for the file, signed in once: the tests move it from view to view.
let product: Product;
let page: Page;
beforeAll(async () => {
  product = await startProduct();
  page = await (await product.browser.newContext()).newPage();
  const collector = createCollectorClient(product.url, product.adminToken, APP);
  await collector.createApp();
  // Each id names a device, a session on it and an issue in that session.
  for (const [i, id] of IDS.entries()) {
    const session = await collector.session(id, id);
    await collector.logs(session, [
      { x: new Date(T0 + i).toISOString(), at: T0 + i, t: `log of ${id}`, ll: 4, tg: 'odd' },
    ]);
    await collector.issue(session, { uid: id, title: `Issue of ${id}`, text: 'sent with an odd id', type: 'issue' });
  }
  await page.goto(`${product.url}/sidelog/`);
  await signInToExplorer(page);
});
afterAll(() => product?.close());

/** An intent URL's path, as a client hands it out: the id encoded once. */
const intent = (kind: 'issue' | 'session' | 'device', id: string) =>
  `/sidelog/intent/${APP_ID}/${kind}/${encodeURIComponent(id)}`;

/** Goes to `path` within the explorer's page, as its links do (the page stays; its router follows the address). */
async function visit(path: string): Promise<void> {
  await page.evaluate((to) => history.pushState(null, '', to), path);
  await explorerSettled(page);
}

/** What the device page shows: its udid, and the sessions it lists. */
async function devicePage() {
  return {
    udid: await page.locator('dl.facts dd.mono').innerText(),
    sessions: await page.locator('.session-list a').allInnerTexts(),
  };
}

/** The texts of the log stream. */
async function streamTexts(): Promise<string[]> {
  await page.waitForFunction(
    () => document.querySelector('.log-list') !== null || /No logs match|Not found/.test(document.body.innerText),
  );
  return page.locator('.log-list .log-text').allInnerTexts();
}

it.each(IDS)("the id %j: its intent URLs open its device page, its issue page and its session's logs", async (id) => {
  await visit(intent('device', id));
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/sidelog/devices/${id}`);
  expect(await devicePage()).toEqual({ udid: id, sessions: [id] });
  // Its copy, by the page's own link (docs/privacy.md#a-copy-of-a-device).
  const copy = await page.evaluate(
    async (href) => {
      const file = (await (await fetch(href!)).json()) as { device: { udid: string }; logs: { t: string }[] };
      return [file.device.udid, file.logs.map((log) => log.t)];
    },
    await page.getByRole('link', { name: 'Download a copy of its data' }).getAttribute('href'),
  );
  expect(copy).toEqual([id, [`log of ${id}`]]);
  await visit(intent('issue', id));
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Issue of ${id}`);
  await visit(intent('session', id));
  expect(await streamTexts()).toEqual([`log of ${id}`]);
  expect(new URL(page.url()).searchParams.get('session')).toBe(id);
});

// The links between the pages are made by the same few functions (explorer/address.ts) for every id.
it.each([IDS.at(-1)!, 'user@example.com'])(
  'the id %j: the links of the issues list, the issue page and the device page open what they name',
  async (id) => {
    // The issues list shows groups (docs/explorer.md#issue-groups): the id's group, then the id's occurrence in it.
    await visit(`/sidelog/issues?app=${APP_ID}`);
    await page.getByRole('link', { name: normalisedTitle(`Issue of ${id}`), exact: true }).click();
    await explorerSettled(page);
    await page.getByRole('link', { name: `Issue of ${id}`, exact: true }).click();
    await explorerSettled(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Issue of ${id}`);
    await page.getByRole('link', { name: `Chrome on Linux · ${id.slice(0, 8)}`, exact: true }).click();
    await explorerSettled(page);
    expect(await devicePage()).toEqual({ udid: id, sessions: [id] });
    await page.getByRole('link', { name: id, exact: true }).click();
    expect(await streamTexts()).toEqual([`log of ${id}`]);
    expect(new URL(page.url()).searchParams.get('session')).toBe(id);
  },
);

describe('opened as a new page, as a link a client handed out is', () => {
  it.each(['issue', 'session', 'device'] as const)(
    'the %s intent URL of an id holding every reserved character',
    async (kind) => {
      const id = IDS.at(-1)!;
      await page.goto(`${product.url}${intent(kind, id)}`);
      await explorerSettled(page);
      if (kind === 'issue') expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Issue of ${id}`);
      if (kind === 'session') expect(await streamTexts()).toEqual([`log of ${id}`]);
      if (kind === 'device') expect(await devicePage()).toEqual({ udid: id, sessions: [id] });
    },
  );
});
