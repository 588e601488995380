// `npm run bench:network` (docs/benchmarks.md#network-requests): the main-thread time Sidelog's logNetworkRequests
// adds to each of a page's requests, beside Datadog's (@datadog/browser-logs, forwardErrorsToLogs) and Sentry's
// (@sentry/browser's breadcrumbs) instrumentation of the same requests, against the same page with no logger.
// Each page makes `n` fetches one after the other to the local service (answered 200, or 502), reading each answer,
// then waits 1.5 s; Chromium's main-thread task time of the page over all of it, less the bare page's in the same
// round, over `n`, is the added time per request. Interleaved rounds, a fresh page and origin each time.
//   --rounds N   rounds (default 5)
//   --n N        requests per page (default 300)
//   --out FILE   where the JSON goes (default bench/results/network.json)
//   --profile DIR  a .cpuprofile of each page's requests there (slows the pages: for finding where time goes)
//   --only IDS   only these contenders (comma-separated ids), and the bare page
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Hono } from 'hono';
import { startService } from '../server/service.ts';
import { launchBrowser } from './browser.ts';
import { buildPages } from './build-pages.ts';
import { createCollectorAdmin } from './collector-admin.ts';
import { startControlServer } from './control-server.ts';
import { describeMachine } from './machine.ts';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string' },
    n: { type: 'string' },
    out: { type: 'string' },
    profile: { type: 'string' },
    only: { type: 'string' },
  },
});
const roundCount = Number(flags.rounds ?? 5);
const count = Number(flags.n ?? 300);
const outFile = resolve(flags.out ?? 'bench/results/network.json');
const STEP_TIMEOUT_MS = 120_000;

interface Contender {
  id: string;
  label: string;
  page: 'bare' | 'sidelog' | 'datadog' | 'sentry';
  query?: Record<string, string>;
  statuses: number[];
}

const CONTENDERS: Contender[] = [
  { id: 'bare', label: 'no logger (floor)', page: 'bare', statuses: [200, 502] },
  { id: 'sidelog', label: "Sidelog, logNetworkRequests 'failures' (default)", page: 'sidelog', statuses: [200, 502] },
  {
    id: 'sidelog-all',
    label: "Sidelog, logNetworkRequests 'all'",
    page: 'sidelog',
    query: { network: 'all' },
    statuses: [200],
  },
  { id: 'datadog', label: '@datadog/browser-logs, forwardErrorsToLogs', page: 'datadog', statuses: [200, 502] },
  { id: 'sentry', label: '@sentry/browser, default integrations (breadcrumbs)', page: 'sentry', statuses: [200, 502] },
];
const only = flags.only?.split(',').map((id) => id.trim());
const PAGES = [...new Set(CONTENDERS.map((contender) => contender.page))];

const progress = (message: string) => process.stderr.write(`${message}\n`);

/** The answers the pages ask for: any status, a short text, on the pages' own origin. */
function mountAnswers(app: Hono): void {
  app.get('/bench/answer/:status{[1-5][0-9][0-9]}', (c) =>
    c.text('bench answer', Number(c.req.param('status')) as 200),
  );
}

progress('bench:network: building the pages…');
const workDir = mkdtempSync(join(tmpdir(), 'sidelog-bench-network-'));
const { outDir } = await buildPages(workDir, { pagesDir: 'network-pages', pages: PAGES });
const service = await startService({
  dbPath: join(workDir, 'bench.db'),
  port: 0,
  distDir: outDir,
  beforeRoutes: mountAnswers,
});
const control = await startControlServer();
const browser = await launchBrowser();
const collector = createCollectorAdmin(service.url, service.adminToken);

interface Measured {
  /** Main-thread task ms of one page's requests and the 1.5 s after them. (Not ScriptDuration: it leaves out script
   * run in microtasks, where Datadog's and Sentry's work on an answer runs, and counts Sidelog's, in observer and
   * message tasks.) */
  task: number;
}

