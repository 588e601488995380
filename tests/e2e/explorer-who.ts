// The log stream's device keys, version and language, who and columns, and session header (docs/facets.md), in real
// Chromium against the running service on one store (explorer-who-sqlite.test.ts and explorer-who-postgres.test.ts
// run it on each, but the Columns control and axe-core on SQLite only): the panel's device keys count exactly and
// filter by a value or hide it; `version:` and `language:` and the panel's app version give exactly their lines; a
// chosen key shows on the rows and stays through a reload; columns hide and show; a session's header shows its facts
// and its device's keys as they stood then; axe-core finds nothing serious on the page with all of it showing. Seeded
// through the collector: three devices, four sessions.
import type { Cookie, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { durationText } from '../../explorer/format.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { device } from '../../fixtures/wire-bodies.ts';
import { seriousViolations } from './axe.ts';
import { createCollectorClient } from './collector-client.ts';
import { useProductPage, type ProductDatabase } from './product.ts';
import { explorerSettled, facetCounts, signInToExplorer, viewerCookies, viewerText } from './viewer.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Yesterday, at the start of an hour: recent, so that PostgreSQL keeps the day's partition, and the same all run. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
const APP = 'explorer-who-e2e';

const line = (minute: number, t: string): LogRecord =>
  ({ x: new Date(T0 + minute * MINUTE).toISOString(), at: T0 + minute * MINUTE, t, ll: 4, tg: 'e2e' }) as LogRecord;
/** Each session's lines, and its device, app version and language. */
const SESSIONS = {
  'ann-1': {
    udid: 'd-ann',
    name: 'Ann laptop',
    version: '2.1.0',
    language: 'en-GB',
    lines: [line(0, 'ann opened the cart'), line(1, 'ann paid'), line(2, 'ann left')],
  },
  'ann-2': {
    udid: 'd-ann',
    name: 'Ann laptop',
    version: '2.2.0',
    language: 'en-GB',
    lines: [line(10, 'ann came back')],
  },
  bob: {
    udid: 'd-bob',
    name: 'Bob phone',
    version: '2.0.9',
    language: 'de-DE',
    lines: [line(3, 'bob opened the cart'), line(4, 'bob gave up')],
  },
  cy: { udid: 'd-cy', name: 'Cy tablet', version: '2.1.0', language: 'en-GB', lines: [line(5, 'cy looked around')] },
} as const;
type SessionName = keyof typeof SESSIONS;
/** The texts of the sessions' lines, newest first, as the stream lists them. */
const textsOf = (...names: SessionName[]) =>
  names
    .flatMap((name) => SESSIONS[name].lines)
    .sort((a, b) => b.at - a.at)
    .map((entry) => entry.t);

export function describeWho(database?: () => Promise<ProductDatabase>): void {
  const e2e = useProductPage(database);
  /** What the page shows whatever store answers (the Columns control, axe-core) is checked on SQLite only: on
   * PostgreSQL it would load the same pages in Chromium again for the same answer (docs/testing.md#budget). */
  const pageOnly = it.runIf(!database);
  const logsUrl = (params: Record<string, string> = {}) =>
    `${e2e.product.url}/sidelog/logs?${new URLSearchParams({ app: appIdOf(APP), ...params })}`;
  const panel = () => e2e.page.getByRole('complementary', { name: 'Facets' });
  const streamTexts = (page: Page) => page.locator('.log-list .log-text').allInnerTexts();
  const facet = (name: string) => facetCounts(e2e.page, name);
  const param = (name: string) => new URL(e2e.page.url()).searchParams.get(name);

  let signedIn: Cookie[] = [];
  beforeEach(() => e2e.page.context().addCookies(signedIn));
  // Each test opens the addresses it reads, signed in by the hook above: one page for the file (keepPageInBlock).
  e2e.keepPageInBlock();

  beforeAll(async () => {
    signedIn = await viewerCookies(e2e.product.url);
    const collector = createCollectorClient(e2e.product.url, e2e.product.adminToken, APP);
    await collector.createApp();
    const register = (name: SessionName) => {
      const { udid, name: deviceName, version, language } = SESSIONS[name];
      return collector.session(name, udid, {
        device: { ...device(udid), name: deviceName, device_type: 'Chrome', os_version: 'macOS 14' },
        app_version: { app: { key: APP }, version, build: '7' },
        language,
      });
    };
    // Ann's keys are set in her first session; her email changes in her second, after its lines.
    const ann1 = await register('ann-1');
    for (const [key, value] of [
      ['email', 'ann@shop.example'],
      ['plan', 'gold'],
      ['user_id', 17],
    ] as const)
      await collector.deviceKey('d-ann', key, value);
    await collector.logs(ann1, [...SESSIONS['ann-1'].lines]);
    await collector.logs(await register('ann-2'), [...SESSIONS['ann-2'].lines]);
    await collector.deviceKey('d-ann', 'email', 'ann.b@shop.example');
    await collector.logs(await register('bob'), [...SESSIONS.bob.lines]);
    await collector.deviceKey('d-bob', 'plan', 'free');
    await collector.deviceKey('d-bob', 'user_id', 42);
    await collector.logs(await register('cy'), [...SESSIONS.cy.lines]);
  });

  describe('device keys, app version and language', () => {
    it('the panel counts each key’s values in logs, and a value shows only its devices’ lines or hides them', async () => {
      await viewerText(e2e.page, logsUrl());
      await waitFor(async () => expect(await facet('Device key plan')).toEqual({ gold: 4, free: 2 }));
      expect(await facet('Device key user_id')).toEqual({ '17': 4, '42': 2 });
      expect(await facet('Device key email')).toEqual({ 'ann.b@shop.example': 4 });
      expect(await panel().getByRole('region', { name: 'Device keys' }).locator('h3').allInnerTexts()).toEqual([
        'plan on rows',
        'user_id on rows',
        'email on rows',
      ]);

      await panel().getByRole('button', { name: 'Show only plan gold', exact: true }).click();
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(textsOf('ann-1', 'ann-2')));
      expect(param('q')).toBe('key.plan:gold');
      await waitFor(async () => expect(await facet('Device key plan')).toEqual({ gold: 4 }));

      await viewerText(e2e.page, logsUrl({ q: 'cart' }));
      await panel().getByRole('button', { name: 'Hide plan gold', exact: true }).click();
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(['bob opened the cart']));
      expect(param('q')).toBe('cart -key.plan:gold');
    });

    it('version: and language: in the search, and the panel’s app version, give exactly their lines', async () => {
      await viewerText(e2e.page, logsUrl({ q: 'version:2.1.0' }));
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(textsOf('ann-1', 'cy')));
      await viewerText(e2e.page, logsUrl({ q: 'language:de-DE' }));
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(textsOf('bob')));

      await viewerText(e2e.page, logsUrl());
      await waitFor(async () => expect(await facet('App version')).toEqual({ '2.1.0': 4, '2.0.9': 2, '2.2.0': 1 }));
      await panel().getByRole('button', { name: 'Hide app version 2.1.0', exact: true }).click();
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(textsOf('ann-2', 'bob')));
      expect(new URL(e2e.page.url()).searchParams.getAll('-version')).toEqual(['2.1.0']);
      await panel().getByRole('button', { name: 'Show only language en-GB', exact: true }).click();
      await waitFor(async () => expect(await streamTexts(e2e.page)).toEqual(textsOf('ann-2')));
      expect(param('language')).toBe('en-GB');
    });
  });

  describe('who and columns', () => {
    const rows = () => e2e.page.locator('.log-list .log-row');

    it('a chosen key says who on each row, and stays through a reload', async () => {
      await viewerText(e2e.page, logsUrl({ q: 'cart OR around' }));
      await waitFor(async () =>
        expect(await rows().locator('.log-device').allInnerTexts()).toEqual([
          'Cy tablet · d-cy',
          'Bob phone · d-bob',
          'Ann laptop · d-ann',
        ]),
      );
      await panel().getByRole('button', { name: 'Show user_id on rows', exact: true }).click();
      const whoTexts = ['Cy tablet · d-cy (no user_id)', 'user_id 42', 'user_id 17'];
      await waitFor(async () => expect(await rows().locator('.log-device').allInnerTexts()).toEqual(whoTexts));
      expect(param('who')).toBe('user_id');
      await e2e.page.reload();
      await explorerSettled(e2e.page);
      await waitFor(async () => expect(await rows().locator('.log-device').allInnerTexts()).toEqual(whoTexts));
    });

    pageOnly('the Columns control hides and shows parts of each row, kept in the address', async () => {
      await viewerText(e2e.page, logsUrl({ q: 'cart' }));
      await rows().first().waitFor();
      expect(await rows().locator('.log-time').count()).toBe(2);
      await e2e.page.getByText('Columns', { exact: true }).click();
      await e2e.page.getByRole('checkbox', { name: 'Time', exact: true }).uncheck();
      await e2e.page.getByRole('checkbox', { name: 'Tag', exact: true }).uncheck();
      await waitFor(async () => expect(await rows().locator('.log-time').count()).toBe(0));
      expect(await rows().locator('.log-tag').count()).toBe(0);
      expect(param('cols')).toBe('level,text,who,place,url');
      expect(await streamTexts(e2e.page)).toEqual(['bob opened the cart', 'ann opened the cart']);

      await e2e.page.getByRole('checkbox', { name: 'Time', exact: true }).check();
      await waitFor(async () => expect(await rows().locator('.log-time').count()).toBe(2));
      expect(param('cols')).toBe('time,level,text,who,place,url');
      await e2e.page.getByRole('checkbox', { name: 'Tag', exact: true }).check();
      await waitFor(() => expect(param('cols')).toBeNull());
      expect(await rows().locator('.log-tag').count()).toBe(2);
    });
  });

  describe('a session’s stream', () => {
    it('opens with its header: device, app version, start, end, duration, lines, and its keys as they stood', async () => {
      await viewerText(e2e.page, logsUrl({ session: 'ann-1' }));
      const header = e2e.page.getByRole('region', { name: 'Session', exact: true });
      await header.locator('.session-keys').waitFor();
      const facts = Object.fromEntries(
        (await header.locator('dt').allInnerTexts()).map((name, index) => [name, index]),
      );
      const values = await header.locator('dd').allInnerTexts();
      const fact = (name: string) => values[facts[name]!];
      expect(fact('Device')).toBe('Ann laptop (Chrome, macOS 14)');
      expect(fact('App version')).toBe('2.1.0 (build 7)');
      expect(
        await header.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime'))),
      ).toEqual([new Date(T0).toISOString(), new Date(T0 + 2 * MINUTE).toISOString()]);
      expect(fact('Duration')).toBe(durationText(2 * MINUTE));
      expect(fact('Lines')).toBe('3');
      // Her email as it was then, since changed.
      expect(await header.locator('.session-keys li').allInnerTexts()).toEqual([
        'email "ann@shop.example"',
        'plan "gold"',
        'user_id 17',
      ]);
      // Oldest first, as a session reads (docs/explorer.md#a-session-read-top-to-bottom).
      expect(await streamTexts(e2e.page)).toEqual(textsOf('ann-1').reverse());
      // The header names the device and the session once: the rows do not repeat them (docs/facets.md#columns), and
      // the Columns control says Who is off.
      const rows = e2e.page.locator('.log-list .log-row');
      expect(await rows.count()).toBe(3);
      expect(await rows.locator('.log-who').count()).toBe(0);
      await e2e.page.getByText('Columns', { exact: true }).click();
      expect(await e2e.page.getByRole('checkbox', { name: 'Who' }).isChecked()).toBe(false);
      expect(await e2e.page.getByRole('checkbox', { name: 'Text' }).isChecked()).toBe(true);
      await e2e.page.getByText('Columns', { exact: true }).click();

      await viewerText(e2e.page, logsUrl({ session: 'ann-2' }));
      await waitFor(async () =>
        expect(await header.locator('.session-keys li').allInnerTexts()).toEqual([
          'email "ann.b@shop.example"',
          'plan "gold"',
          'user_id 17',
        ]),
      );
      expect(await header.locator('dd').nth(facts['Duration']!).innerText()).toBe('0 ms');
    });

    pageOnly(
      'axe-core finds no serious or critical violation with the header, the device keys, a key on rows and the Columns open',
      async () => {
        await viewerText(e2e.page, logsUrl({ session: 'ann-1', who: 'user_id', cols: 'time,text,who' }));
        await e2e.page.getByRole('region', { name: 'Session', exact: true }).locator('.session-keys').waitFor();
        await panel().getByRole('region', { name: 'Device keys' }).waitFor();
        await e2e.page.getByText('Columns', { exact: true }).click();
        expect(await seriousViolations(e2e.page)).toEqual([]);
      },
    );
  });

  describe('one identity per app', () => {
    const rows = () => e2e.page.locator('.log-list .log-row');
    const settingsUrl = () => `${e2e.product.url}/sidelog/settings?app=${appIdOf(APP)}`;
    const column = async (page: string, table: string, index: number) => {
      await viewerText(e2e.page, `${e2e.product.url}/sidelog/${page}?app=${appIdOf(APP)}`);
      return e2e.page.locator(`${table} tbody tr td:nth-child(${index})`).allInnerTexts();
    };

    it('the admin names users by a key in Settings: rows, the device facet, devices and sessions say who; removed, a name and a short id', async () => {
      // The setting is the admin's: signed in as the admin, not the e2e viewer.
      await e2e.page.context().clearCookies();
      await e2e.page.goto(settingsUrl());
      await signInToExplorer(e2e.page, { name: 'admin', password: e2e.product.adminToken });
      await explorerSettled(e2e.page);
      await e2e.page.getByLabel('Identity key').fill('user_id');
      await e2e.page.getByRole('button', { name: 'Save identity key' }).click();
      await e2e.page.getByText('Users are named by user_id.').waitFor();

      await viewerText(e2e.page, logsUrl({ q: 'cart OR around' }));
      await waitFor(async () =>
        expect(await rows().locator('.log-device').allInnerTexts()).toEqual([
          'Cy tablet · d-cy',
          'user_id 42',
          'user_id 17',
        ]),
      );
      await waitFor(async () =>
        expect(await facet('Device')).toEqual({ 'user_id 17': 1, 'user_id 42': 1, 'Cy tablet · d-cy': 1 }),
      );
      expect((await column('devices', '.devices-table', 1)).sort()).toEqual([
        'Cy tablet · d-cy',
        'user_id 17',
        'user_id 42',
      ]);
      expect((await column('sessions', '.sessions-table', 2)).sort()).toEqual([
        'Cy tablet · d-cy',
        'user_id 17',
        'user_id 17',
        'user_id 42',
      ]);
      expect(await seriousViolations(e2e.page)).toEqual([]);

      await viewerText(e2e.page, settingsUrl());
      await e2e.page.getByRole('button', { name: 'Remove identity key' }).click();
      await e2e.page.getByText('Devices are named by their name and a short id.').waitFor();
      await viewerText(e2e.page, logsUrl({ q: 'cart OR around' }));
      await waitFor(async () =>
        expect(await rows().locator('.log-device').allInnerTexts()).toEqual([
          'Cy tablet · d-cy',
          'Bob phone · d-bob',
          'Ann laptop · d-ann',
        ]),
      );
    });
  });
}
