// Source maps on SQLite and on PostgreSQL (docs/source-maps.md): uploaded per app and release through the admin API,
// listed without their text, replaced and deleted; maps that are not maps, are for another file, too large, or for an
// app that does not exist refused with a reason; the app's bound held by the store.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { MAX_MAP_BYTES } from '../../../server/sourcemaps/limits.ts';
import { ADMIN_TOKEN, createHarness, type Harness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';
import { buildMinified, type MinifiedBuild } from '../../../fixtures/source-map-fixture.ts';

const PAY = `export function payOrder(order: { amount: number } | undefined) {
  const total = order!.amount * 2;
  if (total > 0) throw new TypeError('no amount');
  return total;
}
`;

describe.each(STORE_KINDS)('on %s', (kind) => {
  let service: Harness;
  let built: MinifiedBuild;
  beforeAll(async () => {
    service = await createHarness({ store: kind });
    built = await buildMinified({ 'app/checkout/pay.ts': PAY }, 'app/checkout/pay.ts');
  });
  afterAll(() => service.close());

  const upload = (query: Record<string, string>, body: string, method = 'POST') =>
    service.app.request(`/sidelog/admin/api/source-maps?${new URLSearchParams(query)}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: method === 'POST' ? body : undefined,
    });
  const url = () => `https://shop.example/assets/${built.fileName}`;
  const list = async (release = '') =>
    (
      await service.app.request(`/sidelog/admin/api/source-maps?app=${DEMO_APP_KEY}&release=${release}`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json() as Promise<any[]>;

  test('a map is kept per app, release and path; listed without its text; replaced by a new upload; deleted', async () => {
    const first = await upload({ app: DEMO_APP_KEY, release: '1.4.2', url: url() }, built.map);
    expect(first.status).toBe(201);
    const kept = await first.json();
    expect(kept).toMatchObject({ release: '1.4.2', path: `/assets/${built.fileName}`, sources: 1 });
    expect(kept.bytes).toBe(Buffer.byteLength(built.map));
    // The same file of the same release again replaces it; another release is a map of its own.
    expect((await upload({ app: DEMO_APP_KEY, release: '1.4.2', url: url() }, built.map)).status).toBe(201);
    expect(
      (await upload({ app: DEMO_APP_KEY, release: '1.4.3', url: `/assets/${built.fileName}` }, built.map)).status,
    ).toBe(201);
    const all = await list();
    expect(all.map((map) => map.release)).toEqual(['1.4.3', '1.4.2']);
    expect(JSON.stringify(all)).not.toContain('sourcesContent');
    expect(JSON.stringify(all)).not.toContain('payOrder');
    expect(await list('1.4.2')).toHaveLength(1);

    const byId = await upload({ app: DEMO_APP_KEY }, '', 'DELETE');
    expect(byId.status).toBe(400);
    const one = await service.app.request(`/sidelog/admin/api/source-maps/${all[0].id}?app=${DEMO_APP_KEY}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    });
    expect(await one.json()).toEqual({ deleted: 1 });
    expect(await (await upload({ app: DEMO_APP_KEY, release: '1.4.2' }, '', 'DELETE')).json()).toEqual({ deleted: 1 });
    expect(await list()).toEqual([]);
  });

  test('what is not a map for this file of a known app is refused with its reason, and nothing kept', async () => {
    const refused = async (query: Record<string, string>, body: string, status = 400) => {
      const answer = await upload(query, body);
      expect(answer.status).toBe(status);
      return ((await answer.json()) as { error: string }).error;
    };
    const good = { app: DEMO_APP_KEY, release: '2.0.0', url: url() };
    expect(await refused({ ...good, app: 'no-such-app' }, built.map)).toBe(`'app' must be the key of an app`);
    expect(await refused({ ...good, release: '' }, built.map)).toMatch(/'release'/);
    expect(await refused({ ...good, url: 'ftp://shop.example/x.js' }, built.map)).toMatch(/'url'/);
    expect(await refused(good, '{"version":3,')).toBe('the map is not JSON');
    expect(await refused(good, '[]')).toBe('the map is not a JSON object');
    expect(await refused(good, JSON.stringify({ ...JSON.parse(built.map), version: 2 }))).toBe(
      `the map's 'version' must be 3`,
    );
    expect(await refused(good, JSON.stringify({ version: 3, sources: [] }))).toBe(`the map has no 'mappings'`);
    expect(await refused({ ...good, url: 'https://shop.example/assets/vendor-1a2b3c.js' }, built.map)).toBe(
      `the map is for '${built.fileName}', not 'vendor-1a2b3c.js'`,
    );
    const notVlq = `the map's 'mappings' are not Base64 VLQ of its sources`;
    expect(await refused(good, JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: '!!!' }))).toBe(
      notVlq,
    );
    // A segment naming a fourth source of a map with one.
    expect(await refused(good, JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AGAA' }))).toBe(
      notVlq,
    );
    const huge = `{"version":3,"sources":[],"mappings":"${'A'.repeat(MAX_MAP_BYTES)}"}`;
    expect(await refused(good, huge, 413)).toBe('a map may be at most 20 MB (docs/source-maps.md#limits)');
    expect(await list()).toEqual([]);
  });

  test("the store holds the app's bound: past it an upload is refused, a replacement counted once", async () => {
    const map = { release: '3.0.0', path: '/assets/a.js', text: built.map, bytes: 600, sources: 1 };
    const cap = 1_000;
    expect(await service.store.putSourceMap(DEMO_APP_KEY, map, new Date(), cap)).toMatchObject({ bytes: 600 });
    expect(await service.store.putSourceMap(DEMO_APP_KEY, map, new Date(), cap)).toMatchObject({ bytes: 600 });
    expect(await service.store.putSourceMap(DEMO_APP_KEY, { ...map, path: '/assets/b.js' }, new Date(), cap)).toEqual({
      error: `the app's maps would take 0.0 MB, past its 0.0 MB: delete an older release's maps first`,
    });
    expect(await service.store.sourceMaps(DEMO_APP_KEY, '3.0.0')).toHaveLength(1);
    expect(await service.store.deleteSourceMaps(DEMO_APP_KEY, { release: '3.0.0' })).toBe(1);
  });
});
