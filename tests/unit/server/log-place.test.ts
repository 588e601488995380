// A log's call site resolved through its release's source map, on SQLite and on PostgreSQL
// (docs/source-maps.md#a-logs-call-site): a log of a real minified build sent with its file, line and column (`f`,
// `l`, `lc`) reads raw before the map is uploaded and as the original file:line in its function after it; a log
// without a column has no frame to resolve; a log of another app is not found.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { LogPlace } from '../../../explorer-contract/stack-frames.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { buildMinified, frameAt, SOURCES, type MinifiedBuild } from '../../../fixtures/source-map-fixture.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let built: MinifiedBuild;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    built = await buildMinified(SOURCES, 'app/main.ts');
  });
  afterAll(() => service.close());

  /** Sends one log of release 2.0.0 and answers its id in the explorer. */
  async function sendLog(fields: Record<string, unknown>): Promise<number> {
    const payload = sessionPayload(`s-${crypto.randomUUID()}`);
    payload.app_version.version = '2.0.0';
    const session = (await (await service.wire('sendSession', payload)).json()) as { id: number };
    const log = { x: '2026-11-22T10:00:00.000Z', at: 1_790_000_000_000, t: 'checking out 3', ll: 4, ...fields };
    expect((await service.wire('sendLogs', { session_id: session.id, logs: [log] })).status).toBe(200);
    const page = JSON.parse(
      (await service.explorerGet(`/apps/${appIdOf(DEMO_APP_KEY)}/logs?session=${payload.session_uid}`)).body,
    ) as { logs: { id: number }[] };
    return page.logs[0]!.id;
  }
  const place = async (id: number) => {
    const answer = await service.explorerGet(`/apps/${appIdOf(DEMO_APP_KEY)}/logs/${id}/place`);
    return { status: answer.status, body: JSON.parse(answer.body) as LogPlace };
  };

  test('a log of a minified bundle reads raw before its map, and as its original file:line in its function after', async () => {
    // The call site as the engine parses it from Chromium's stack: the `console.info` in checkout, app/checkout/cart.ts:5.
    const [, m, f, l, lc] = /at (\S+) \((.+):(\d+):(\d+)\)/.exec(
      frameAt(built, { source: 'app/checkout/cart.ts', line: 5, column: 2 }, 'a'),
    )!;
    const id = await sendLog({ m, f, l: Number(l), lc: Number(lc) });

    const before = await place(id);
    expect(before.status).toBe(200);
    expect(before.body.frame).toMatchObject({ url: f, line: Number(l), column: Number(lc), original: null });

    const query = new URLSearchParams({ app: DEMO_APP_KEY, release: '2.0.0', url: f! });
    const upload = await service.app.request(`/sidelog/admin/api/source-maps?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: built.map,
    });
    expect(upload.status).toBe(201);

    const after = await place(id);
    expect(after.body.release).toBe('2.0.0');
    expect(after.body.frame!.original).toMatchObject({ source: 'app/checkout/cart.ts', line: 5, function: 'checkout' });
    expect(after.body.frame!.original!.context!.lines).toContain("  console.info('checking out', items);");
  });

  test('a log without a column has no frame to resolve; an id of no log of the app is not found', async () => {
    const id = await sendLog({ f: `https://shop.example/assets/${built.fileName}`, l: 1 });
    expect((await place(id)).body).toEqual({ release: '2.0.0', frame: null });
    const answer = await service.app.request(`${EXPLORER_API}/apps/${appIdOf(DEMO_APP_KEY)}/logs/999999/place`, {
      headers: { Cookie: await service.adminCookie() },
    });
    expect(answer.status).toBe(404);
  });
});
