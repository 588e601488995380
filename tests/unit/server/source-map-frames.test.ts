// A crash's frames resolved through its release's source map, on SQLite and on PostgreSQL (docs/source-maps.md#what-is-resolved):
// a real minified build (rolldown, as Vite builds), a crash whose stack names its bundle; before the map is uploaded
// the explorer shows its raw frames, after it the original file, line, column and function with the lines around;
// the app's own frames told from a library's; another release's or another app's crash not resolved by it; and a
// viewer of another app reads none of it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';
import { buildMinified, crashText, SOURCES, type MinifiedBuild } from '../../../fixtures/source-map-fixture.ts';

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let built: MinifiedBuild;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    built = await buildMinified(SOURCES, 'app/main.ts');
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  let crashes = 0;
  async function sendCrash(version: string, appKey = DEMO_APP_KEY): Promise<string> {
    const payload = sessionPayload(`s-${kind}-${++crashes}`, appKey);
    payload.app_version.version = version;
    const session = (await (await service.wire('sendSession', payload, appKey)).json()) as { id: number };
    const uid = `crash-${crashes}`;
    const answer = await service.wire(
      'sendIssue',
      {
        uid,
        url: '',
        title: 'TypeError: no amount',
        text: crashText(built),
        app: { key: appKey },
        type: 'crash',
        session_id: session.id,
      },
      appKey,
    );
    expect(answer.status).toBe(200);
    return uid;
  }
  async function upload(release: string, appKey = DEMO_APP_KEY) {
    const query = new URLSearchParams({ app: appKey, release, url: `https://cdn.example/assets/${built.fileName}` });
    const answer = await service.app.request(`/sidelog/admin/api/source-maps?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: built.map,
    });
    expect(answer.status).toBe(201);
  }
  const frames = async (uid: string, appKey = DEMO_APP_KEY, as = cookie) => {
    const answer = await service.app.request(`${EXPLORER_API}/apps/${appIdOf(appKey)}/issues/${uid}/frames`, {
      headers: { Cookie: as },
    });
    return { status: answer.status, body: (await answer.json()) as any };
  };

  test("a crash before its map shows its raw frames, and after the upload its original ones, the lines around and the app's own told from a library's", async () => {
    const uid = await sendCrash('1.4.2');
    const before = await frames(uid);
    expect(before.status).toBe(200);
    expect(before.body.frames).toHaveLength(5);
    expect(before.body.frames.every((frame: any) => frame.original === null)).toBe(true);
    expect(before.body.frames[0]).toMatchObject({
      function: 'r',
      line: 1,
      url: `https://shop.example/assets/${built.fileName}`,
    });

    await upload('1.4.2');
    const after = (await frames(uid)).body;
    expect(after.release).toBe('1.4.2');
    const originals = after.frames.map(
      (frame: any) =>
        frame.original && [frame.original.source, frame.original.line, frame.original.function, frame.original.own],
    );
    expect(originals).toEqual([
      ['app/checkout/pay.ts', 3, 'payOrder', true],
      ['app/checkout/cart.ts', 6, 'checkout', true],
      ['node_modules/tiny-retry/index.ts', 5, 'retry', false],
      ['app/checkout/cart.ts', 6, 'checkout', true],
      null,
    ]);
    // The raw frame kept beside it; the lines around from sourcesContent.
    expect(after.frames[0].raw).toBe(crashText(built).split('\n')[1]);
    expect(after.frames[0].original.context).toEqual({
      first: 1,
      lines: SOURCES['app/checkout/pay.ts'].split('\n').slice(0, 6),
    });
  });

  test("another release's crash, and another app's, are not resolved by the map", async () => {
    await upload('2.0.0');
    const otherRelease = await sendCrash('1.9.9');
    expect((await frames(otherRelease)).body.frames.every((frame: any) => frame.original === null)).toBe(true);
    await service.admin('apps', { json: { key: 'other-app' } });
    const otherApp = await sendCrash('2.0.0', 'other-app');
    const answer = await frames(otherApp, 'other-app');
    expect(answer.status).toBe(200);
    expect(answer.body.frames.every((frame: any) => frame.original === null)).toBe(true);
  });

  test("a viewer of another app reads none of the app's code", async () => {
    const uid = await sendCrash('2.0.0');
    await service.admin('viewers', { json: { name: `limited-${kind}`, password: 'long-enough-1' } });
    await service.admin(`viewers/limited-${kind}/apps`, { json: { apps: ['other-app'] } });
    const signIn = await service.app.request(`${EXPLORER_API}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `limited-${kind}`, password: 'long-enough-1' }),
    });
    const limited = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    const answer = await frames(uid, DEMO_APP_KEY, limited);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain('payOrder');
  });
});
