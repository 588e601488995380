// A search holding U+0000 (NUL) answers 400 saying so, on every view that takes a search and on every store
// (docs/local-service.md#search-bounds): SQLite's full-text MATCH reads a string only up to a NUL, and PostgreSQL stores none
// (a NUL is kept as U+FFFD there), so no store could find what was typed. The search's parser refuses it
// (explorer-contract/search-query.ts), before any store reads: so this runs on SQLite and PostgreSQL, not again on the
// logs in ClickHouse (docs/testing.md#budget).
import { describe, expect, test } from 'vitest';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { createHarness } from './service-harness.ts';
import { STORE_KINDS } from './test-databases.ts';

const APP = `/apps/${appIdOf(DEMO_APP_KEY)}`;
const NUL_SEARCHES = ['pay\0ment', '"bad\0gateway"', 'tag:n\0et', 'a\0'];
const q = (search: string) => `q=${encodeURIComponent(search)}`;
/** Each view that takes a search, with the search as it takes it. */
const VIEWS: Record<string, (search: string) => string> = {
  logs: (search) => `${APP}/logs?${q(search)}`,
  count: (search) => `${APP}/logs/count?${q(search)}`,
  volume: (search) => `${APP}/logs/volume?${q(search)}`,
  facets: (search) => `${APP}/logs/facets?${q(search)}`,
  patterns: (search) => `${APP}/patterns?${q(search)}`,
  sequences: (search) => `${APP}/sequences?a=${encodeURIComponent(search)}&b=checkout`,
};

describe.each(STORE_KINDS)('on %s', (kind) => {
  test('a search holding U+0000 answers 400 with the reason, in each view that takes one', async () => {
    const service = await createHarness({ store: kind });
    try {
      await service.wire('sendLogs', { session_id: await service.session(), logs: [] });
      for (const [view, path] of Object.entries(VIEWS))
        for (const search of NUL_SEARCHES) {
          const answer = await service.explorerGet(path(search));
          expect({ view, search, status: answer.status }).toEqual({ view, search, status: 400 });
          expect(JSON.parse(answer.body).error).toMatch(/U\+0000/);
        }
      // The same views without the NUL are searches as any other.
      for (const [view, path] of Object.entries(VIEWS))
        expect({ view, status: (await service.explorerGet(path('payment'))).status }).toEqual({ view, status: 200 });
    } finally {
      await service.close();
    }
  });
});
