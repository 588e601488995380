// A worker for tests/unit/server/clickhouse-host-inserter.test.ts: forked with an IPC channel, it sends its batches to
// the test's process, the host's inserter, through the writer a cluster worker uses (remote-log-writer.ts), and
// answers with what each batch resolved to. argv: session, first log, batches, logs per batch, and, when given, a
// horizon for the primary to number past first (as the board of writers asks it: writer-board.ts), whose answer it
// sends before the batches, as `{ horizon }`.
import type { LogRecord } from '../../protocol/records.types.ts';
import { createRemoteLogWriter } from '../../server/stores/clickhouse/remote-log-writer.ts';

const [session, from, batches, perBatch] = process.argv.slice(2).map(Number) as [number, number, number, number];
const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);
const batch = (first: number): LogRecord[] =>
  Array.from({ length: perBatch }, (_, i) => ({ x: 'x', at: T0 + first + i, t: `log ${first + i}`, ll: 3 }));

const writer = createRemoteLogWriter(process);
const follow = process.argv[6];
if (follow !== undefined) process.send!({ horizon: await writer.primaryHorizon(Number(follow)) });
const results = await Promise.allSettled(
  Array.from({ length: batches }, (_, n) => writer.addLogs('app-1', session, batch(from + n * perBatch))),
);
process.send!(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason))));
process.disconnect();
