// How the explorer writes times (explorer/format.ts): one format, in the viewer's zone or UTC, and a relative time that
// never reads as the future.
import { describe, expect, test } from 'vitest';
import {
  absoluteTime,
  arrivedApart,
  countOf,
  durationText,
  fromLocalInput,
  isTimeInput,
  relativeTime,
  toLocalInput,
} from '../../../explorer/format.ts';

const T = Date.UTC(2026, 10, 23, 17, 5, 9, 123);

describe('absolute times', () => {
  test('in UTC, and from an ISO string the same', () => {
    expect(absoluteTime(T, 'utc')).toBe('2026-11-23 17:05:09.123');
    expect(absoluteTime(new Date(T).toISOString(), 'utc')).toBe('2026-11-23 17:05:09.123');
  });

  test('a From or To field shows the one format, to the second, and reads it back as the same moment', () => {
    expect(toLocalInput(new Date(T).toISOString(), 'utc')).toBe('2026-11-23 17:05:09');
    expect(fromLocalInput('2026-11-23 17:05:09', 'utc')).toBe('2026-11-23T17:05:09.000Z');
    expect(fromLocalInput('2026-11-23 17:05:09.123', 'utc')).toBe('2026-11-23T17:05:09.123Z');
    expect(fromLocalInput(' 2026-11-23 17:05 ', 'utc')).toBe('2026-11-23T17:05:00.000Z');
    // The ISO form a link or a paste may carry, too.
    expect(fromLocalInput('2026-11-23T17:05:09', 'utc')).toBe('2026-11-23T17:05:09.000Z');
  });

  test('a value not in the format, or no such day, is no time (the field says so rather than dropping it)', () => {
    for (const value of ['12/03/2026, 05:00:00 PM', '2026-11-23', '2026-02-30 10:00:00', '2026-11-23 25:00:00'])
      expect(isTimeInput(value), value).toBe(false);
    expect(isTimeInput('')).toBe(true);
    expect(isTimeInput('2026-11-23 17:05:09')).toBe(true);
  });
});

describe('relative times', () => {
  test('the past reads as the past', () => {
    expect(relativeTime(T - 3 * 60_000, T)).toBe('3 minutes ago');
  });

  test('a time after the page\'s clock reads "now", never "in 3 seconds"', () => {
    expect(relativeTime(T + 3_000, T)).toBe('now');
    expect(relativeTime(T + 14_000, T)).toBe('now');
  });
});

describe('durations', () => {
  test.each([
    [0, '0 ms'],
    [450, '450 ms'],
    [5_000, '5 s'],
    [65_400, '1 min 5 s'],
    [3_600_000 + 2_000, '1 h 0 min 2 s'],
    [27 * 3_600_000, '27 h 0 min 0 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });
});

describe('counts in words', () => {
  test('one of a thing is singular, any other count plural, with thousands separated', () => {
    expect(countOf(1, 'occurrence')).toBe('1 occurrence');
    expect(countOf(0, 'occurrence')).toBe('0 occurrences');
    expect(countOf(1273, 'line')).toBe('1,273 lines');
    expect(countOf(2, 'match', 'matches')).toBe('2 matches');
  });
});

describe('event time first', () => {
  test('arrival is shown apart only where it differs from the logs’ own time by more than a minute', () => {
    expect(arrivedApart(T, new Date(T + 60_000).toISOString())).toBe(false);
    expect(arrivedApart(T, new Date(T - 60_000).toISOString())).toBe(false);
    expect(arrivedApart(T, new Date(T + 60_001).toISOString())).toBe(true);
    expect(arrivedApart(T, new Date(T + 3 * 86_400_000).toISOString())).toBe(true);
  });
});
