// The windows a view's newest logs are read in on ClickHouse (server/stores/clickhouse/time-windows.ts), as
// docs/clickhouse.md#time-windows gives them: the ClickHouse queries are stood in for by what each window holds, so
// the windows chosen are what is checked here (clickhouse-reads.test.ts checks the answers against a real server).
import { describe, expect, test } from 'vitest';
import { walkNewestFirst, windowSql } from '../../../server/stores/clickhouse/time-windows.ts';

const MINUTE = 60_000;
/** 12:00 UTC, 20 November 2026: the view's top. */
const TOP = Date.UTC(2026, 10, 20, 12);
const at = (minutes: number) => TOP - minutes * MINUTE;

/** The windows read for `want` logs, when each holds what `held` says, in a view from `bottom` if given; the probes of
 * the app (none here) refused. */
async function windows(want: number, held: number[], bottom?: number): Promise<string[]> {
  const read: string[] = [];
  const rows = async () => {
    throw new Error('no probe expected');
  };
  const view = { where: "app = 'a'", appKey: 'a', top: TOP, ...(bottom !== undefined && { bottom }) };
  await walkNewestFirst(rows, 'logs', view, want, async (window) => {
    read.push(window);
    return held[read.length - 1] ?? 0;
  });
  return read;
}

describe('time windows, newest first', () => {
  test('a first page of an app logging 16 a second: the 15 minutes below the top, and after it', async () => {
    expect(await windows(101, [14_400])).toEqual([windowSql(at(15), undefined)]);
  });

  test("the facets' 50,000th newest: a window reaching back 6.9 times as far, sized by the first", async () => {
    // 14,400 of 50,000 in 15 minutes: twice the rest at that rate, 15 minutes × 2 × 50,000 / 14,400 back from the top.
    expect(await windows(50_000, [14_400, 86_000])).toEqual([
      windowSql(at(15), undefined),
      windowSql(at(15 * ((2 * 50_000) / 14_400)), at(15)),
    ]);
  });

  test('a view too rare to fill its page: twice as far as the page lies at its rate, at most 64 times, then everything older', async () => {
    expect(await windows(1_000, [1, 1, 1, 1, 1, 1])).toEqual([
      windowSql(at(15), undefined),
      windowSql(at(15 * 64), at(15)),
      windowSql(at(15 * 64 * 64), at(15 * 64)),
      windowSql(at(15 * 64 ** 3), at(15 * 64 * 64)),
      windowSql(at(15 * 64 ** 4), at(15 * 64 ** 3)),
      windowSql(undefined, at(15 * 64 ** 4)),
    ]);
    expect(await windows(4, [2, 1, 1])).toEqual([
      windowSql(at(15), undefined),
      windowSql(at(15 * 4), at(15)),
      windowSql(at(15 * 4 * ((2 * 4) / 3)), at(15 * 4)),
    ]);
  });

  test('a view from a time: the window that reaches it reads the rest, and nothing older is looked for', async () => {
    // A patterns slice of 10 minutes that holds none of the app's logs: one read, no probe of the app's older logs.
    expect(await windows(100, [0], at(10))).toEqual([windowSql(undefined, undefined)]);
    // From 20 minutes back, rare: the 15 minutes below the top, then the 5 left, which the view's `from` ends.
    expect(await windows(100, [1, 1], at(20))).toEqual([windowSql(at(15), undefined), windowSql(undefined, at(15))]);
  });
});
