// A batch's counts owed to SIDELOG_DB when it failed (server/stores/clickhouse/batch-counts.ts): written ahead of the
// next batch's, in order, each once, and once more as the store closes. Pure logic: SIDELOG_DB is a list here, failing when told to.
import { expect, test } from 'vitest';
import { createBatchCounting } from '../../../server/stores/clickhouse/batch-counts.ts';
import type { StoredCounts } from '../../../server/stores/store.types.ts';

const batch = (stored: number): StoredCounts => ({ sent: stored, stored, first_at: 1, last_at: 2, levels: [stored] });

test('counts SIDELOG_DB refused are written before the next batch’s, each once', async () => {
  const written: number[] = [];
  let failing = true;
  const { count } = createBatchCounting({
    async countLogs(_app, _session, counts) {
      if (failing) throw new Error('SIDELOG_DB is away');
      written.push(counts.stored);
    },
  });
  await expect(count('app', 1, batch(5))).rejects.toThrow('away');
  await expect(count('app', 1, batch(6))).rejects.toThrow('away');
  expect(written).toEqual([]);
  failing = false;
  // Two batches at once: the owed counts go with one of them, not both.
  await Promise.all([count('app', 1, batch(7)), count('app', 2, batch(8))]);
  expect(written.sort((a, b) => a - b)).toEqual([5, 6, 7, 8]);
  await count('app', 1, batch(9));
  expect(written).toHaveLength(5);
});

test('counts still owed are written as the store closes, and those SIDELOG_DB still refuses are told', async () => {
  const written: number[] = [];
  let failing = true;
  const counting = createBatchCounting({
    async countLogs(_app, _session, counts) {
      if (failing) throw new Error('SIDELOG_DB is away');
      written.push(counts.stored);
    },
  });
  await expect(counting.count('app', 1, batch(5))).rejects.toThrow('away');
  await expect(counting.count('app', 1, batch(6))).rejects.toThrow('away');
  // Still away at the close: both owed, in their order, for a later settle.
  expect(await counting.settle()).toBe(2);
  failing = false;
  expect(await counting.settle()).toBe(0);
  expect(written).toEqual([5, 6]);
  expect(await counting.settle()).toBe(0);
  expect(written).toEqual([5, 6]);
});
