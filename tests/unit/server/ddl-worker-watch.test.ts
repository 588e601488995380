// The throw-away replica's watch on 18.16's DDL worker (scripts/ddl-worker-watch.ts), over an error log written as the
// server writes it, with the clock driven by the test. The lines are the server's own, from a run whose worker stopped.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { watchDdlWorker, type DdlWorkerWatch } from '../../../scripts/ddl-worker-watch.ts';

const STOPPED =
  '2026.12.06 12:53:30.618829 [ 12 ] {e9e7068d} <Error> DDLWorker: Unexpected ZooKeeper error: Code: 999, ' +
  'e.displayText() = Coordination::Exception: Node exists, path: /clickhouse/task_queue/ddl/query-0000000011/shards/' +
  '127.0.0.1:36923,127.0.0.1:42279/executed, e.what() = Coordination::Exception, Stack trace:\n';
const NOT_STOPPED =
  '2026.12.06 12:53:30.559867 [ 3 ] {c139fb99} <Error> DDLWorker: Query ALTER TABLE sidelog.logs_local ADD COLUMN ' +
  "arrival UInt64 wasn't finished successfully: Code: 44, e.displayText() = DB::Exception: Cannot add column " +
  'arrival: column with this name already exists\n';

let dir: string;
let log: string;
let watch: DdlWorkerWatch | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'sidelog-ddl-watch-'));
  log = join(dir, 'error.log');
});
afterEach(async () => {
  await watch?.stop();
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

test('the worker’s last line starts the server again, once; a failed query of the worker does not', async () => {
  const restart = vi.fn(async () => undefined);
  watch = watchDdlWorker(log, restart);
  await vi.advanceTimersByTimeAsync(1_000);
  appendFileSync(log, NOT_STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(restart).not.toHaveBeenCalled();
  appendFileSync(log, STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  await watch.settled();
  expect(restart).toHaveBeenCalledTimes(1);
  expect(watch.restarts()).toBe(1);
  // Started again, the server appends to the same log: only a new last line counts.
  appendFileSync(log, NOT_STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(restart).toHaveBeenCalledTimes(1);
  appendFileSync(log, STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(watch.restarts()).toBe(2);
});

test('a restart under way is not begun again, and one that fails is told to whoever waits', async () => {
  let fail!: (error: Error) => void;
  const restart = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
  watch = watchDdlWorker(log, restart);
  appendFileSync(log, STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  appendFileSync(log, STOPPED);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(restart).toHaveBeenCalledTimes(1);
  const settled = watch.settled();
  fail(new Error('did not start'));
  await expect(settled).rejects.toThrow('did not start');
  expect(watch.restarts()).toBe(0);
});
