// A search is bounded in cost (docs/local-service.md#search-bounds): at most MAX_SEARCH_TERMS terms, else 400; words
// shorter than MIN_INFIX match whole words only; and a page that its budget ends before it found anything answers
// 422 with what to do, where a larger budget finds the logs. On both stores where both apply.
import { Hono } from 'hono';
import { EXPLORER_API } from '../../../explorer-contract/api.types.ts';
import { describe, expect, test } from 'vitest';
import { MAX_SEARCH_TERMS, parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { createExplorerApi } from '../../../server/explorer/api.ts';
import { createViewerAccounts } from '../../../server/explorer/viewer-accounts.ts';
import { EXPLORER_LOGIN_LIMITS } from '../../../server/explorer/api.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import { ADMIN_TOKEN, createHarness } from './service-harness.ts';
import { logs } from '../../../fixtures/wire-bodies.ts';
import { openTestStore, STORE_KINDS } from './test-databases.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';

const APP = 'bounded-app';
const texts = ['a b c', 'apple banana', 'an ab abc', 'abcd'];

describe.each(STORE_KINDS)('on %s', (kind) => {
  test(`a search of more than ${MAX_SEARCH_TERMS} terms answers 400 saying so; one of ${MAX_SEARCH_TERMS} answers 200`, async () => {
    const service = await createHarness({ store: kind });
    try {
      const words = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
      const refused = await service.explorerGet(
        `/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=${encodeURIComponent(words(200))}`,
      );
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        error: `The search holds at most ${MAX_SEARCH_TERMS} terms (a phrase counts its words): search for fewer`,
      });
      expect(
        (
          await service.explorerGet(
            `/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=${encodeURIComponent(words(MAX_SEARCH_TERMS + 1))}`,
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await service.explorerGet(
            `/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=${encodeURIComponent(words(MAX_SEARCH_TERMS))}`,
          )
        ).status,
      ).toBe(200);
    } finally {
      await service.close();
    }
  });

  test('words match whole words; a fragment of 3 characters or more, inside words too', async () => {
    const { store, close } = await openTestStore(kind);
    try {
      await store.putApp(APP, true);
      const session = await store.putSession(APP, {
        session_uid: 's',
        device: { udid: 'd' },
        time: '2026-01-01T00:00:00Z',
      } as never);
      await store.addLogs(
        APP,
        session,
        logs(texts.length).map((log, i) => ({ ...log, t: texts[i] })),
      );
      await store.settled();
      const search = async (q: string) =>
        (await store.explorer.logs({ appKey: APP, q, search: parseSearchQuery(q) }, { limit: 10 })).logs
          .map((log) => log.t)
          .sort();
      expect(await search('a')).toEqual(['a b c']);
      expect(await search('ab')).toEqual(['an ab abc']);
      expect(await search('abc')).toEqual(['an ab abc']);
      expect(await search('*abc*')).toEqual(['abcd', 'an ab abc']);
      expect(await search('ppl')).toEqual([]);
      expect(await search('*ppl*')).toEqual(['apple banana']);
      expect(await search('*ppl* b')).toEqual([]);
      expect(await search('*ppl* banana')).toEqual(['apple banana']);
      expect(() => parseSearchQuery('*ab*')).toThrow(/a fragment needs 3 or more/);
    } finally {
      await close();
    }
  });
});

test('on SQLite, a page whose budget ends before it found anything answers 422 with what to do', async () => {
  const service = await createHarness();
  try {
    const session_id = await service.session('windows');
    // The word is only in the oldest logs: a window of the newest holds none of it.
    const old = logs(500, 0).map((log) => ({ ...log, t: `needle ${log.t}` }));
    const recent = logs(2_000, 1_000).map((log) => ({ ...log, t: `hay ${log.t}` }));
    for (const batch of [
      old,
      recent.slice(0, 500),
      recent.slice(500, 1000),
      recent.slice(1000, 1500),
      recent.slice(1500),
    ]) {
      expect((await service.wire('sendLogs', { session_id, logs: batch })).status).toBe(200);
    }
    // Queries that read common words window by window (as 5,000 matches would), and an API that gives a page no time.
    const queries = createExplorerQueries(sqliteOf(service.store), { commonMatches: 10 });
    // Mounted at its base, as server/explorer/explorer.ts mounts it.
    const api = new Hono().route(
      EXPLORER_API,
      createExplorerApi(
        service.store,
        queries,
        createViewerAccounts(service.store, ADMIN_TOKEN),
        EXPLORER_LOGIN_LIMITS,
        undefined,
        0,
      ),
    );
    const signIn = await api.request('/sidelog/explorer/api/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'admin', password: ADMIN_TOKEN }),
    });
    const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]!;
    const answer = await api.request(`/sidelog/explorer/api/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=needle`, {
      headers: { Cookie: cookie },
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ error: expect.stringMatching(/narrow it with a time range/) });
    // With the service's own budget, the same search finds them.
    const found = await service.explorerGet(`/apps/${appIdOf(DEMO_APP_KEY)}/logs?q=needle&limit=500`);
    expect(JSON.parse(found.body).logs).toHaveLength(500);
  } finally {
    await service.close();
  }
});
