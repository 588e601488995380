// `tsx bench/clickhouse-fields.ts`: what fields parsed from a log's text, counts by a field, the facets' fields in the
// text and an issue group's analytics cost with the logs in ClickHouse (docs/clickhouse.md#parsed-fields), on a
// throw-away Debian 18.16 server beside a SQLite SIDELOG_DB, over 1,000,000 logs seeded as bench:explorer seeds them
// (bench/explorer-seed.ts, with fields: one log in eight ends with a JSON object, one in eight with key=value pairs)
// and one issue group of 1,000 occurrences, each with its bf_issue line. Each query through the explorer's own
// functions (not HTTP): its first answer, then the median of ROUNDS more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { parseSplitBy } from '../explorer-contract/field-counts.ts';
import { parseLogFilters } from '../explorer-contract/log-filters.ts';
import { startThrowawayClickHouse } from '../scripts/clickhouse.ts';
import { fieldCounts } from '../server/explorer/field-counts.ts';
import { groupAnalytics } from '../server/explorer/group-analytics.ts';
import { parsedFieldFacets } from '../server/explorer/parsed-fields.ts';
import { QUERY_SETTINGS } from '../server/stores/clickhouse/client.ts';
import { openClickHouseLogsOn } from '../server/stores/clickhouse/logs-store.ts';
import { withClickHouseLogs } from '../server/stores/clickhouse/with-logs.ts';
import { openStore } from '../server/stores/open-store.ts';
import type { LogRecord } from '../protocol/records.types.ts';
import { seedLogs } from './explorer-seed.ts';

const LOGS = Number(process.env.ROWS ?? 1_000_000);
const ROUNDS = 3;
const OCCURRENCES = 1_000;
const APP = 'bench-fields';
const START = Date.UTC(2026, 10, 1);

const server = await startThrowawayClickHouse();
const dir = mkdtempSync(join(tmpdir(), 'sidelog-bench-fields-'));
const client = createClient({ url: server.url, clickhouse_settings: QUERY_SETTINGS });
try {
  const logs = await openClickHouseLogsOn(client, 'bench_fields');
  const store = withClickHouseLogs(await openStore(join(dir, 'sidelog.db')), logs);
  await store.putApp(APP, true);
  let started = performance.now();
  // seedLogs awaits each session's batch; here they are gathered, as many clients' would be, into the writer's
  // groups (server/stores/clickhouse/group-commit.ts), and awaited before the writer's queue is full.
  const pending: Promise<unknown>[] = [];
  let waiting = 0;
  const gathering = new Proxy(store, {
    get: (target, name) =>
      name !== 'addLogs'
        ? Reflect.get(target, name)
        : async (...args: Parameters<typeof store.addLogs>) => {
            pending.push(target.addLogs(...args));
            waiting += args[2].length;
            if (waiting >= 100_000) {
              await Promise.all(pending.splice(0));
              waiting = 0;
            }
            return args[2].length;
          },
  });
  const { sessions } = await seedLogs(gathering, { appKey: APP, logs: LOGS, start: START, fields: true });
  await Promise.all(pending);
  console.log(`seeded ${LOGS.toLocaleString('en')} logs in ${Math.round(performance.now() - started)} ms`);
  // One crash of one fingerprint, OCCURRENCES times over the sessions, each with its bf_issue line.
  started = performance.now();
  const ids = await store.sessionIdsWhere(APP, { field: 'session', values: sessions });
  const lines = new Map<number, LogRecord[]>();
  for (let i = 0; i < OCCURRENCES; i++) {
    const session = ids[i % ids.length]!;
    const uid = `bench-issue-${i}`;
    lines.set(session, [
      ...(lines.get(session) ?? []),
      { x: new Date(START + i).toISOString(), at: START + i, t: uid, tg: 'bf_issue' },
    ]);
    await store.addIssue(APP, {
      uid,
      title: 'Payment declined',
      text: 'Error: Payment declined\nStack: Error\n    at pay (https://shop.example/app.js:1:1)',
      app: { key: APP },
      type: 'crash',
      session_id: session,
    });
  }
  await Promise.all([...lines].map(([session, records]) => store.addLogs(APP, session, records)));
  await store.settled();
  console.log(`${OCCURRENCES} occurrences in ${Math.round(performance.now() - started)} ms`);
  const [group] = (await store.issueGroups({ appKey: APP, limit: 1 })).groups;

  const filterOf = (q: string) => ({ appKey: APP, ...parseLogFilters(new URLSearchParams({ q })) });
  const cases: [string, () => Promise<string>][] = [
    // A fragment's page beside them: the same bounded scan, with SQL's test alone (docs/explorer.md#fragments).
    ...['*ayment*', '@event:click', '@status>=500', '@status:502 @duration>800', '@user.id:4242', '@status:999'].map(
      (q) =>
        [
          `first page of 100: \`${q}\``,
          async () => {
            const page = await store.explorer.logs(filterOf(q), { limit: 100, cut: true });
            return `${page.logs.length} logs, read ${page.scan?.scanned.toLocaleString('en')}`;
          },
        ] as [string, () => Promise<string>],
    ),
    [
      'count of `@status>=500`',
      async () => String((await store.explorer.scanCount(filterOf('@status>=500'), 10_000)).count),
    ],
    ...['@status', 'tag', 'version', '@event'].map(
      (by) =>
        [
          `split by \`${by}\`, top 10, the newest 100,000 logs (SPLIT_ROWS)`,
          async () => {
            const answer = await fieldCounts(store.explorer, filterOf(''), parseSplitBy(by)!);
            return `${answer.values.length} values, ${answer.buckets.length} bars`;
          },
        ] as [string, () => Promise<string>],
    ),
    [
      'split by `@status` of `tag:js_event`',
      async () => {
        const answer = await fieldCounts(store.explorer, filterOf('tag:js_event'), parseSplitBy('@status')!);
        return `${answer.values.length} values`;
      },
    ],
    [
      "facets' fields in the text (newest 1,000)",
      async () => `${(await parsedFieldFacets(store.explorer, filterOf(''))).fields.length} fields`,
    ],
    [
      `a group's analytics (${OCCURRENCES} occurrences)`,
      async () => {
        const analytics = await groupAnalytics(store, APP, group!.id);
        return `${analytics.occurrences} occurrences, first logged ${analytics.first_seen.logged}`;
      },
    ],
  ];
  console.log('\n| query | first ms | median ms | answer |\n|---|--:|--:|---|');
  for (const [name, run] of cases) {
    const times: number[] = [];
    let answer = '';
    for (let round = 0; round <= ROUNDS; round++) {
      const at = performance.now();
      answer = await run();
      times.push(performance.now() - at);
    }
    const [first, ...rest] = times;
    rest.sort((a, b) => a - b);
    const ms = (n: number) => Math.round(n).toLocaleString('en');
    console.log(`| ${name} | ${ms(first!)} | ${ms(rest[Math.floor(rest.length / 2)]!)} | ${answer} |`);
  }
  await store.close();
} finally {
  await client.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
