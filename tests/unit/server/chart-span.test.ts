// A chart's span (docs/volume-and-counts.md#a-wrong-clock): a view that names no range is drawn from its first to its
// last log, but logs a wrong clock dated (before 2000, more than a day past the service's clock) are left out and
// named, while the view holds logs dated between. The store's timeSpan here is the contract's over a list of times.
import { describe, expect, test } from 'vitest';
import { CHART_AHEAD_MS, CHART_FROM, chartSpan } from '../../../server/explorer/chart-span.ts';
import type { LogFilter } from '../../../server/stores/explorer-queries.types.ts';

const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const TODAY = [NOW - 3_600_000, NOW - 60_000, NOW];

/** A store holding logs at `times`, and how many times its span was asked. */
function storeOf(times: number[]) {
  let asked = 0;
  return {
    get asked() {
      return asked;
    },
    async timeSpan(filter: LogFilter) {
      asked++;
      const held = times.filter((at) => (filter.from ?? -Infinity) <= at && at < (filter.to ?? Infinity));
      return held.length ? { first: Math.min(...held), last: Math.max(...held) } : undefined;
    },
  };
}
const view = (range: Partial<LogFilter> = {}): LogFilter => ({ appKey: 'app', ...range });

describe('chartSpan', () => {
  test('a view whose logs are all dated plausibly spans its first and last, asking the store once', async () => {
    const store = storeOf(TODAY);
    expect(await chartSpan(store, view(), NOW)).toEqual({ first: NOW - 3_600_000, last: NOW });
    expect(store.asked).toBe(1);
  });

  test('a log of 1970 and one of next year are left out, named by their times', async () => {
    const store = storeOf([0, -1, ...TODAY, NOW + 365 * DAY]);
    expect(await chartSpan(store, view(), NOW)).toEqual({
      first: NOW - 3_600_000,
      last: NOW,
      leftOut: { before: -1, after: NOW + 365 * DAY },
    });
  });

  test('the bounds: 2000-01-01 itself and a day ahead itself are drawn', async () => {
    const store = storeOf([CHART_FROM - 1, CHART_FROM, NOW, NOW + CHART_AHEAD_MS, NOW + CHART_AHEAD_MS + 1]);
    expect(await chartSpan(store, view(), NOW)).toEqual({
      first: CHART_FROM,
      last: NOW + CHART_AHEAD_MS,
      leftOut: { before: CHART_FROM - 1, after: NOW + CHART_AHEAD_MS + 1 },
    });
  });

  test('an end the view names is drawn as named, whatever its logs are dated', async () => {
    const store = storeOf([0, ...TODAY, NOW + 365 * DAY]);
    expect(await chartSpan(store, view({ from: 0 }), NOW)).toEqual({
      first: 0,
      last: NOW,
      leftOut: { after: NOW + 365 * DAY },
    });
    expect(await chartSpan(store, view({ to: NOW + 400 * DAY }), NOW)).toEqual({
      first: NOW - 3_600_000,
      last: NOW + 400 * DAY - 1,
      leftOut: { before: 0 },
    });
  });

  test('a view all of whose logs a wrong clock dated (a client sending seconds) spans them all', async () => {
    const seconds = TODAY.map((at) => Math.floor(at / 1000));
    expect(await chartSpan(storeOf(seconds), view(), NOW)).toEqual({ first: seconds[0], last: seconds[2] });
  });

  test('a view with no log has no span', async () => {
    expect(await chartSpan(storeOf([]), view(), NOW)).toBeUndefined();
  });
});
