// Arrival order on ClickHouse (server/stores/clickhouse/arrival.ts, docs/clickhouse.md#arrival-order): the numbers a
// process gives the rows it writes, and the horizons the live tail and the forwarder read up to. The clock is the
// test's.
import { describe, expect, test } from 'vitest';
import { createArrivalClock, SHARED_HORIZON_LAG_MS } from '../../../server/stores/clickhouse/arrival.ts';

const T = Date.UTC(2026, 10, 5, 12);

describe('arrival numbers', () => {
  test('the clock in ms × 1000, consecutive within a group, always above the last', () => {
    let now = T;
    const clock = createArrivalClock(() => now);
    expect(clock.begin(3)).toBe(1793880000000000);
    clock.end(1793880000000000, false);
    // The same millisecond: after the last number, not the clock's.
    expect(clock.begin(2)).toBe(1793880000000003);
    clock.end(1793880000000003, false);
    now += 1;
    expect(clock.begin(1)).toBe(1793880000001000);
  });

  test('a restarted process numbers after its predecessor, whose numbers ran past the clock', () => {
    const clock = createArrivalClock(() => T);
    clock.follow(1793880000050000);
    expect(clock.begin(1)).toBe(1793880000050001);
  });
});

describe('the horizons', () => {
  test("this process's own: just below the group being written, then its last number or the clock", () => {
    let now = T;
    const clock = createArrivalClock(() => now);
    expect(clock.ownHorizon()).toBe(T * 1000 - 1);
    const first = clock.begin(5);
    expect(clock.ownHorizon()).toBe(first - 1);
    now += 5;
    expect(clock.ownHorizon()).toBe(first - 1);
    clock.end(first, false);
    expect(clock.ownHorizon()).toBe((T + 5) * 1000 - 1);
  });

  test('a failed write, which may yet land, holds it back until its answer could no longer come', () => {
    let now = T;
    const clock = createArrivalClock(() => now);
    const first = clock.begin(5);
    clock.end(first, true);
    now += SHARED_HORIZON_LAG_MS - 1;
    expect(clock.ownHorizon()).toBe(first - 1);
    now += 1;
    expect(clock.ownHorizon()).toBe(now * 1000 - 1);
  });

  test('the shared one is the clock less a write’s longest wait and a second', () => {
    let now = T;
    const clock = createArrivalClock(() => now);
    expect(SHARED_HORIZON_LAG_MS).toBe(11_000);
    expect(clock.sharedHorizon()).toBe((T - 11_000) * 1000);
    now += 1000;
    expect(clock.sharedHorizon()).toBe((T - 10_000) * 1000);
  });
});
