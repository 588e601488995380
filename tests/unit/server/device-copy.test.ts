// A copy of a device's data (docs/privacy.md#a-copy-of-a-device), on every store: one JSON file holding the device,
// its keys and their history, its sessions, its issues with support's replies on them, and its logs, and nothing of
// another device; its logs past one
// page of the reads; through the explorer's API (any account that reads the app) and the admin API.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { EXPLORER_API, type DownloadRecord } from '../../../explorer-contract/api.types.ts';
import type { DeviceCopy } from '../../../explorer-contract/insight.types.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { EXPORT_PAGE } from '../../../server/explorer/export.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { replyOn, sendDeviceDay } from './device-day.ts';
import { downloadRow } from './download-row.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  afterEach(() => service.close());

  /** The copy as the explorer's API gives it to `cookie` (the admin's by default): its status, headers and file. */
  async function copy(udid: string, cookie?: string) {
    await service.store.settled();
    const answer = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}/devices/${udid}/copy`, {
      headers: { Cookie: cookie ?? (await service.adminCookie()) },
    });
    return {
      status: answer.status,
      type: answer.headers.get('Content-Type'),
      disposition: answer.headers.get('Content-Disposition'),
      text: await answer.text(),
    };
  }

  test("a device's copy holds everything stored of it, and nothing of another device", async () => {
    service = await createHarness({ store: kind });
    await sendDeviceDay(service, 'stayer', 'kept', 4, 0);
    await sendDeviceDay(service, 'leaver', 'personal', 3, 100);
    // Support's replies: on each device's issue's page, and on their group's, which is neither's.
    await replyOn(service, (await service.store.groupOfIssue(DEMO_APP_KEY, 'i-leaver'))!.id, [
      ['i-leaver', 'Called back.'],
      ['i-stayer', 'Not this one.'],
      [null, 'Fixed in 2.4.1.'],
    ]);

    const { status, type, disposition, text } = await copy('leaver');
    expect([status, type, disposition]).toEqual([
      200,
      'application/json; charset=utf-8',
      `attachment; filename="sidelog-${APP_ID}-leaver.json"`,
    ]);
    const file = JSON.parse(text) as DeviceCopy;
    expect(Date.parse(file.copied_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(file.app).toBe(APP_ID);
    expect(file.device).toMatchObject({ udid: 'leaver', keys: [{ key: 'user_id', value: 'u-2' }] });
    expect(file.key_history.map(({ key, value, previous }) => [key, value, previous])).toEqual([
      ['user_id', 'u-1', null],
      ['user_id', 'u-2', 'u-1'],
    ]);
    expect(file.sessions.map(({ session_uid, udid, total }) => [session_uid, udid, total]).sort()).toEqual([
      ['s-leaver-a', 'leaver', 3],
      ['s-leaver-b', 'leaver', 3],
    ]);
    expect(file.issues.map(({ uid, text, session_uid }) => [uid, text, session_uid])).toEqual([
      ['i-leaver', 'personal trace', 's-leaver-b'],
    ]);
    expect(file.replies.map(({ issue_uid, text }) => [issue_uid, text])).toEqual([['i-leaver', 'Called back.']]);
    expect(file.logs.map(({ t }) => t)).toEqual([105, 104, 103, 102, 101, 100].map((n) => `personal line ${n}`));
    expect(new Set(file.logs.map(({ udid }) => udid))).toEqual(new Set(['leaver']));
    // A log a line, the rest indented: readable as it stands.
    expect(text.split('\n').filter((line) => line.startsWith('    {"')).length).toBe(6);
  });

  test("a device's logs past one page of the reads are all in its copy, and a device without logs has none", async () => {
    service = await createHarness({ store: kind });
    const answer = await service.wire('sendSession', sessionPayload('s-busy', DEMO_APP_KEY, 'busy'));
    const { id } = (await answer.json()) as { id: number };
    const sent = EXPORT_PAGE + 200;
    for (let from = 0; from < sent; from += 400)
      expect((await service.wire('sendLogs', { session_id: id, logs: logs(400, from) })).status).toBe(200);
    await service.wire('sendSession', sessionPayload('s-quiet', DEMO_APP_KEY, 'quiet'));

    // A download cut after its first part: its record says so, and how many logs it held.
    await service.store.settled();
    const cut = await service.app.request(`${EXPLORER_API}/apps/${APP_ID}/devices/busy/copy`, {
      headers: { Cookie: await service.adminCookie() },
    });
    const reader = cut.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    const records = async () =>
      (JSON.parse((await service.explorerGet('/downloads')).body) as DownloadRecord[]).map(
        ({ udid, of, logs, finished }) => [udid, of, logs, finished],
      );
    expect(await records()).toEqual([['busy', 'device', EXPORT_PAGE, false]]);

    const busy = JSON.parse((await copy('busy')).text) as DeviceCopy;
    expect(busy.logs.length).toBe(sent);
    expect(new Set(busy.logs.map(({ id }) => id)).size).toBe(sent);
    expect([busy.logs[0]!.t, busy.logs.at(-1)!.t]).toEqual([`line ${sent - 1}`, 'line 0']);
    const quiet = JSON.parse((await copy('quiet')).text) as DeviceCopy;
    expect([quiet.sessions.length, quiet.logs, quiet.issues]).toEqual([1, [], []]);
    expect(await records()).toEqual([
      ['quiet', 'device', 0, true],
      ['busy', 'device', sent, true],
      ['busy', 'device', EXPORT_PAGE, false],
    ]);
  });

  // The routes' own part, the same over every store's reads: on the two databases alone.
  test.runIf(kind === 'sqlite' || kind === 'postgres')(
    'an account that reads the app gets the copy; the admin API gives the same; a device or app not there is a 404',
    async () => {
      service = await createHarness({ store: kind });
      await sendDeviceDay(service, 'leaver', 'personal', 2, 0);
      const viewer = await service.newViewer('support');
      const withoutTime = (text: string) => ({ ...(JSON.parse(text) as DeviceCopy), copied_at: '' });

      const byAdmin = await copy('leaver');
      const byViewer = await copy('leaver', viewer);
      expect(byViewer.status).toBe(200);
      expect(withoutTime(byViewer.text)).toEqual(withoutTime(byAdmin.text));

      const admin = (path: string) =>
        service.app.request(`/sidelog/admin/api/apps/${path}/copy`, {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        });
      const byApi = await admin(`${DEMO_APP_KEY}/devices/leaver`);
      expect(byApi.status).toBe(200);
      expect(withoutTime(await byApi.text())).toEqual(withoutTime(byAdmin.text));

      expect((await copy('nobody')).status).toBe(404);
      expect([
        (await admin(`${DEMO_APP_KEY}/devices/nobody`)).status,
        (await admin('no-app/devices/leaver')).status,
      ]).toEqual([404, 404]);

      // Each copy given is recorded, by whom; a device not there gave none (docs/privacy.md#each-download-is-recorded).
      const copies = async (path: string, headers: Record<string, string>) => {
        const answer = await service.app.request(path, { headers });
        const body = (await answer.json()) as DownloadRecord[] | { error: string };
        return 'error' in body ? [answer.status, body.error] : body.map(downloadRow);
      };
      const given = [
        [DEMO_APP_KEY, 'device', 'leaver', 'json', 'admin API', 4, true],
        [DEMO_APP_KEY, 'device', 'leaver', 'json', 'support', 4, true],
        [DEMO_APP_KEY, 'device', 'leaver', 'json', 'admin', 4, true],
      ];
      expect(await copies(`${EXPLORER_API}/downloads`, { Cookie: await service.adminCookie() })).toEqual(given);
      expect(await copies(`${EXPLORER_API}/downloads`, { Cookie: viewer })).toEqual([
        403,
        'only the admin reads the records of downloads',
      ]);
      const api = { Authorization: `Bearer ${ADMIN_TOKEN}` };
      expect(await copies(`/sidelog/admin/api/downloads?app=${DEMO_APP_KEY}`, api)).toEqual(given);
      expect(await copies('/sidelog/admin/api/downloads?app=no-app', api)).toEqual([]);
      // One device's, as its page lists them for the admin, and as the admin API gives them.
      await sendDeviceDay(service, 'stayer', 'kept', 2, 100);
      await copy('stayer');
      const device = (udid: string) => `${EXPLORER_API}/apps/${APP_ID}/devices/${udid}/downloads`;
      expect(await copies(device('leaver'), { Cookie: await service.adminCookie() })).toEqual(given);
      expect(await copies(device('stayer'), { Cookie: await service.adminCookie() })).toEqual([
        [DEMO_APP_KEY, 'device', 'stayer', 'json', 'admin', 4, true],
      ]);
      expect(await copies(device('leaver'), { Cookie: viewer })).toEqual([
        403,
        'only the admin reads the records of downloads',
      ]);
      expect(await copies(`/sidelog/admin/api/downloads?app=${DEMO_APP_KEY}&udid=leaver`, api)).toEqual(given);
      expect(await copies(`/sidelog/admin/api/downloads?app=${DEMO_APP_KEY}&udid=nobody`, api)).toEqual([]);
      expect(await copies('/sidelog/admin/api/downloads?udid=leaver', api)).toEqual([
        400,
        "'udid' names a device of the app 'app' names",
      ]);
    },
  );

  test.runIf(kind === 'sqlite')("the docs' example of the admin API's copy", async () => {
    const example = /```\n(curl -H .+ \\\n +http:\/\/127\.0\.0\.1:8080(\S+\/copy))\n```\n\n```\n[^`]+/.exec(
      readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8'),
    )!;
    const [, app, udid] = /apps\/([^/]+)\/devices\/([^/]+)\/copy$/.exec(example[2]!)!;
    service = await createHarness({ store: kind });
    await service.admin('apps', { json: { key: app } });
    await sendDeviceDay(service, udid!, 'personal', 2, 0, app);
    const answer = await service.app.request(example[2]!, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const file = JSON.parse(await answer.text()) as DeviceCopy;
    expect([file.app, file.device.udid, file.sessions.length, file.issues.length, file.logs.length]).toEqual([
      /"app": "(\w+)"/.exec(example[0])?.[1] ?? 'the example names its app',
      udid,
      2,
      1,
      4,
    ]);
    // The record of that copy, as the next example lists it.
    const [, copiesPath, listed] =
      /```\ncurl -H .+ 'http:\/\/127\.0\.0\.1:8080(\S+\/downloads\?app=\S+)'\n(\[.+\])\n```/.exec(
        readFileSync(new URL('../../../docs/privacy.md', import.meta.url), 'utf8'),
      )!;
    const records = await service.app.request(copiesPath!, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    const withoutTime = (list: DownloadRecord[]) => list.map((record) => ({ ...record, downloaded_at: '' }));
    expect(withoutTime((await records.json()) as DownloadRecord[])).toEqual(withoutTime(JSON.parse(listed!)));
  });
});
