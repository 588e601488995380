// A log's place in arrival order on ClickHouse (docs/clickhouse.md#arrival-order): log ids are hashes of the dedupe
// key, not a sequence, so the forwarder's cursor and the live tail page by `arrival` instead. Each process numbers
// the rows it writes from its clock, 1,000 numbers a millisecond (ms × 1000 + n, exact in a double until the year
// 2255), always above its last number: a group's rows take consecutive numbers as its write begins. A number is
// unique within one process; two processes may give the same one, so readers page by it with its ties.
//
// The horizon is the number up to which every row is visible or never will be: what a reader may move its position
// to without stepping over a row still being written.
// - for this process's own writes (`ownHorizon`): just below the group being written, else its last number or the
//   clock's. Exact when this process is the only writer of the database;
// - for writers this process cannot see (`sharedHorizon`): the clock less REQUEST_TIMEOUT_MS and a second, since a
//   write takes its numbers from its clock when it begins and fails (503) once that long has passed without an answer.
//   Exact across processes and hosts whose clocks agree within that second.
import { REQUEST_TIMEOUT_MS } from './client.ts';
import { sqlInteger } from './sql-literal.ts';

/** Arrival numbers per millisecond: a group of GROUP_MAX_ROWS (50,000) takes 50 ms of them. */
export const ARRIVALS_PER_MS = 1000;
/** The shared horizon's lag behind the clock: a write's longest wait for its answer, and a second for clocks. */
export const SHARED_HORIZON_LAG_MS = REQUEST_TIMEOUT_MS + 1000;

/** The partitions that may hold rows past `position`: `received`, the partition key, is a group's first number's second,
 * and a group begun in the second before it may hold numbers past it. */
export const receivedAfter = (position: number) =>
  `received >= toDateTime(${sqlInteger(Math.max(0, Math.floor(position / ARRIVALS_PER_MS / 1000) - 1))})`;

export interface ArrivalClock {
  /** Numbers for a group of `count` rows about to be written: the first; the rest follow it. */
  begin(count: number): number;
  /** The group begun at `first` is written, or (`failed`) may yet land: its numbers are held back until
   * SHARED_HORIZON_LAG_MS has passed. */
  end(first: number, failed: boolean): void;
  /** Numbers after `number` only: the last one another process of this database gave (a restart's predecessor may have
   * numbered past its clock). */
  follow(number: number): void;
  ownHorizon(): number;
  sharedHorizon(): number;
}

export function createArrivalClock(now: () => number = Date.now): ArrivalClock {
  const clock = () => Math.floor(now()) * ARRIVALS_PER_MS;
  let last = 0;
  let writing: number | undefined;
  /** A failed write's first number, held until its answer could no longer come. */
  let doubt: { first: number; until: number } | undefined;
  return {
    begin(count) {
      const first = Math.max(clock(), last + 1);
      last = first + Math.max(count, 1) - 1;
      writing = first;
      return first;
    },
    end(first, failed) {
      if (writing === first) writing = undefined;
      if (failed && !doubt) doubt = { first, until: now() + SHARED_HORIZON_LAG_MS };
    },
    follow(number) {
      last = Math.max(last, number);
    },
    ownHorizon() {
      if (doubt && now() >= doubt.until) doubt = undefined;
      const held = Math.min(writing ?? Infinity, doubt?.first ?? Infinity);
      return held === Infinity ? Math.max(last, clock() - 1) : held - 1;
    },
    sharedHorizon: () => Math.max(0, clock() - SHARED_HORIZON_LAG_MS * ARRIVALS_PER_MS),
  };
}
