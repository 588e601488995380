// Ids holding URL-reserved characters, spaces, '%' and letters beyond ASCII, through the explorer's API and its
// page routes, on both stores: each id is encoded once in the path and found (docs/wire-format.md#appid-and-intent-urls).
// The page's own half is tests/e2e/odd-ids.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { EXPLORER_ROUTES } from '../../../server/explorer/static.ts';
import { createHarness, type Harness } from './service-harness.ts';
import { logs, sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';

const IDS = [
  'a/b',
  'a?b',
  'a#b',
  'ios:1234',
  'user@example.com',
  'a&b=c',
  'a+b',
  'a$b,c;d',
  'a b',
  '100%',
  '%41',
  'ёжик-日本',
];
const APP_ID = appIdOf(DEMO_APP_KEY);

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    for (const id of IDS) {
      const session_id = (
        (await (await service.wire('sendSession', sessionPayload(id, DEMO_APP_KEY, id))).json()) as { id: number }
      ).id;
      await service.wire('sendLogs', { session_id, logs: logs(1) });
      await service.wire('sendIssue', {
        uid: id,
        title: `Issue of ${id}`,
        text: '',
        app: { key: DEMO_APP_KEY },
        type: 'issue',
        session_id,
      });
    }
  });
  afterAll(() => service.close());

  test.each(IDS)(
    '%j: its intent URLs are explorer pages, and the API finds its issue, session and device',
    async (id) => {
      const segment = encodeURIComponent(id);
      for (const intentKind of ['issue', 'session', 'device']) {
        expect(
          EXPLORER_ROUTES.test(new URL(`http://h/sidelog/intent/${APP_ID}/${intentKind}/${segment}`).pathname),
        ).toBe(true);
        const resolved = await service.explorerGet(`/intent/${APP_ID}/${intentKind}/${segment}`);
        expect(JSON.parse(resolved.body)).toEqual({ appId: APP_ID, kind: intentKind, id });
      }
      expect(JSON.parse((await service.explorerGet(`/apps/${APP_ID}/issues/${segment}`)).body).issue).toMatchObject({
        uid: id,
        title: `Issue of ${id}`,
      });
      expect(JSON.parse((await service.explorerGet(`/apps/${APP_ID}/sessions/${segment}`)).body)).toMatchObject({
        session_uid: id,
        udid: id,
      });
      expect(JSON.parse((await service.explorerGet(`/apps/${APP_ID}/devices/${segment}`)).body)).toMatchObject({
        udid: id,
      });
      const stream = JSON.parse(
        (await service.explorerGet(`/apps/${APP_ID}/logs?${new URLSearchParams({ session: id })}`)).body,
      ) as { logs: { session_uid: string }[] };
      expect(stream.logs.map((log) => log.session_uid)).toEqual([id]);
    },
  );
});
