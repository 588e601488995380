// ClickHouse killed mid-load and started again (server/stores/clickhouse/log-writer.ts): senders retry what failed, as
// the collector's clients do after a 503, and in the end every batch acknowledged is stored, and each log once, the
// batches whose insert went in but whose answer was lost included. A server of the test's own, since it is killed.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { startThrowawayClickHouse, type ThrowawayClickHouse } from '../../../scripts/clickhouse.ts';
import { openClickHouseLogs, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { ClickHouseUnavailable } from '../../../server/stores/clickhouse/unavailable.ts';

const SENDERS = 4;
const BATCHES = 25;
const PER_BATCH = 100;

let server: ThrowawayClickHouse;
let logs: ClickHouseLogs;
beforeAll(async () => {
  server = await startThrowawayClickHouse();
  logs = await openClickHouseLogs(`${server.url}/sidelog`);
});
afterAll(async () => {
  await logs.close().catch(() => undefined);
  await server.stop();
});

/** Resolves once `count()` reaches `n`. */
function counter() {
  let value = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    add() {
      value++;
      for (const wait of waiting.filter((w) => value >= w.n)) wait.resolve();
    },
    get value() {
      return value;
    },
    reach: (n: number) => new Promise<void>((resolve) => (value >= n ? resolve() : waiting.push({ n, resolve }))),
  };
}

test('killed mid-load and started again: every acknowledged batch stored, each log once', async () => {
  const acked = counter();
  const failed = counter();
  const batch = (sender: number, n: number): LogRecord[] =>
    Array.from({ length: PER_BATCH }, (_, i) => ({ x: 'x', at: n * PER_BATCH + i, t: `sender ${sender} log ${i}` }));

  const send = async (sender: number) => {
    for (let n = 0; n < BATCHES; n++) {
      for (;;) {
        try {
          await logs.addLogs('app-1', sender + 1, batch(sender, n));
          acked.add();
          break;
        } catch (error) {
          // What the collector answers 503 with Retry-After; anything else would be a 500.
          expect(error).toBeInstanceOf(ClickHouseUnavailable);
          failed.add();
          // A client's pause before it sends again (node:timers' own, not a threshold of the test).
          await sleep(50);
        }
      }
    }
  };
  const senders = Array.from({ length: SENDERS }, (_, sender) => send(sender));
  await acked.reach(SENDERS * 5);
  await server.kill();
  await failed.reach(SENDERS);
  const ackedWhileDown = acked.value;
  await server.restart();
  await Promise.all(senders);

  expect(acked.value).toBe(SENDERS * BATCHES);
  expect(ackedWhileDown).toBeLessThan(SENDERS * BATCHES);
  const result = await logs.client.query({
    query: `SELECT count() AS n, uniqExact(session_id, at, content_hash) AS distinct FROM sidelog.logs`,
    format: 'JSONEachRow',
  });
  expect(await result.json()).toEqual([{ n: SENDERS * BATCHES * PER_BATCH, distinct: SENDERS * BATCHES * PER_BATCH }]);
});