async function measure(contender: Contender, status: number, round: number): Promise<Measured> {
  const page = `n${round}-${contender.id}-${status}`;
  const appKey = `bench-${page}-${Date.now().toString(36)}`;
  if (contender.page === 'sidelog') await collector.createApp(appKey);
  const { port } = new URL(service.url);
  const query = new URLSearchParams({
    page,
    control: control.url,
    appKey,
    n: String(count),
    status: String(status),
    ...contender.query,
  });
  const tab = await browser.open(`http://${page}.localhost:${port}/${contender.page}.html?${query}`);
  try {
    const ready = await control.step<{ error?: string }>(page, 'ready', STEP_TIMEOUT_MS);
    if (ready.body?.error) throw new Error(`${contender.id} did not start: ${ready.body.error}`);
    if (flags.profile) await tab.startProfile();
    const before = (await tab.mainThreadSeconds()).task;
    ready.reply();
    const done = await control.step<{ requestsMs: number }>(page, 'burst', STEP_TIMEOUT_MS);
    const after = (await tab.mainThreadSeconds()).task;
    if (flags.profile) {
      mkdirSync(flags.profile, { recursive: true });
      writeFileSync(join(flags.profile, `${page}.cpuprofile`), JSON.stringify(await tab.stopProfile()));
    }
    done.reply();
    return { task: (after - before) * 1000 };
  } finally {
    await tab.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const runs = CONTENDERS.filter(
    (contender) => !only || contender.id === 'bare' || only.includes(contender.id),
  ).flatMap((contender) => contender.statuses.map((status) => ({ contender, status })));
  const measured = new Map<string, Measured[]>();
  for (let round = 1; round <= roundCount; round++) {
    // Each round starts one page further on, so that no contender always runs first.
    const order = runs.map((_, i) => runs[(i + round - 1) % runs.length]!);
    for (const { contender, status } of order) {
      progress(`bench:network: round ${round}/${roundCount}, ${contender.label}, ${status}`);
      const key = `${contender.id} ${status}`;
      measured.set(key, [...(measured.get(key) ?? []), await measure(contender, status, round)]);
    }
  }
  /** Each round's page against the same round's bare page, in µs per request. */
  const figures = (own: number[], floor: number[]) => {
    const added = own.map((ms, round) => ((ms - floor[round]!) / count) * 1000);
    return {
      perRequestMs: median(own) / count,
      addedMicroseconds: { median: median(added), min: Math.min(...added), max: Math.max(...added) },
    };
  };
  const rows = runs.map(({ contender, status }) => {
    const own = measured.get(`${contender.id} ${status}`)!;
    const floor = measured.get(`bare ${status}`)!;
    return {
      id: contender.id,
      label: contender.label,
      status,
      task: figures(
        own.map((run) => run.task),
        floor.map((run) => run.task),
      ),
    };
  });
  const machine = describeMachine(browser.version);
  const us = (value: number) => Math.round(value).toLocaleString('en-US');
  const added = (row: (typeof rows)[number]) => {
    const { median: mid, min, max } = row.task.addedMicroseconds;
    return row.id === 'bare' ? '—' : `${us(mid)} (${us(min)}–${us(max)})`;
  };
  const table = [
    '| instrumentation | answer | main-thread ms per request | added µs per request, median (min–max) |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.label} | ${row.status} | ${row.task.perRequestMs.toFixed(3)} | ${added(row)} |`),
  ].join('\n');
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(
    outFile,
    JSON.stringify(
      { date: new Date().toISOString(), machine, settings: { requests: count, rounds: roundCount }, rows, table },
      null,
      2,
    ) + '\n',
  );
  console.log(
    `${count} requests per page, ${roundCount} rounds; ${machine.cpu}, ${machine.cores} cores, ${machine.chromium}\n`,
  );
  console.log(table);
  progress(`bench:network: figures written to ${outFile}`);
} finally {
  await browser.close();
  await control.close();
  await service.close();
  rmSync(workDir, { recursive: true, force: true });
}
