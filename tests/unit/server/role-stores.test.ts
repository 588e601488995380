// The small role stores written once for both databases (server/stores/<role>.ts over server/stores/dialect.ts),
// through the store's own methods, on SQLite and on PostgreSQL: the same answers on both.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bugfenderAppIdOf, appIdOf } from '../../../server/stores/app-id.ts';
import { DEFAULT_REDACT } from '../../../protocol/redact/redact-options.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';

describe.each(STORE_KINDS)('on %s', (kind) => {
  let store: Store;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await openTestStore(kind));
  });
  afterAll(() => close());

  test('an app is found by its key and by either form of its appID; set again without rules, it keeps its own', async () => {
    const redact = { ...DEFAULT_REDACT, builtIns: [] };
    expect(await store.putApp('app-b', true, redact)).toEqual({
      key: 'app-b',
      appId: appIdOf('app-b'),
      enabled: true,
      redact,
    });
    await store.putApp('app-a', true);
    expect(await store.putApp('app-b', false)).toEqual({
      key: 'app-b',
      appId: appIdOf('app-b'),
      enabled: false,
      redact,
    });
    expect((await store.appById(appIdOf('app-b')))?.key).toBe('app-b');
    expect((await store.appById(bugfenderAppIdOf('app-b')))?.key).toBe('app-b');
    expect(await store.appById('no-such-app')).toBeUndefined();
    expect((await store.apps()).map((app) => app.key)).toEqual(['app-a', 'app-b']);
  });

  test('a viewer account is new once; a new password ends its sign-ins; apps are limited and the limit lifted', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    expect(await store.putViewer('support', 'hash-1', now)).toBe(true);
    await store.addViewerSession('token-1', 'support', later, now);
    expect(await store.viewerOfSession('token-1', now)).toBe('support');
    expect(await store.putViewer('support', 'hash-2', now)).toBe(false);
    expect(await store.viewerPasswordHash('support')).toBe('hash-2');
    expect(await store.viewerOfSession('token-1', now)).toBeUndefined();
    expect(await store.setViewerApps('support', ['app-a'])).toBe(true);
    expect(await store.viewerApps('support')).toEqual(['app-a']);
    expect(await store.setViewerApps('support', null)).toBe(true);
    expect(await store.viewerApps('support')).toBeUndefined();
    expect(await store.setViewerApps('nobody', ['app-a'])).toBe(false);
    // Its own new password: only an account that is there, whose sign-ins then end; none is made.
    await store.addViewerSession('token-2', 'support', later, now);
    expect(await store.setViewerPassword('support', 'hash-3')).toBe(true);
    expect(await store.viewerPasswordHash('support')).toBe('hash-3');
    expect(await store.viewerOfSession('token-2', now)).toBeUndefined();
    expect(await store.setViewerPassword('nobody', 'hash-4')).toBe(false);
    expect(await store.viewerPasswordHash('nobody')).toBeUndefined();
  });

  test('viewers are listed by name without their hashes; one removed loses its sign-ins and its own views, not those it shared', async () => {
    const now = new Date('2025-01-02T03:04:05.000Z');
    await store.putApp('team-app', true);
    await store.putViewer('zoe', 'hash-z', now);
    await store.putViewer('Émile', 'hash-e', now);
    await store.putViewer('leaver', 'hash-l', now);
    await store.setViewerApps('leaver', ['team-app']);
    await store.addViewerSession('token-l', 'leaver', new Date(now.getTime() + 60_000), now);
    const view = (id: string, shared: boolean) => ({
      id,
      name: id,
      owner: 'leaver',
      shared,
      path: '/logs',
      query: '',
      created_at: now.toISOString(),
    });
    await store.addSavedView('team-app', view('own', false));
    await store.addSavedView('team-app', view('theirs-shared', true));
    const alert = { kind: 'none', minutes: 5 } as const;
    expect(await store.setViewAlert('team-app', 'own', { viewer: 'leaver', anyOwner: false }, alert, 0)).toBe(true);
    expect((await store.savedViews('team-app', 'leaver')).find((saved) => saved.id === 'own')?.alert).toEqual(alert);

    const names = (await store.viewers()).map((viewer) => viewer.name);
    expect(names.filter((name) => ['zoe', 'Émile', 'leaver'].includes(name))).toEqual(['leaver', 'zoe', 'Émile']);
    expect((await store.viewers()).find((viewer) => viewer.name === 'leaver')).toEqual({
      name: 'leaver',
      apps: ['team-app'],
      created_at: now.toISOString(),
    });

    expect(await store.deleteViewer('leaver')).toBe(true);
    expect(await store.deleteViewer('leaver')).toBe(false);
    // A sign-in whose password was checked before the removal stores its token after it: the token signs no one in.
    await store.addViewerSession('token-late', 'leaver', new Date(now.getTime() + 60_000), now);
    expect(await store.viewerOfSession('token-late', now)).toBeUndefined();
    await store.addViewerSession('token-admin', 'admin', new Date(now.getTime() + 60_000), now);
    expect(await store.viewerOfSession('token-admin', now)).toBe('admin');
    expect((await store.viewers()).map((viewer) => viewer.name)).not.toContain('leaver');
    expect(await store.viewerOfSession('token-l', now)).toBeUndefined();
    expect(await store.viewerPasswordHash('leaver')).toBeUndefined();
    expect((await store.savedViews('team-app', 'leaver')).map((saved) => saved.id)).toEqual(['theirs-shared']);
  });

  test('saved views are listed by name in code point order, then id; only the owner, or any owner when asked, deletes', async () => {
    const view = (id: string, name: string, owner: string, shared: boolean) => ({
      id,
      name,
      owner,
      shared,
      path: '/logs',
      query: '',
      created_at: '2025-01-01T00:00:00.000Z',
    });
    await store.putApp('views-app', true);
    for (const saved of [
      view('v1', 'b', 'ann', false),
      view('v2', 'B', 'ann', true),
      view('v3', 'a', 'bob', true),
      view('v4', 'a', 'bob', false),
    ])
      await store.addSavedView('views-app', saved);
    expect((await store.savedViews('views-app', 'ann')).map((saved) => saved.id)).toEqual(['v2', 'v3', 'v1']);
    expect(await store.deleteSavedView('views-app', 'v3', 'ann', false)).toBe(false);
    expect(await store.deleteSavedView('views-app', 'v3', 'ann', true)).toBe(true);
    expect(await store.deleteSavedView('views-app', 'v1', 'ann', false)).toBe(true);
    expect((await store.savedViews('views-app', 'bob')).map((saved) => saved.id)).toEqual(['v2', 'v4']);
  });

  test('source maps: the newest of a path among releases; a release replaces its own map within the app’s bound', async () => {
    const map = (release: string, bytes: number) => ({ release, path: '/app.js', text: '{}', bytes, sources: 1 });
    const at = new Date('2025-01-01T00:00:00.000Z');
    const first = await store.putSourceMap('maps-app', map('1.0', 600), at, 1_000);
    const second = await store.putSourceMap('maps-app', map('1.1', 300), at, 1_000);
    expect(await store.putSourceMap('maps-app', map('1.2', 200), at, 1_000)).toEqual({ error: expect.any(String) });
    // Replacing 1.0's map counts only the others' bytes.
    const replaced = await store.putSourceMap('maps-app', map('1.0', 700), at, 1_000);
    expect(replaced).toMatchObject({ release: '1.0', bytes: 700, sources: 1 });
    expect(await store.sourceMapId('maps-app', ['1.0', '1.1'], '/app.js')).toBe((replaced as { id: number }).id);
    expect(await store.sourceMapId('maps-app', ['1.1'], '/app.js')).toBe((second as { id: number }).id);
    expect(await store.sourceMapId('maps-app', [], '/app.js')).toBeUndefined();
    expect(await store.sourceMapText('maps-app', (first as { id: number }).id)).toBeUndefined();
    expect((await store.sourceMaps('maps-app')).map((info) => info.release)).toEqual(['1.0', '1.1']);
    expect(await store.deleteSourceMaps('maps-app', { release: '1.1' })).toBe(1);
    expect((await store.sourceMaps('maps-app', '1.0')).map((info) => info.bytes)).toEqual([700]);
  });
});
