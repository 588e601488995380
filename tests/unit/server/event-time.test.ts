// A device's first and last seen by its logs' own time, beside when the collector received them (the explorer's time
// rule, docs/explorer.md#event-time-first): a device that uploads after days offline was "first seen" on the day of
// the upload, above sessions of days before; an issue group's likewise, by its issues' own lines. On both stores.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API, type ExplorerDevice } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { LOG_STORE_KINDS } from './test-databases.ts';

const APP_ID = appIdOf(DEMO_APP_KEY);
const DAY = 86_400_000;

describe.each(LOG_STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  const get = async <T>(path: string) =>
    (await (
      await service.app.request(`${EXPLORER_API}/apps/${APP_ID}${path}`, { headers: { Cookie: cookie } })
    ).json()) as T;

  test('a device’s first and last seen by its logs’ own time, the times it arrived beside them', async () => {
    // Two sessions logged days before they arrive (the harness's logs are of 2026-09-21).
    for (const [uid, from] of [
      ['s-offline-1', 0],
      ['s-offline-2', 2 * DAY],
    ] as const) {
      const session = (
        (await (await service.wire('sendSession', sessionPayload(uid, DEMO_APP_KEY, 'd-offline'))).json()) as {
          id: number;
        }
      ).id;
      await service.wire('sendLogs', { session_id: session, logs: logs(3, from) });
    }
    await service.wire('sendSession', sessionPayload('s-silent', DEMO_APP_KEY, 'd-silent'));
    const first = logs(1)[0]!.at;
    const last = first + 2 * DAY + 2;
    const device = await get<ExplorerDevice>('/devices/d-offline');
    expect([device.first_at, device.last_at]).toEqual([first, last]);
    expect(Date.parse(device.first_seen)).toBeGreaterThan(last);
    const listed = (await get<{ devices: ExplorerDevice[] }>('/devices')).devices;
    expect(listed.map(({ udid, first_at, last_at }) => [udid, first_at, last_at])).toEqual(
      expect.arrayContaining([
        ['d-offline', first, last],
        ['d-silent', null, null],
      ]),
    );
  });

  test('an issue group’s first and last seen by its issues’ own lines, null where no line of it is kept', async () => {
    // Two crashes of one fingerprint, each with its bf_issue line (the SDK's, carrying its uid) logged days before it
    // arrives; a group of another fingerprint whose line never came.
    const logged = [Date.UTC(2026, 8, 21, 10), Date.UTC(2026, 8, 23, 18)];
    for (const [i, at] of logged.entries()) {
      const session = (
        (await (
          await service.wire('sendSession', sessionPayload(`s-crash-${i}`, DEMO_APP_KEY, `d-crash-${i}`))
        ).json()) as {
          id: number;
        }
      ).id;
      const uid = `crash-offline-${i}`;
      await service.wire('sendLogs', {
        session_id: session,
        logs: [{ x: new Date(at).toISOString(), at, t: uid, tg: 'bf_issue', ll: 2 }],
      });
      const issue = {
        uid,
        url: '',
        title: `Checkout ${i} failed`,
        text: 'Error: x',
        app: { key: DEMO_APP_KEY },
        type: 'crash',
        session_id: session,
      };
      expect((await service.wire('sendIssue', issue)).status).toBe(200);
    }
    const lineless = {
      uid: 'no-line',
      url: '',
      title: 'Nothing logged',
      text: 'Error: y',
      app: { key: DEMO_APP_KEY },
      type: 'issue',
      session_id: (
        (await (
          await service.wire('sendSession', sessionPayload('s-lineless', DEMO_APP_KEY, 'd-lineless'))
        ).json()) as { id: number }
      ).id,
    };
    expect((await service.wire('sendIssue', lineless)).status).toBe(200);

    const group = await get<IssueGroup>('/issues/crash-offline-0/group');
    expect([group.first_at, group.last_at]).toEqual(logged);
    expect(Date.parse(group.first_seen)).toBeGreaterThan(logged[1]!);
    expect(await get<IssueGroup>(`/issue-groups/${group.id}`)).toMatchObject({
      first_at: logged[0],
      last_at: logged[1],
    });
    const listed = (await get<{ groups: IssueGroup[] }>('/issue-groups')).groups;
    expect(listed.find((one) => one.id === group.id)).toMatchObject({ first_at: logged[0], last_at: logged[1] });
    expect(await get<IssueGroup>('/issues/no-line/group')).toMatchObject({ first_at: null, last_at: null });
  });
});
