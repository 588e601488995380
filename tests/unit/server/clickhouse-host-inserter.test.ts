// One inserter per host (server/stores/clickhouse/host-inserter.ts, docs/clickhouse.md#one-inserter-per-host): two
// worker processes send their batches over IPC to this process, the primary's part, and both workers' batches go in
// one INSERT, counted from system.parts (each INSERT takes the table's next block number). Not by timing: the group's
// window is an hour, and it goes when it holds every row the workers send (maxRows). On the run's 18.16 server.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createHostInserter } from '../../../server/stores/clickhouse/host-inserter.ts';
import { createLogWriter, type LogWriter } from '../../../server/stores/clickhouse/log-writer.ts';
import { openClickHouseLogsOn, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { createTestClickHouse, type TestClickHouse } from './clickhouse-engines.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
let ch: TestClickHouse;
let logs: ClickHouseLogs;
let writer: LogWriter | undefined;
const workers: ChildProcess[] = [];
beforeEach(async () => {
  ch = await createTestClickHouse('server');
  // The tables, as the workers' own stores make them before they send a batch.
  logs = await openClickHouseLogsOn(ch.client, ch.database);
});
afterEach(async () => {
  for (const worker of workers.splice(0)) if (worker.exitCode === null) worker.kill();
  await writer?.drain();
  await logs.close();
  await ch.drop();
});

const rows = <T>(query: string) => rowsOf<T>(ch.client, query);

/** A worker process sending `batches` batches of `perBatch` logs of `session`, from log `from` on: what each resolved to;
 * with `follow`, first the horizon its primary answered when asked to number past it. */
function worker(
  answer: ReturnType<typeof createHostInserter>,
  session: number,
  from: number,
  batches: number,
  perBatch: number,
  follow?: number,
) {
  const args = [session, from, batches, perBatch, ...(follow === undefined ? [] : [follow])].map(String);
  const child = fork(resolve(ROOT, 'tests/support/insert-worker.ts'), args, {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    // As the cluster's primary sets it up (server/processes.ts).
    serialization: 'advanced',
  });
  workers.push(child);
  let horizon!: (value: number) => void;
  const answered = new Promise<number>((done) => (horizon = done));
  const results = new Promise<unknown>((done) =>
    child.on('message', (message) => {
      if (Array.isArray(message)) done(message);
      else if (typeof (message as { horizon?: unknown }).horizon === 'number')
        horizon((message as { horizon: number }).horizon);
      else void answer(message, (reply) => child.send(reply));
    }),
  );
  return { child, results, horizon: answered };
}

test("two workers' batches go in one INSERT, and a resend through the other counts once", async () => {
  // Worker A: session 1, 3 batches of 100; worker B: session 2, 2 batches of 100, and A's first batch again.
  const sent = 3 * 100 + 2 * 100 + 100;
  writer = createLogWriter(ch.client, ch.database, { windowMs: 3_600_000, maxRows: sent });
  const answer = createHostInserter(async () => writer!);
  const a = worker(answer, 1, 0, 3, 100);
  const b = worker(answer, 2, 0, 2, 100);
  const resend = worker(answer, 1, 0, 1, 100);
  const results = await Promise.all([a.results, b.results, resend.results]);

  // One of the two copies of A's first batch is counted, whichever the group held first.
  expect(results.flat().sort()).toEqual([0, 100, 100, 100, 100, 100]);
  expect(
    await rows(`SELECT count() AS n, uniqExact(session_id, at, content_hash) AS distinct FROM ${ch.database}.logs`),
  ).toEqual([{ n: 500, distinct: 500 }]);
  expect(
    await rows(`SELECT max(max_block_number) AS inserts FROM system.parts
      WHERE database = '${ch.database}' AND table = 'logs' AND active`),
  ).toEqual([{ inserts: 1 }]);
  await Promise.all(workers.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
});

test("a worker asks its primary's horizon for the board of writers: the primary numbers past the highest it is given", async () => {
  writer = createLogWriter(ch.client, ch.database, { windowMs: 0 });
  const answer = createHostInserter(async () => writer!);
  // Another host's horizon, a minute past this one's clock.
  const ahead = (Date.now() + 60_000) * 1000;
  const a = worker(answer, 3, 0, 1, 10, ahead);
  expect(await a.horizon).toBeGreaterThanOrEqual(ahead);
  expect(await a.results).toEqual([10]);
  expect(await rows(`SELECT min(arrival) > ${ahead} AS past FROM ${ch.database}.logs WHERE session_id = 3`)).toEqual([
    { past: 1 },
  ]);
  await Promise.all(workers.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
});
