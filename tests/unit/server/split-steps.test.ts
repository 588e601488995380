// A split by a field reads the view newest first in steps, each one GROUP BY (server/stores/split-budget.ts), until
// its budget of logs or its time is spent, and says how far it read. Pure logic over a view held in memory, the time a
// fake clock the view moves as it is read; both stores' reads are tested in field-counts.test.ts.
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { LogCursor } from '../../../server/stores/explorer-queries.types.ts';
import { runSplit, runSplitAsync } from '../../../server/stores/split-budget.ts';

/** A view of `count` logs, newest first, one a millisecond, each of value `v<id % 2>`; reading a log takes `msPerLog`. */
function view(count: number, msPerLog: number) {
  const asked: number[] = [];
  const step = (after: LogCursor | undefined, take: number) => {
    asked.push(take);
    vi.advanceTimersByTime(take * msPerLog);
    const top = after ? after.id - 1 : count;
    const ids = Array.from({ length: Math.max(0, Math.min(take, top)) }, (_, i) => top - i);
    const counts = [0, 1]
      .map((odd) => ({ bucket: 0, value: `v${odd}`, n: ids.filter((id) => id % 2 === odd).length }))
      .filter((row) => row.n > 0);
    const oldest = ids.at(-1);
    return { counts, read: ids.length, last: oldest === undefined ? undefined : { at: oldest, id: oldest } };
  };
  return { asked, step };
}

describe('a split in steps', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  afterAll(() => vi.useRealTimers());

  test('a small view is read whole, exact, and says nothing of a budget', async () => {
    const small = view(3_000, 0);
    expect(runSplit(100_000, Infinity, small.step)).toEqual({
      rows: [
        { bucket: 0, value: 'v0', n: 1_500 },
        { bucket: 0, value: 'v1', n: 1_500 },
      ],
    });
    expect(small.asked).toEqual([2_000, 4_000]);
    const same = view(3_000, 0);
    expect(await runSplitAsync(100_000, Infinity, async (after, take) => same.step(after, take))).toEqual(
      runSplit(100_000, Infinity, view(3_000, 0).step),
    );
  });

  test('past its budget of logs it stops, and says how far back it counted', () => {
    const large = view(1_000_000, 0);
    const answer = runSplit(100_000, Infinity, large.step);
    expect(large.asked).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 38_000]);
    expect(answer.scan).toEqual({ scanned: 100_000, scannedTo: 900_001, complete: false });
    expect(answer.rows.reduce((sum, row) => sum + row.n, 0)).toBe(100_000);
  });

  test('by its deadline it stops: the last step takes what the time left holds at the pace so far', () => {
    // 0.05 ms a log: 2,000 and 4,000 logs take 300 ms, and the 100 left of 400 hold 2,000 more, not 8,000.
    const slow = view(1_000_000, 0.05);
    const answer = runSplit(100_000, performance.now() + 400, slow.step);
    expect(slow.asked).toEqual([2_000, 4_000, 2_000]);
    expect(answer.scan).toEqual({ scanned: 8_000, scannedTo: 992_001, complete: false });
  });
});
