// `tsx bench/clickhouse-dedupe.ts`: what each way of counting a resend once costs the ClickHouse log store
// (docs/clickhouse.md#a-resend-counted-once), on Debian's 18.16 server and on chdb 26.7, over 1,000,000 logs:
// inserts with and without the check of stored keys, a resent group's check, and reads with and without FINAL.
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { startThrowawayClickHouse } from '../scripts/clickhouse.ts';
import { QUERY_SETTINGS } from '../server/stores/clickhouse/client.ts';
import { createLogWriter } from '../server/stores/clickhouse/log-writer.ts';
import { toLogRow } from '../server/stores/clickhouse/log-rows.ts';
import { openClickHouseLogsOn } from '../server/stores/clickhouse/logs-store.ts';
import type { LogRecord } from '../protocol/records.types.ts';

const TOTAL = Number(process.env.ROWS ?? 1_000_000);
const GROUP = 5_000;
const SESSIONS = 2_000;
const T0 = Date.UTC(2026, 10, 1);
const WORDS = ['payment', 'accepted', 'order', 'cart', 'user', 'clicked', 'timeout', 'retry', 'render', 'fetch'];

/** Group `g` of the seed: GROUP logs of a few sessions, a minute apart per group, a log every 12 ms. */
function group(g: number): { session: number; logs: LogRecord[] }[] {
  const perSession = 250;
  return Array.from({ length: GROUP / perSession }, (_, s) => {
    const session = (g * (GROUP / perSession) + s) % SESSIONS;
    return {
      session,
      logs: Array.from({ length: perSession }, (_, i) => {
        const at = T0 + g * 60_000 + s * 3000 + i * 12;
        return {
          x: new Date(at).toISOString(),
          at,
          t: `${WORDS[(g + i) % 10]} ${WORDS[(s + i * 7) % 10]} #${g * GROUP + s * perSession + i} took ${(i * 37) % 900} ms`,
          ll: i % 50 === 0 ? 4 : 2,
          tg: `tag${i % 8}`,
          f: 'src/app.ts',
          l: i % 300,
        };
      }),
    };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function time(work: () => Promise<unknown>, runs = 5): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function measure(name: string, client: ClickHouseClient) {
  const database = `dedupe_${Date.now()}`;
  const logs = await openClickHouseLogsOn(client, database, { writer: { windowMs: 0 } });
  const table = `${database}.logs`;
  const groups = TOTAL / GROUP;
  // Half with the check (the writer), half plain inserts of the same shape: rows/s of each.
  let checked = 0;
  let plain = 0;
  for (let g = 0; g < groups; g++) {
    const batches = group(g);
    const start = performance.now();
    if (g % 2 === 0) {
      await Promise.all(batches.map((b) => logs.addLogs('app-1', b.session, b.logs)));
      checked += performance.now() - start;
    } else {
      const rows = batches.flatMap((b) =>
        b.logs.map((log) => ({ ...toLogRow('app-1', b.session, log), received: Math.floor(T0 / 1000) })),
      );
      await client.insert({ table, values: rows, format: 'JSONEachRow' });
      plain += performance.now() - start;
    }
  }
  const rate = (ms: number) => Math.round(((groups / 2) * GROUP) / (ms / 1000));
  // A resent group (all stored): the check finds every row and inserts none.
  const resend = group(10);
  const writer = createLogWriter(client, database, { windowMs: 0 });
  const resendMs = await time(() => Promise.all(resend.map((b) => writer.addLogs('app-1', b.session, b.logs))));
  const read = async (query: string) => time(async () => (await client.query({ query, format: 'JSONEachRow' })).json());
  const histogram = (final: string) =>
    `SELECT intDiv(toInt64(at), 60000) AS minute, ll, count() AS n FROM ${table} ${final} WHERE app = 'app-1' GROUP BY minute, ll`;
  const page = (final: string) =>
    `SELECT id, at, t FROM ${table} ${final} WHERE app = 'app-1' ORDER BY at DESC, id DESC LIMIT 100`;
  const count = (final: string) => `SELECT count() AS n FROM ${table} ${final} WHERE app = 'app-1'`;
  const [countPlain, countFinal, histPlain, histFinal, pagePlain, pageFinal] = [
    await read(count('')),
    await read(count('FINAL')),
    await read(histogram('')),
    await read(histogram('FINAL')),
    await read(page('')),
    await read(page('FINAL')),
  ];
  const [stored] = (await (await client.query({ query: count(''), format: 'JSONEachRow' })).json()) as {
    n: number;
  }[];
  console.log(
    JSON.stringify({
      engine: name,
      version: logs.features.version,
      rows: stored!.n,
      insertRowsPerSecond: { checked: rate(checked), plain: rate(plain) },
      resentGroupMs: Math.round(resendMs),
      readMs: {
        count: [Math.round(countPlain), Math.round(countFinal)],
        histogram: [Math.round(histPlain), Math.round(histFinal)],
        firstPage: [Math.round(pagePlain), Math.round(pageFinal)],
      },
    }),
  );
  await client.command({ query: `DROP DATABASE ${database}` });
}

const server = await startThrowawayClickHouse();
try {
  await measure('18.16 server', createClient({ url: server.url, clickhouse_settings: QUERY_SETTINGS }));
} finally {
  await server.stop();
}
await measure(
  'chdb',
  createClient({
    connection: createChdbConnection({ path: ':memory:' }) as never,
    clickhouse_settings: QUERY_SETTINGS,
  }),
);
