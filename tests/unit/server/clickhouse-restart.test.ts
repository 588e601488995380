// ClickHouse killed mid-load and started again (server/stores/clickhouse/log-writer.ts): senders retry what failed, as
// the collector's clients do after a 503, and in the end every batch acknowledged is stored, and each log once, the
// batches whose insert went in but whose answer was lost included. Once through one process's writer, once through the
// service with SIDELOG_PROCESSES=2, whose workers' batches the primary inserts (host-inserter.ts). A server of the
// test's own, since it is killed.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { sessionPayload, wireRequest } from '../../../fixtures/wire-bodies.ts';
import { startThrowawayClickHouse, type ThrowawayClickHouse } from '../../../scripts/clickhouse.ts';
import { startServiceProcess } from '../../../scripts/service-process.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { openClickHouseLogs, type ClickHouseLogs } from '../../../server/stores/clickhouse/logs-store.ts';
import { ClickHouseUnavailable } from '../../../server/stores/clickhouse/unavailable.ts';
import { createTestDatabase } from './test-databases.ts';
import { rowsOf } from '../../../server/stores/clickhouse/client.ts';

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

const batch = (sender: number, n: number): LogRecord[] =>
  Array.from({ length: PER_BATCH }, (_, i) => ({ x: 'x', at: n * PER_BATCH + i, t: `sender ${sender} log ${i}` }));

/** Senders sending BATCHES each through `send` (true: acknowledged; false: refused as unavailable, sent again after a
 * pause), ClickHouse killed once each has had some acknowledged and restarted once each has had a refusal; then the
 * database's logs: each acknowledged, each once. */
async function killedMidLoad(database: string, send: (sender: number, logs: LogRecord[]) => Promise<boolean>) {
  const acked = counter();
  const failed = counter();
  const sender = async (sender: number) => {
    for (let n = 0; n < BATCHES; n++) {
      while (!(await send(sender, batch(sender, n)))) {
        failed.add();
        // A client's pause before it sends again (node:timers' own, not a threshold of the test).
        await sleep(50);
      }
      acked.add();
    }
  };
  const senders = Array.from({ length: SENDERS }, (_, n) => sender(n));
  await acked.reach(SENDERS * 5);
  await server.kill();
  await failed.reach(SENDERS);
  const ackedWhileDown = acked.value;
  await server.restart();
  await Promise.all(senders);

  expect(acked.value).toBe(SENDERS * BATCHES);
  expect(ackedWhileDown).toBeLessThan(SENDERS * BATCHES);
  const stored = await rowsOf(
    logs.client,
    `SELECT count() AS n, uniqExact(session_id, at, content_hash) AS distinct FROM ${database}.logs`,
  );
  expect(stored).toEqual([{ n: SENDERS * BATCHES * PER_BATCH, distinct: SENDERS * BATCHES * PER_BATCH }]);
}

test('killed mid-load and started again: every acknowledged batch stored, each log once', async () => {
  await killedMidLoad('sidelog', async (sender, sent) => {
    try {
      await logs.addLogs('app-1', sender + 1, sent);
      return true;
    } catch (error) {
      // What the collector answers 503 with Retry-After; anything else would be a 500.
      expect(error).toBeInstanceOf(ClickHouseUnavailable);
      return false;
    }
  });
});

test('two processes, their batches inserted by the primary: killed mid-load, every acknowledged batch stored once', async () => {
  const database = await createTestDatabase('postgres');
  const service = await startServiceProcess({
    SIDELOG_DB: database.db,
    SIDELOG_LOGS: `${server.url}/sidelog_two`,
    SIDELOG_PROCESSES: '2',
    SIDELOG_RETENTION_DAYS: '0',
    SIDELOG_ADMIN_TOKEN: 'restart-admin',
  });
  try {
    // The wire bodies' helper posts through a `request` as Hono's: here over the socket, to the started service.
    const http = {
      request: (path: string | Request | URL, init?: RequestInit) => fetch(`${service.url}${String(path)}`, init),
    };
    const sessions = await Promise.all(
      Array.from({ length: SENDERS }, async (_, n) => {
        const answer = await wireRequest(
          http,
          'sendSession',
          sessionPayload(`restart-${n}`, DEMO_APP_KEY, `device-${n}`),
        );
        return ((await answer.json()) as { id: number }).id;
      }),
    );
    await killedMidLoad('sidelog_two', async (sender, sent) => {
      const answer = await wireRequest(http, 'sendLogs', { session_id: sessions[sender], logs: sent });
      // Refused as ClickHouse down: 503 with Retry-After; anything else would be a fault.
      if (answer.status === 503) expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/);
      else expect(answer.status).toBe(200);
      return answer.status === 200;
    });
  } finally {
    await service.stop();
    await database.drop();
  }
}, 60_000);
