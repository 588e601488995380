// The histogram's bucket widths: at most 60 buckets over any range, the narrowest width a person reads at a glance.
import { describe, expect, test } from 'vitest';
import { bucketWidth, MAX_BUCKETS } from '../../../server/explorer/volume.ts';

const T = Date.UTC(2026, 10, 20, 10, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('bucketWidth', () => {
  test.each([
    ['one instant', T, T, 1000],
    ['a minute', T, T + MINUTE - 1, 1000],
    ['an hour', T, T + 60 * MINUTE - 1, MINUTE],
    ['a day', T, T + DAY - 1, 30 * MINUTE],
    ['a week', T, T + 7 * DAY - 1, 3 * 60 * MINUTE],
    ['a year', T, T + 365 * DAY, 7 * DAY],
    ['since 1970', 0, T, 347 * DAY],
  ])('%s', (_, first, last, width) => {
    expect(bucketWidth(first, last)).toBe(width);
    expect(Math.floor(last / width) - Math.floor(first / width) + 1).toBeLessThanOrEqual(MAX_BUCKETS);
  });
});
