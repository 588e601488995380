// The ClickHouse writer's group commit (server/stores/clickhouse/group-commit.ts), driven by a fake clock: batches
// arriving within the window, or during a write, go in one write; each caller learns its own batch's answer.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { groupCommit } from '../../../server/stores/clickhouse/group-commit.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const refuse = () => new Error('busy');
const OPTIONS = { rows: (batch: number[]) => batch.length, windowMs: 20, maxRows: 100, maxPendingRows: 1000, refuse };

/** A write that records its groups and waits to be told to finish. */
function recordingWrite() {
  const groups: number[][][] = [];
  const finish: ((fail?: Error) => void)[] = [];
  const write = (batches: number[][]) => {
    groups.push(batches);
    return new Promise<number[]>((resolve, reject) =>
      finish.push((fail) => (fail ? reject(fail) : resolve(batches.map((batch) => batch.length)))),
    );
  };
  return { groups, finish, write };
}

test('batches arriving within the window go in one write, and each caller gets its own answer', async () => {
  const { groups, finish, write } = recordingWrite();
  const commit = groupCommit(write, OPTIONS);
  const first = commit.submit([1, 2]);
  await vi.advanceTimersByTimeAsync(10);
  const second = commit.submit([3]);
  expect(groups).toEqual([]);
  await vi.advanceTimersByTimeAsync(10);
  expect(groups).toEqual([[[1, 2], [3]]]);
  finish[0]!();
  expect(await Promise.all([first, second])).toEqual([2, 1]);
});

test('batches arriving during a write go in the next write, at once when it ends', async () => {
  const { groups, finish, write } = recordingWrite();
  const commit = groupCommit(write, OPTIONS);
  const first = commit.submit([1]);
  await vi.advanceTimersByTimeAsync(20);
  const second = commit.submit([2]);
  const third = commit.submit([3, 4]);
  await vi.advanceTimersByTimeAsync(100);
  expect(groups).toEqual([[[1]]]);
  finish[0]!();
  await first;
  await vi.advanceTimersByTimeAsync(0);
  expect(groups).toEqual([[[1]], [[2], [3, 4]]]);
  finish[1]!();
  expect(await Promise.all([second, third])).toEqual([1, 2]);
});

test('a group as large as maxRows is written without waiting out the window', async () => {
  const { groups, write } = recordingWrite();
  const commit = groupCommit(write, { ...OPTIONS, maxRows: 3 });
  void commit.submit([1, 2]);
  void commit.submit([3]);
  await vi.advanceTimersByTimeAsync(0);
  expect(groups).toEqual([[[1, 2], [3]]]);
});

test('a failed write fails every batch of its group, and the next group is written', async () => {
  const { groups, finish, write } = recordingWrite();
  const commit = groupCommit(write, OPTIONS);
  const first = commit.submit([1]);
  const second = commit.submit([2]);
  await vi.advanceTimersByTimeAsync(20);
  const third = commit.submit([3]);
  finish[0]!(new Error('ClickHouse went away'));
  await expect(first).rejects.toThrow('ClickHouse went away');
  await expect(second).rejects.toThrow('ClickHouse went away');
  await vi.advanceTimersByTimeAsync(0);
  expect(groups[1]).toEqual([[3]]);
  finish[1]!();
  expect(await third).toBe(1);
});

test('past maxPendingRows waiting, a batch is refused at once and the waiting ones are kept', async () => {
  const { groups, finish, write } = recordingWrite();
  const commit = groupCommit(write, { ...OPTIONS, maxPendingRows: 3 });
  const kept = commit.submit([1, 2]);
  await expect(commit.submit([3, 4])).rejects.toThrow('busy');
  await vi.advanceTimersByTimeAsync(20);
  expect(groups).toEqual([[[1, 2]]]);
  finish[0]!();
  expect(await kept).toBe(2);
});

test('drain writes what waits without waiting out the window', async () => {
  const { groups, finish, write } = recordingWrite();
  const commit = groupCommit(write, OPTIONS);
  const batch = commit.submit([1]);
  const drained = commit.drain();
  await vi.advanceTimersByTimeAsync(0);
  expect(groups).toEqual([[[1]]]);
  finish[0]!();
  await drained;
  expect(await batch).toBe(1);
});
