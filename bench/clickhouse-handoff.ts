// `tsx bench/clickhouse-handoff.ts`: what the hand-off from a worker to the host's inserter costs
// (docs/clickhouse.md#one-inserter-per-host), without ClickHouse: a forked worker prepares batches of 500 logs as the
// collector's do (bench/collector/ingest.ts) and sends each over the IPC channel; this process, the primary, answers
// each as the inserter does. CPU per 1,000 logs of each side, from process.cpuUsage(), for structured clone (what
// server/processes.ts sets) and for Node's default JSON; and, for comparison, the preparing itself. Single runs.
import { fork } from 'node:child_process';
import { batchLogs, BATCH } from './collector/ingest.ts';
import { prepareBatch, type PreparedBatch } from '../server/stores/clickhouse/log-rows.ts';
import { noneStored } from '../server/stores/clickhouse/log-writer.ts';

const BATCHES = 400;
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

if (process.argv[2] === 'worker') {
  // The worker: prepare every batch first (its CPU apart), then send them all and wait for every answer.
  const batches: PreparedBatch[] = [];
  const logs = Array.from({ length: BATCHES }, (_, n) => batchLogs(n % 8, n));
  const prepareStart = process.cpuUsage();
  for (let n = 0; n < BATCHES; n++) batches.push(prepareBatch('app-1', n % 8, logs[n]!));
  const prepared = cpuMs(process.cpuUsage(prepareStart));
  const sendStart = process.cpuUsage();
  let answered = 0;
  await new Promise<void>((done) => {
    process.on('message', () => {
      if (++answered === BATCHES) done();
    });
    for (let n = 0; n < BATCHES; n++) process.send!({ type: 'sidelog:insert-logs', id: n, batch: batches[n] });
  });
  process.send!({ prepared, sent: cpuMs(process.cpuUsage(sendStart)) });
  process.disconnect();
} else {
  const thousands = (BATCHES * BATCH) / 1000;
  console.log(`${BATCHES} batches of ${BATCH} logs; CPU ms per 1,000 logs\n`);
  console.log('| channel | worker: prepare | worker: send and read answers | primary: read and answer |');
  console.log('|---|--:|--:|--:|');
  for (const serialization of ['advanced', 'json'] as const) {
    const worker = fork(import.meta.filename, ['worker'], { execArgv: ['--import', 'tsx'], serialization });
    let primaryStart: NodeJS.CpuUsage | undefined;
    const result = await new Promise<{ prepared: number; sent: number; primary: number }>((done) =>
      worker.on('message', (message: { id?: number; batch?: PreparedBatch; prepared?: number; sent?: number }) => {
        if (message.batch) {
          primaryStart ??= process.cpuUsage();
          worker.send({ type: 'sidelog:inserted-logs', id: message.id, counts: noneStored(message.batch.at.length) });
        } else
          done({ prepared: message.prepared!, sent: message.sent!, primary: cpuMs(process.cpuUsage(primaryStart)) });
      }),
    );
    const per = (ms: number) => (ms / thousands).toFixed(2);
    console.log(`| ${serialization} | ${per(result.prepared)} | ${per(result.sent)} | ${per(result.primary)} |`);
  }
}
