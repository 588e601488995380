// The scan for a fragment is written once (server/stores/fragment-scan.ts) and answered by each store, SQLite at once
// and PostgreSQL with promises (docs/local-service.md#the-explorers-queries-by-view): its steps, where it stops and
// what it answers are the same either way. Pure logic over a view held in memory; both stores' reads are tested in
// fragment-scan.test.ts.
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { ExplorerLog, LogCursor } from '../../../server/stores/explorer-queries.types.ts';
import {
  fragmentPagePlan,
  runScan,
  runScanAsync,
  scanCountPlan,
  scanVolumePlan,
  stepOf,
  type ScanReader,
} from '../../../server/stores/fragment-scan.ts';

/** A view of `count` logs, newest first, one a millisecond; those whose id `matches` are the fragment's. A step tests
 * the logs it reads, so only the matches are read whole; reading a log takes `msPerLog` of the (fake) clock. */
function view(count: number, matches: (id: number) => boolean, msPerLog = 0) {
  const logs = Array.from({ length: count }, (_, i) => ({ id: count - i, at: count - i }));
  const asked: number[] = [];
  const readWhole: number[] = [];
  const step = (after: LogCursor | undefined, take: number) => {
    asked.push(take);
    vi.advanceTimersByTime(take * msPerLog);
    return stepOf(
      logs
        .filter((log) => !after || log.id < after.id)
        .slice(0, take)
        .map((log) => ({ ...log, hit: matches(log.id) })),
    );
  };
  const matching = (ids: number[]) => {
    readWhole.push(...ids);
    // Read whole as a histogram reads them too: its time and level (Debug).
    return ids.map((id) => ({ id, at: id, level: 0 }) as unknown as ExplorerLog);
  };
  const sync: ScanReader<'sync'> = { step, matching };
  const promised: ScanReader<'async'> = {
    step: async (after, take) => step(after, take),
    matching: async (ids) => matching(ids),
  };
  return { asked, readWhole, sync, promised };
}

describe('the scan for a fragment', () => {
  // The scan reads performance.now(): a fake clock, moved by the view as it is read.
  vi.useFakeTimers({ toFake: ['performance'] });
  afterAll(() => vi.useRealTimers());

  test('a page of 100 asks for 500 logs, then twice as many each step, to the budget; the same at once or with promises', async () => {
    const atOnce = view(10_000, (id) => id === 3);
    const withPromises = view(10_000, (id) => id === 3);
    const options = { limit: 100, scanRows: 4_000 };
    const page = runScan(fragmentPagePlan(options, 'l.id'), atOnce.sync);
    const same = await runScanAsync(fragmentPagePlan(options, 'l.id'), withPromises.promised);
    expect(atOnce.asked).toEqual([500, 1_000, 2_000, 500]);
    expect(withPromises.asked).toEqual(atOnce.asked);
    // Past the budget: nothing found yet, and the page goes on from the last log read.
    expect(page).toEqual({ logs: [], next: '6001_6001', scan: { scanned: 4_000, scannedTo: 6001, complete: false } });
    expect(same).toEqual(page);
  });

  test('the view read to its oldest log is complete, and its matches are the page', () => {
    const small = view(1_200, (id) => id % 400 === 0);
    const page = runScan(fragmentPagePlan({ limit: 100 }, 'l.id'), small.sync);
    expect(small.asked).toEqual([500, 1_000]);
    expect(page.logs.map((log) => log.id)).toEqual([1_200, 800, 400]);
    expect(small.readWhole).toEqual([1_200, 800, 400]);
    expect(page.next).toBeNull();
    expect(page.scan).toEqual({ scanned: 1_200, scannedTo: 1, complete: true });
  });

  test('a count stops once it has more than its cap, and says it read all it needed', () => {
    const many = view(200_000, () => true);
    const counted = runScan(scanCountPlan(10_000), many.sync);
    expect(many.asked).toEqual([2_000, 4_000, 8_000]);
    expect(counted.count).toBe(14_000);
    expect(counted.scan.complete).toBe(true);
  });

  test('a deadline ends the scan on time: past 10,000 logs a step, the next takes what the time left holds at the pace so far', () => {
    // 0.01 ms a log: steps of 500 to 16,000 take 315 ms, then 32,000 takes 320, and the 365 left of the second hold
    // 36,500 logs at that pace, not 50,000.
    const slow = view(200_000, () => false, 0.01);
    const page = runScan(fragmentPagePlan({ limit: 100, within: 1_000 }, 'l.id'), slow.sync);
    expect(slow.asked).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 36_500]);
    expect(page.scan).toEqual({ scanned: 100_000, scannedTo: 100_001, complete: false });
  });

  test('a count and a histogram read for 300 ms: paced from their first step of 2,000, they say how far back they counted', async () => {
    // 0.01 ms a log: 2,000 take 20 ms, 4,000 40, 8,000 80, 16,000 160 (300 in all); then the deadline has passed.
    const slow = view(200_000, (id) => id % 10 === 0, 0.01);
    const counted = runScan(scanCountPlan(100_000), slow.sync);
    expect(slow.asked).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(counted).toEqual({ count: 3_000, scan: { scanned: 30_000, scannedTo: 170_001, complete: false } });
    // 0.02 ms a log: 2,000 take 40 ms, 4,000 80, 8,000 160; the 20 left hold 1,000 logs at that pace.
    const slower = view(200_000, (id) => id % 10 === 0, 0.02);
    const volume = await runScanAsync(scanVolumePlan(1_000_000), slower.promised);
    expect(slower.asked).toEqual([2_000, 4_000, 8_000, 1_000]);
    expect(volume.rows).toEqual([{ bucket: 0, level: 0, n: 1_500 }]);
    expect(volume.scan).toEqual({ scanned: 15_000, scannedTo: 185_001, complete: false });
  });

  test("a store's smaller step bounds every step, the first too", () => {
    const words = view(20_000, () => false);
    runScan({ ...fragmentPagePlan({ limit: 100, scanRows: 15_000 }, 'l.id'), maxStep: 4_000 }, words.sync);
    expect(words.asked).toEqual([500, 1_000, 2_000, 4_000, 4_000, 3_500]);
    const small = view(20_000, () => false);
    runScan({ ...fragmentPagePlan({ limit: 1_000, scanRows: 3_000 }, 'l.id'), maxStep: 1_000 }, small.sync);
    expect(small.asked).toEqual([1_000, 1_000, 1_000]);
  });
});
