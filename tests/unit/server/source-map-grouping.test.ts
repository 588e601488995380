// Issue groups keyed on original frames, on SQLite and on PostgreSQL (docs/source-maps.md#grouping): the same crash
// from two builds (the code moved by a few lines, the bundle renamed, its functions renamed by the minifier) is one
// group once each release's map is uploaded; a library's frame (node_modules) gives way to the app's own; a crash
// sent before its map keeps the group it joined raw, and its frames read resolved once the map arrives.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import type { IssueGroup } from '../../../explorer-contract/insight.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { STORE_KINDS } from './test-databases.ts';
import {
  buildMinified,
  crashText,
  frameAt,
  SOURCES,
  type MinifiedBuild,
} from '../../../fixtures/source-map-fixture.ts';

/** The second build: three lines more at the top of pay.ts, and of cart.ts, and one more export. */
const MOVED = {
  ...SOURCES,
  'app/main.ts': `${SOURCES['app/main.ts']}export { CURRENCY } from './checkout/pay';\n`,
  'app/checkout/pay.ts': `// Payment.\n// Moved by a few lines.\nexport const CURRENCY = 'EUR';\n${SOURCES['app/checkout/pay.ts']}`,
  'app/checkout/cart.ts': `// Cart.\n\n\n${SOURCES['app/checkout/cart.ts']}`,
};

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let first: MinifiedBuild;
  let second: MinifiedBuild;
  let cookie: string;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    first = await buildMinified(SOURCES, 'app/main.ts');
    second = await buildMinified(MOVED, 'app/main.ts');
    cookie = await service.adminCookie();
  });
  afterAll(() => service.close());

  let crashes = 0;
  async function sendCrash(version: string, text: string): Promise<string> {
    const payload = sessionPayload(`s-${kind}-${++crashes}`);
    payload.app_version.version = version;
    const session = (await (await service.wire('sendSession', payload)).json()) as { id: number };
    const uid = `crash-${crashes}`;
    const answer = await service.wire('sendIssue', {
      uid,
      url: '',
      title: 'TypeError: no amount',
      text,
      app: { key: DEMO_APP_KEY },
      type: 'crash',
      session_id: session.id,
    });
    expect(answer.status).toBe(200);
    return uid;
  }
  async function upload(built: MinifiedBuild, release: string) {
    const query = new URLSearchParams({ app: DEMO_APP_KEY, release, url: `/assets/${built.fileName}` });
    const answer = await service.app.request(`/sidelog/admin/api/source-maps?${query}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: built.map,
    });
    expect(answer.status).toBe(201);
  }
  const explorer = async (path: string) =>
    (await (
      await service.app.request(`${EXPLORER_API}/apps/${appIdOf(DEMO_APP_KEY)}${path}`, { headers: { Cookie: cookie } })
    ).json()) as any;
  const groupOf = async (uid: string) => (await explorer(`/issues/${uid}/group`)) as IssueGroup;

  test('the same crash from two builds, each with its map, is one group keyed on the original function and file', async () => {
    expect(first.fileName).not.toBe(second.fileName);
    await upload(first, '1.0.0');
    await upload(second, '1.0.1');
    const one = await sendCrash('1.0.0', crashText(first));
    const two = await sendCrash('1.0.1', crashText(second, 3));
    const group = await groupOf(one);
    expect(group.top_frame).toBe('payOrder (app/checkout/pay.ts)');
    expect((await groupOf(two)).id).toBe(group.id);
    expect((await groupOf(two)).occurrences).toBe(2);
  });

  test("a library's frame on top gives way to the app's own", async () => {
    await upload(first, '1.0.2');
    const text = [
      'TypeError: no amount',
      frameAt(first, { source: 'node_modules/tiny-retry/index.ts', line: 5, column: 11 }, 'n'),
      frameAt(first, { source: 'app/checkout/cart.ts', line: 6, column: 9 }, 'i'),
    ].join('\n');
    const uid = await sendCrash('1.0.2', text);
    expect((await groupOf(uid)).top_frame).toBe('checkout (app/checkout/cart.ts)');
  });

  test('a crash sent before its map keeps its raw group; its frames read resolved after the upload, and later ones join the original group', async () => {
    const early = await sendCrash('1.0.3', crashText(first));
    const raw = await groupOf(early);
    expect(raw.top_frame).toMatch(/^r \(\/assets\/index-/);
    await upload(first, '1.0.3');
    const frames = await explorer(`/issues/${early}/frames`);
    expect(frames.frames[0].original).toMatchObject({ source: 'app/checkout/pay.ts', line: 3, function: 'payOrder' });
    expect((await groupOf(early)).id).toBe(raw.id);
    const late = await sendCrash('1.0.3', crashText(first));
    expect((await groupOf(late)).top_frame).toBe('payOrder (app/checkout/pay.ts)');
  });
});
