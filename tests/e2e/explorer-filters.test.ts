// The log explorer in real Chromium against the running service (docs/local-service.md#explorer): the sign-in it needs,
// each filter and their combination, links that restore a view, and the volume, count and facets of a view.
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { fromLocalInput } from '../../explorer/format.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import {
  ALL,
  ALPHA,
  APP,
  APP_ID,
  BETA,
  newestFirst,
  rowText,
  streamTexts,
  T0,
  useExplorerApp,
} from './explorer-app.ts';
import { explorerSettled, moreFilters, signInToExplorer, viewerText } from './viewer.ts';

const { e2e, startSignedIn, logsUrl } = useExplorerApp();

describe('sign-in', () => {
  it('the API answers 401 without it, and a page opened without it shows no data until the viewer signs in', async () => {
    for (const path of [
      '/apps',
      `/apps/${APP_ID}/logs`,
      `/apps/${APP_ID}/sessions`,
      `/apps/${APP_ID}/issues`,
      `/apps/${APP_ID}/logs/export?format=csv`,
    ]) {
      const response = await fetch(`${e2e.product.url}/sidelog/explorer/api${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.text()).not.toContain('alpha');
    }
    await e2e.page.goto(logsUrl({ session: 's-alpha' }));
    await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await e2e.page.locator('body').innerText()).not.toContain('alpha');

    await e2e.page.getByLabel('Name').fill('e2e-viewer');
    await e2e.page.getByLabel('Password').fill('wrong password');
    await e2e.page.getByRole('button', { name: 'Sign in' }).click();
    await e2e.page.getByRole('alert').getByText('Wrong name or password.').waitFor();
    expect(await e2e.page.locator('body').innerText()).not.toContain('alpha');
    await signInToExplorer(e2e.page);
    // Back where the viewer was going.
    expect(new URL(e2e.page.url()).search).toBe(`?app=${APP_ID}&session=s-alpha`);
    // A session reads oldest first (docs/explorer.md#a-session-read-top-to-bottom).
    expect(await streamTexts(e2e.page)).toEqual(ALPHA.map(rowText));
  });

  it('the sign-in page, opened directly or on the way to a view, logs no error to the console', async () => {
    const errors: string[] = [];
    e2e.page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const address of [`${e2e.product.url}/sidelog/sign-in`, logsUrl()]) {
      await e2e.page.goto(address);
      await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('the admin token signs in too, and sign-out ends it', async () => {
    await e2e.page.goto(`${e2e.product.url}/sidelog/`);
    await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
    await explorerSettled(e2e.page);
    await e2e.page.getByRole('button', { name: 'Sign out' }).click();
    await e2e.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await e2e.page.request.get(`${e2e.product.url}/sidelog/explorer/api/apps`)).status()).toBe(401);
  });
});

describe('filters', () => {
  startSignedIn();
  e2e.keepPageInBlock();
  const cases: [string, Record<string, string>, LogRecord[]][] = [
    ['levels', { level: 'error,fatal' }, ALL.filter((entry) => entry.ll === 2)],
    ['tag', { tag: 'net' }, ALL.filter((entry) => entry.tg === 'net')],
    ['full-text search', { q: 'payment' }, [ALPHA[2]!]],
    ['device key value', { key: 'plan', value: 'gold' }, ALPHA],
    [
      'time range',
      { from: new Date(T0 + 2 * 60_000).toISOString(), to: new Date(T0 + 6 * 60_000).toISOString() },
      ALL.slice(2, 6),
    ],
    ['session', { session: 's-beta', order: 'newest' }, BETA],
    ['device', { device: 'd-alpha' }, ALPHA],
    [
      'all combined',
      {
        level: 'error,warning',
        tag: 'net',
        key: 'plan',
        value: 'silver',
        from: new Date(T0).toISOString(),
        device: 'd-beta',
      },
      [BETA[1]!],
    ],
  ];
  it.each(cases)('%s: a link with it shows exactly the matching logs', async (_, params, expected) => {
    await viewerText(e2e.page, logsUrl(params));
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(expected));
  });
});

describe('filters set in the page', () => {
  startSignedIn();
  it('filters set in the page go into the address, and opening that address restores the view', async () => {
    await viewerText(e2e.page, logsUrl());
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL));
    for (const level of ['Debug', 'Info', 'Trace', 'Fatal']) {
      await e2e.page.getByRole('checkbox', { name: level }).uncheck();
    }
    await moreFilters(e2e.page);
    await e2e.page.getByLabel('Tags').fill('net');
    await e2e.page.getByLabel('Search text').fill('timeout');
    await e2e.page.getByLabel('Search text').press('Enter');
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['beta error timeout']));
    const shared = e2e.page.url();
    expect(new URL(shared).searchParams.get('level')).toBe('warning,error');

    const other = await e2e.page.context().newPage();
    await viewerText(other, shared);
    expect(await streamTexts(other)).toEqual(['beta error timeout']);
    expect(await other.getByLabel('Search text').inputValue()).toBe('timeout');
    expect(await other.getByRole('checkbox', { name: 'Debug' }).isChecked()).toBe(false);
  });
});

describe('tags', () => {
  startSignedIn();

  it('are read once for an app, not on every visit to Logs or Patterns', async () => {
    const reads: string[] = [];
    e2e.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/tags')) reads.push(request.url());
    });
    await viewerText(e2e.page, logsUrl());
    const nav = e2e.page.getByRole('navigation', { name: 'Explorer views' });
    for (const view of ['Sessions', 'Logs', 'Patterns', 'Logs']) {
      await nav.getByRole('link', { name: view }).click();
      await explorerSettled(e2e.page);
    }
    expect(reads).toHaveLength(1);
  });
});

describe('an app the address names', () => {
  startSignedIn();

  it('that the viewer has not: the page says so, and the picker names no other app as if it were shown', async () => {
    await viewerText(e2e.page, `${e2e.product.url}/sidelog/logs?app=NoSuchApp1`);
    await e2e.page.getByText('No app NoSuchApp1 here: choose an app above.').waitFor();
    expect(await e2e.page.locator('.log-list').count()).toBe(0);
    const picker = e2e.page.getByRole('combobox', { name: /^App/ });
    expect(await picker.locator('option:checked').innerText()).toBe('Choose an app');
    expect(await picker.getAttribute('title')).toBeNull();
    await picker.selectOption(APP_ID);
    await e2e.page.waitForURL((address) => address.searchParams.get('app') === APP_ID);
    await e2e.page.locator('.log-list').waitFor();
    // The picker cuts a long name at its width: its tooltip holds the chosen app whole.
    expect(await picker.getAttribute('title')).toBe(`${APP} (2 sessions)`);
  });
});

describe('a filter changed', () => {
  startSignedIn();

  it('keeps the histogram, the count and the rows shown until the new ones arrive, marked as loading', async () => {
    await viewerText(e2e.page, logsUrl());
    const status = e2e.page.locator('.stream-toolbar [role=status]');
    const before = await status.innerText();
    // The new view's reads wait until the old one's have been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await e2e.page.route(
      (url) => url.pathname.includes('/explorer/api/') && url.searchParams.has('level'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await e2e.page.getByRole('checkbox', { name: 'Debug' }).uncheck();
    await e2e.page.waitForURL((url) => url.searchParams.has('level'));
    await e2e.page.locator('.log-list[aria-busy=true]').waitFor();
    expect(await e2e.page.locator('.histogram svg').count()).toBe(1);
    expect(await status.innerText()).toBe(`${before} · updating…`);
    expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL));
    release();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll !== 0))),
    );
    expect(await e2e.page.locator('.log-list[aria-busy=true]').count()).toBe(0);
    await e2e.page.unrouteAll();
  });
});

describe('volume and count', () => {
  startSignedIn();
  e2e.keepPageInBlock();
  const status = () => e2e.page.locator('.stream-toolbar [role=status]');
  /** The logs each bar's title counts, oldest bar first. */
  async function barCounts(): Promise<number[]> {
    await e2e.page.locator('.histogram').waitFor();
    const titles = await e2e.page.locator('.histogram-bucket title').allTextContents();
    return titles.map((title) => Number(/: ([\d,]+) logs?\b/.exec(title)![1]!.replaceAll(',', '')));
  }
  const sum = (counts: number[]) => counts.reduce((all, n) => all + n, 0);

  it.each([
    ['every log', {}, ALL.length, '8 logs'],
    ['errors', { level: 'error' }, 3, '3 logs'],
    ['one match', { q: 'payment' }, 1, '1 log'],
  ] as const)('%s: the bars sum to the count the status line gives', async (_, params, count, text) => {
    await viewerText(e2e.page, logsUrl(params));
    await waitFor(async () => expect(await status().innerText()).toBe(text));
    expect(sum(await barCounts())).toBe(count);
    expect(await streamTexts(e2e.page)).toHaveLength(count);
  });

  it('unticking every level says so and shows no log, rather than every level', async () => {
    await viewerText(e2e.page, logsUrl());
    for (const level of ['Debug', 'Warning', 'Error', 'Trace', 'Info', 'Fatal'])
      await e2e.page.getByRole('checkbox', { name: level }).uncheck();
    await e2e.page.getByText('No level is ticked, so no log is shown: tick a level to see its logs.').waitFor();
    expect(new URL(e2e.page.url()).searchParams.get('level')).toBe('none');
    await waitFor(async () => expect(await status().innerText()).toBe('0 logs'));
    expect(await streamTexts(e2e.page)).toEqual([]);
    await e2e.page.getByRole('checkbox', { name: 'Error' }).check();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
  });

  it('bars are 10 seconds over these 7 minutes, stacked by level, and dragging across them sets the range', async () => {
    await viewerText(e2e.page, logsUrl());
    const counts = await barCounts();
    // From T0's bucket to the one of its 7th minute.
    expect(counts).toHaveLength(43);
    expect(counts.flatMap((n, index) => (n > 0 ? [index] : []))).toEqual([0, 6, 12, 18, 24, 30, 36, 42]);
    expect(await e2e.page.locator('.histogram-bucket').nth(12).locator('.histogram-bar.level-error').count()).toBe(1);
    const box = (await e2e.page.locator('.histogram svg').boundingBox())!;
    const x = (bucket: number) => box.x + ((bucket + 0.5) * box.width) / counts.length;
    await e2e.page.mouse.move(x(12), box.y + box.height / 2);
    await e2e.page.mouse.down();
    await e2e.page.mouse.move(x(20), box.y + box.height / 2);
    await e2e.page.mouse.move(x(30), box.y + box.height / 2);
    await e2e.page.mouse.up();
    // Minutes 2 to 5, to the end of minute 5's bucket.
    await waitFor(() => {
      const params = new URL(e2e.page.url()).searchParams;
      expect([params.get('from'), params.get('to')]).toEqual([
        new Date(T0 + 120_000).toISOString(),
        new Date(T0 + 310_000).toISOString(),
      ]);
    });
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.slice(2, 6))));
    await waitFor(async () => expect(await status().innerText()).toBe('4 logs'));
    expect(sum(await barCounts())).toBe(4);
    // The From field shows it too (in this machine's zone, the browser's).
    await moreFilters(e2e.page);
    expect(fromLocalInput(await e2e.page.getByLabel('From').inputValue())).toBe(new Date(T0 + 120_000).toISOString());
  });

  it('the keyboard zooms as the drag does: arrows choose bars, Shift widens, Enter sets the range', async () => {
    await viewerText(e2e.page, logsUrl());
    await e2e.page.locator('.histogram svg').focus();
    for (let i = 0; i < 13; i++) await e2e.page.keyboard.press('ArrowRight');
    for (let i = 0; i < 18; i++) await e2e.page.keyboard.press('Shift+ArrowRight');
    expect(await e2e.page.locator('.histogram [aria-live]').innerText()).toMatch(/^Chosen: .*, 4 logs\. Enter/);
    await e2e.page.keyboard.press('Enter');
    await waitFor(() => {
      const params = new URL(e2e.page.url()).searchParams;
      expect([params.get('from'), params.get('to')]).toEqual([
        new Date(T0 + 120_000).toISOString(),
        new Date(T0 + 310_000).toISOString(),
      ]);
    });
  });
});

describe('facets', () => {
  startSignedIn();
  e2e.keepPageInBlock();
  const panel = () => e2e.page.getByRole('complementary', { name: 'Facets' });
  /** A facet's values and their counts, as the panel lists them. */
  async function facet(title: string): Promise<Record<string, number>> {
    const section = panel().getByRole('region', { name: title, exact: true });
    await section.waitFor();
    const labels = await section.locator('.facet-label').allInnerTexts();
    const counts = await section.locator('.facet-count').allInnerTexts();
    return Object.fromEntries(labels.map((label, index) => [label, Number(counts[index]!.replaceAll(',', ''))]));
  }
  const who = () => panel().locator('.facet-who').innerText();

  it('count each value exactly, with the devices and sessions matched, and follow the query', async () => {
    await viewerText(e2e.page, logsUrl());
    await waitFor(async () => expect(await who()).toBe('2 devices, 2 sessions'));
    expect(await facet('Level')).toEqual({ Error: 3, Debug: 2, Info: 2, Warning: 1 });
    expect(await facet('Tag')).toEqual({ boot: 2, net: 2, ui: 2, bf_issue: 1, pay: 1 });
    expect(await facet('File')).toEqual({ 'checkout.ts': 8 });
    // Both devices carry the same name: their counts, most first.
    expect(
      await panel().getByRole('region', { name: 'Device', exact: true }).locator('.facet-count').allInnerTexts(),
    ).toEqual(['5', '3']);

    await viewerText(e2e.page, logsUrl({ tag: 'net' }));
    await waitFor(async () => expect(await facet('Level')).toEqual({ Warning: 1, Error: 1 }));
    await viewerText(e2e.page, logsUrl({ session: 's-beta' }));
    await waitFor(async () => expect(await who()).toBe('1 device, 1 session'));
    expect(await facet('Tag')).toEqual({ boot: 1, net: 1, ui: 1 });
  });

  it("each row says who it is from, its device's name and its session's marker, which opens the session", async () => {
    await viewerText(e2e.page, logsUrl());
    const rows = e2e.page.locator('.log-list .log-row');
    await rows.first().waitFor();
    // Both devices are "Chrome on Linux": a short id tells them apart (docs/explorer.md#identity).
    const devices = await rows.locator('.log-device').allInnerTexts();
    expect(devices).toHaveLength(ALL.length);
    expect(new Set(devices)).toEqual(new Set(['Chrome on Linux · d-alpha', 'Chrome on Linux · d-beta']));
    const markers = await rows
      .locator('.log-session')
      .evaluateAll((links) => links.map((link) => link.getAttribute('title')));
    expect(markers).toEqual([...BETA.map(() => 'Session s-beta'), ...ALPHA.map(() => 'Session s-alpha')]);
    await e2e.page.getByRole('link', { name: 'Session s-alpha' }).first().click();
    // The session, oldest first (docs/explorer.md#a-session-read-top-to-bottom).
    await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(ALPHA.map(rowText)));
    expect(new URL(e2e.page.url()).searchParams.get('session')).toBe('s-alpha');
    await waitFor(async () => expect(await who()).toBe('1 device, 1 session'));
  });

  it('a value in the panel or in a log shows only it or hides it, and a hidden value can be shown again', async () => {
    await viewerText(e2e.page, logsUrl());
    await panel().getByRole('button', { name: 'Show only tag net', exact: true }).click();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.tg === 'net'))),
    );
    expect(new URL(e2e.page.url()).searchParams.getAll('tag')).toEqual(['net']);

    await viewerText(e2e.page, logsUrl());
    await panel().getByRole('button', { name: 'Hide tag boot', exact: true }).click();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.tg !== 'boot'))),
    );
    expect(new URL(e2e.page.url()).searchParams.getAll('-tag')).toEqual(['boot']);
    // From an opened log: the newest, "beta debug idle", tagged ui.
    await e2e.page.getByRole('button', { name: 'beta debug idle', exact: true }).click();
    await e2e.page
      .getByRole('list', { name: 'Filter by this log' })
      .getByRole('button', { name: 'Hide tag ui', exact: true })
      .click();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(
        newestFirst(ALL.filter((entry) => !['boot', 'ui'].includes(entry.tg!))),
      ),
    );
    await panel().getByRole('button', { name: 'Show only level Error', exact: true }).click();
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
    await waitFor(async () => expect(await facet('Level')).toEqual({ Error: 3 }));
    // Hidden values are listed, and each can be shown again.
    await panel().getByRole('button', { name: 'Remove hidden tag ui', exact: true }).click();
    await panel().getByRole('button', { name: 'Remove hidden tag boot', exact: true }).click();
    await waitFor(() => expect(new URL(e2e.page.url()).searchParams.getAll('-tag')).toEqual([]));
    await waitFor(async () =>
      expect(await streamTexts(e2e.page)).toEqual(newestFirst(ALL.filter((entry) => entry.ll === 2))),
    );
  });
});
