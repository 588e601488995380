// Finding a user across apps (docs/explorer.md#finding-a-user-across-apps) in real Chromium against the running
// service: the e2e viewer, kept to three apps, types a user id into the top bar's "Find a user in all apps", sees the
// user's devices in the two apps that name users by a key (each by its own), the app without one said not searched,
// and nothing of the app it may not read; then follows a device's link to that app's device page. Seeded through the
// collector and the admin API as a service receives them.
import { describe, expect, it } from 'vitest';
import type { DeviceCopy, UserCopy } from '../../explorer-contract/insight.types.ts';
import { device } from '../../fixtures/wire-bodies.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { createCollectorClient } from './collector-client.ts';
import { E2E_VIEWER, useProductPage } from './product.ts';
import { explorerSettled, listedDownloads, signInToExplorer, viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';
import { adminPost } from './admin-client.ts';
import { downloadedText } from './explorer-app.ts';

const HOUR = 3_600_000;
/** Yesterday, at the start of an hour: recent, and the same all run. */
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 24 * HOUR;
/** Each app: its identity key, and its devices with their names and keys. */
const APPS = {
  'users-web': {
    identity: 'user_id',
    devices: [
      ['web-ann', 'Ann laptop', { user_id: 'u-42' }],
      ['web-bob', 'Bob laptop', { user_id: 'u-7' }],
      ['web-ann-phone', 'Ann phone', { user_id: 'u-42' }],
    ],
  },
  'users-ios': { identity: 'customer', devices: [['ios-ann', "Ann's iPhone", { customer: 'u-42' }]] },
  'users-billing': { identity: 'user_id', devices: [['billing-ann', 'Billing desk', { user_id: 'u-42' }]] },
  'users-kiosk': { identity: null, devices: [['kiosk-ann', 'Kiosk', { user_id: 'u-42' }]] },
} as const;
const READABLE = ['users-web', 'users-ios', 'users-kiosk'];

describe('finding a user across apps', () => {
  const e2e = useProductPage();

  it('a user id typed in the top bar lists its devices in each readable app, and a device opens in its app', async () => {
    const { url, adminToken } = e2e.product;
    const admin = async (path: string, body: unknown) => {
      const answer = await adminPost(url, adminToken, path, body);
      expect(answer.status, await answer.clone().text()).toBe(200);
    };
    for (const [app, { identity, devices }] of Object.entries(APPS)) {
      const collector = createCollectorClient(url, adminToken, app);
      await collector.createApp();
      if (identity) await admin(`apps/${app}/identity`, { key: identity });
      for (const [udid, name, keys] of devices) {
        const session = await collector.session(`${udid}-1`, udid, { device: { ...device(udid), name } });
        await collector.logs(session, [{ x: new Date(T0).toISOString(), at: T0, t: 'opened', ll: 4 }]);
        for (const [key, value] of Object.entries(keys)) await collector.deviceKey(udid, key, value);
      }
    }
    await admin(`viewers/${E2E_VIEWER.name}/apps`, { apps: READABLE });

    await viewerText(e2e.page, `${url}/sidelog/devices?app=${appIdOf('users-web')}`);
    await e2e.page.getByRole('searchbox', { name: 'Find a user in all apps' }).fill('u-42');
    await e2e.page.getByRole('searchbox', { name: 'Find a user in all apps' }).press('Enter');
    await waitFor(async () =>
      expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe('Users across apps'),
    );
    await explorerSettled(e2e.page);

    const sections = e2e.page.locator('section.user-app');
    await waitFor(async () =>
      expect(await sections.locator('h2').allInnerTexts()).toEqual([
        'users-ios by customer',
        'users-web by user_id',
        'users-kiosk',
      ]),
    );
    const rows = (app: string) =>
      e2e.page.getByRole('region', { name: app, exact: false }).locator('tbody tr td:first-child').allInnerTexts();
    // Each of the user's devices by its name and short id: who it is, the section's key and the value searched, is the
    // same on every row.
    expect(await rows('users-ios by customer')).toEqual(["Ann's iPhone · ios-ann"]);
    expect((await rows('users-web by user_id')).sort()).toEqual(['Ann laptop · web-ann', 'Ann phone · web-ann-']);
    expect(await e2e.page.getByRole('region', { name: 'users-kiosk' }).innerText()).toContain(
      'No identity key set: not searched.',
    );
    const text = await e2e.page.locator('main').innerText();
    expect(text).toContain('u-42: found in 2 apps of the 3 apps you may read.');
    expect(text).not.toMatch(/billing/i);

    // Each device's copy from its row (docs/privacy.md#a-copy-of-a-device).
    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page
        .getByRole('region', { name: 'users-ios by customer' })
        .getByRole('link', { name: 'Download a copy' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sidelog-${appIdOf('users-ios')}-ios-ann.json`);
    const copy = JSON.parse(await downloadedText(download)) as DeviceCopy;
    expect([copy.device.udid, copy.logs.map((log) => log.t)]).toEqual(['ios-ann', ['opened']]);
    // And all of the user's devices the viewer may read, in one file.
    const [all] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('link', { name: 'Download a copy of their data' }).click(),
    ]);
    expect(all.suggestedFilename()).toBe('sidelog-user-u-42.json');
    const user = JSON.parse(await downloadedText(all)) as UserCopy;
    expect(user.devices.map(({ device }) => device.udid).sort()).toEqual(['ios-ann', 'web-ann', 'web-ann-phone']);

    await e2e.page.getByRole('link', { name: "Ann's iPhone · ios-ann" }).click();
    await explorerSettled(e2e.page);
    await waitFor(async () =>
      expect(await e2e.page.getByRole('heading', { level: 1 }).innerText()).toBe("Ann's iPhone"),
    );
    const address = new URL(e2e.page.url());
    expect([address.pathname, address.searchParams.get('app')]).toEqual([
      '/sidelog/devices/ios-ann',
      appIdOf('users-ios'),
    ]);

    // The app's sessions name each device by its user, and the user's two devices apart by their short ids
    // (docs/explorer.md#identity).
    await viewerText(e2e.page, `${url}/sidelog/sessions?app=${appIdOf('users-web')}`);
    const devices = await e2e.page.locator('.sessions-table tbody tr td:nth-child(2)').allInnerTexts();
    expect(devices.sort()).toEqual(['user_id u-42 · web-ann', 'user_id u-42 · web-ann-', 'user_id u-7']);
  });

  // docs/privacy.md#erasing-a-device: the user's devices of the test above, erased from the page by the admin, whose
  // Settings page then lists the copies of them given.
  it('the admin erases every device found for a user at once; the search then finds none, and another user stays', async () => {
    const { url, adminToken } = e2e.product;
    await e2e.page.context().clearCookies();
    await e2e.page.goto(`${url}/sidelog/users?app=${appIdOf('users-web')}&value=u-42`);
    await signInToExplorer(e2e.page, { name: 'admin', password: adminToken });
    await explorerSettled(e2e.page);
    const erase = e2e.page.getByRole('button', { name: 'Erase 4 devices' });
    await erase.waitFor();
    e2e.page.once('dialog', (dialog) => void dialog.accept());
    await erase.click();
    const said = e2e.page.getByRole('status').filter({ hasText: 'is erased' });
    await said.waitFor();
    expect(await said.innerText()).toBe(
      'Everything stored of the 4 devices found for u-42 is erased: 4 logs, 4 sessions, 0 issues and 4 key changes.',
    );
    await waitFor(async () =>
      expect(await e2e.page.getByRole('status').filter({ hasText: 'found in' }).innerText()).toMatch(
        /^u-42: found in 0 apps of the \d+ apps you may read\.$/,
      ),
    );
    expect(await erase.count()).toBe(0);
    // Another user of the app, and the app that names no user, keep their devices.
    await viewerText(e2e.page, `${url}/sidelog/devices?app=${appIdOf('users-web')}`);
    expect(await e2e.page.locator('.devices-table tbody tr').count()).toBe(1);
    expect(await viewerText(e2e.page, `${url}/sidelog/devices/kiosk-ann?app=${appIdOf('users-kiosk')}`)).toContain(
      'kiosk-ann',
    );

    // The copies the viewer downloaded in the test above, as the admin's Settings page lists them
    // (docs/privacy.md#each-download-is-recorded): kept after the devices' erasure. Other files' copies are of other apps.
    await viewerText(e2e.page, `${url}/sidelog/settings`);
    const listed = await listedDownloads(e2e.page);
    expect(listed.filter(([app]) => app!.startsWith('users-')).sort()).toEqual([
      ['users-ios', "A user's copy: device ios-ann", E2E_VIEWER.name, '1 log'],
      ['users-ios', 'Copy of device ios-ann', E2E_VIEWER.name, '1 log'],
      ['users-web', "A user's copy: device web-ann", E2E_VIEWER.name, '1 log'],
      ['users-web', "A user's copy: device web-ann-phone", E2E_VIEWER.name, '1 log'],
    ]);
  });
});
