// The steps of a log batch's way through a collector worker with its logs in ClickHouse
// (docs/clickhouse.md#two-processes-ingest), each timed apart in this process on the bench's own batches of 500
// (bench/collector/ingest.ts): the body parsed, checked, prepared for the host's inserter (the rows as JSON lines,
// their hashes and ids), and the prepared batch as the IPC channel's structured clone writes it; then the host's
// inserter's steps (the batch read from the channel, its rows' dedupe keys checked, its lines numbered and made one
// body), in groups of 4 batches. CPU ms per 1,000 logs, the median of ROUNDS rounds; no HTTP, no database.
//   npx tsx bench/collector/request-steps.ts
import { deserialize, serialize } from 'node:v8';
import { loadavg } from 'node:os';
import { parseJson } from '../../server/http/json-body.ts';
import { checkRequest } from '../../server/collector/wire-validation.ts';
import { dedupeKeys } from '../../server/stores/clickhouse/dedupe-keys.ts';
import { numberedLine, prepareBatch } from '../../server/stores/clickhouse/log-rows.ts';
import type { LogRecord } from '../../protocol/records.types.ts';
import { BATCH, batchLogs } from './ingest.ts';

const BATCHES = 200;
const ROUNDS = 7;

const bodies = Array.from({ length: BATCHES }, (_, n) =>
  JSON.stringify({ session_id: n % 8, logs: batchLogs(n % 8, n) }),
);
const parsed = bodies.map((body) => (parseJson(body) as { value: unknown }).value);
const checked = parsed.map((value) => (checkRequest('sendLogs', value) as { value: { logs: LogRecord[] } }).value.logs);
const prepared = checked.map((logs, n) => prepareBatch('app-key', n % 8, logs));
const sent = prepared.map((batch) => serialize(batch));
const GROUP = 4;

/** The inserter's loop over a group (server/stores/clickhouse/log-writer.ts, write), every row new. */
function checkGroup(first: number): void {
  const keys = dedupeKeys();
  for (const batch of prepared.slice(first, first + GROUP))
    for (let i = 0; i < batch.at.length; i++) keys.add(batch.session, batch.at[i]!, batch.hash[i]!);
}
function bodyOfGroup(first: number): Buffer {
  const body: string[] = [];
  let arrival = 1_764_900_000_000_000;
  for (const batch of prepared.slice(first, first + GROUP))
    for (const line of batch.lines.split('\n')) body.push(numberedLine(line, 1_764_900_000, arrival++, batch.token));
  return Buffer.from(body.join('\n'));
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** CPU ms per 1,000 logs of `step` over every batch, the median of ROUNDS rounds (after one to warm up). */
function measure(step: (n: number) => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const start = process.cpuUsage();
    for (let n = 0; n < BATCHES; n++) step(n);
    if (round > 0) rounds.push(cpuMs(process.cpuUsage(start)) / ((BATCHES * BATCH) / 1000));
  }
  return rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
}

const steps: [string, (n: number) => unknown][] = [
  ['parse the body (parseJson)', (n) => parseJson(bodies[n]!)],
  ['check it (checkRequest)', (n) => checkRequest('sendLogs', parsed[n])],
  ['prepare the batch (prepareBatch)', (n) => prepareBatch('app-key', n % 8, checked[n]!)],
  ['structured clone of the prepared batch (v8.serialize)', (n) => serialize(prepared[n])],
  ['inserter: the batch read from the channel (v8.deserialize)', (n) => deserialize(sent[n]!)],
  ['inserter: dedupe keys (dedupeKeys)', (n) => n % GROUP === 0 && checkGroup(n)],
  ['inserter: lines numbered, one body, UTF-8', (n) => n % GROUP === 0 && bodyOfGroup(n)],
];

console.log(`${BATCHES} batches of ${BATCH} logs, load average ${loadavg()[0]!.toFixed(1)}; CPU ms per 1,000 logs\n`);
console.log('| step | CPU ms per 1,000 logs |');
console.log('|---|--:|');
let total = 0;
for (const [name, step] of steps) {
  const ms = measure(step);
  total += ms;
  console.log(`| ${name} | ${ms.toFixed(2)} |`);
}
console.log(`| together | ${total.toFixed(2)} |`);
