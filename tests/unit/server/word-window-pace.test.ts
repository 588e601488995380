// SQLite's scan beside a common word reads window by window (server/stores/sqlite/explorer/word-window-steps.ts); near
// the page's deadline a window reads only what the time left holds at the last window's pace, so that a rare
// fragment's notice of how far it read comes by the deadline, not a window of up to 50,000 logs after it
// (docs/explorer.md#fragments). Time here is a clock that moves 0.01 ms for each log a filter reads (its budget check,
// sidelog_in_budget(), runs once a row), so where the scan stops does not hang on the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { seedLogs } from '../../../bench/explorer-seed.ts';
import { parseSearchQuery } from '../../../explorer-contract/search-query.ts';
import { openStore } from '../../../server/stores/open-store.ts';
import { createExplorerQueries } from '../../../server/stores/sqlite/explorer-queries.ts';
import { sqliteOf } from '../../../server/stores/sqlite/store.ts';
import type { Store } from '../../../server/stores/store.types.ts';

const APP = 'word-window-pace-app';
const START = Date.UTC(2026, 10, 1);
/** The clock's cost of a log read. */
const MS_PER_LOG = 0.01;

let dir: string;
let store: Store;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'word-window-pace-'));
  store = await openStore(join(dir, 'sidelog.db'));
  await store.putApp(APP, true);
  // "order" is in 1 log in 12 and never beside "payment" (bench/explorer-seed.ts): `order *ayment*` matches none.
  await seedLogs(store, { appKey: APP, logs: 120_000, sessions: 4, start: START });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a rare fragment beside a common word stops reading at its deadline, not a window after it', async () => {
  const db = sqliteOf(store);
  // Every log counts as common: the scan reads the word's matches window by window.
  const queries = createExplorerQueries(db, { commonMatches: 10 });
  let clock = 0;
  const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
  db.function('sidelog_in_budget', { deterministic: false }, () => {
    clock += MS_PER_LOG;
    return 1;
  });
  try {
    const within = 600;
    const page = await queries.logs(
      { appKey: APP, search: parseSearchQuery('order *ayment*') },
      { limit: 100, within },
    );
    expect(page.logs).toEqual([]);
    expect(page.scan?.complete).toBe(false);
    // The windows read 60,000 logs in the 600 ms, then at most a last one the time left held: not 50,000 more.
    expect(clock).toBeGreaterThanOrEqual(within);
    expect(clock).toBeLessThan(within + 1_000 * MS_PER_LOG);
    // How far the page says it read: into the logs, not to their start.
    expect(page.scan!.scannedTo).toBeGreaterThan(START);
  } finally {
    now.mockRestore();
  }
});
