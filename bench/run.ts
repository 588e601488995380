// `npm run bench` (docs/benchmarks.md#main-thread-cost): Sidelog's main-thread cost beside its peers, in headless
// Chromium.
// Builds the pages, serves them from the local service, runs every contender once per round (interleaved, a
// fresh page and origin each time), prints a markdown table and writes the figures to bench/results/latest.json.
//   --quick       2,000 calls and 2 rounds, for development, without the 100,000-line row
//   --rounds N    rounds (default 5; 2 with --quick)
//   --out FILE    where the JSON goes (default bench/results/latest.json)
//   --only IDS    only these contenders (comma-separated ids of bench/contenders.ts), and the no-op floor
//   --profile DIR writes each page's CPU profile of the burst and the window after it to DIR (slows the pages:
//                 for finding where time goes, not for figures)
//   --trace DIR   writes each page's Chromium trace of the same window to DIR and prints, per contender, the burst's
//                 task, the collections inside it and the other tasks, by thread time (bench/burst-trace.ts)
//   --closed-tab  instead: the largest burst that survives its tab closing in the task that logged it
//                 (bench/closed-tab.ts); its figures go to bench/results/closed-tab.json unless --out says
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startService } from '../server/service.ts';
import { launchBrowser } from './browser.ts';
import { renderTraceTable } from './burst-trace.ts';
import { buildPages } from './build-pages.ts';
import { measureBundleBytes } from './bundle-bytes.ts';
import { createCollectorAdmin } from './collector-admin.ts';
import { findLargestSurvivingBurst } from './closed-tab.ts';
import { CONTENDERS, FLOOR } from './contenders.ts';
import { startControlServer } from './control-server.ts';
import { computeFigures, type RoundRuns } from './figures.ts';
import { describeMachine } from './machine.ts';
import { measurePage, type PageRun } from './measure-page.ts';
import { AFTER_MS } from './pages/window.ts';
import { renderTable } from './table.ts';
import { countCollectorBytes } from './upload-bytes.ts';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
    'closed-tab': { type: 'boolean', default: false },
  },
});
const only = flags.only?.split(',').map((id) => id.trim());
const unknown = only?.filter((id) => !CONTENDERS.some((spec) => spec.id === id)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `--only names no contender '${unknown.join("', '")}'; the ids are ${CONTENDERS.map((spec) => spec.id).join(', ')}`,
  );
// The no-op floor always runs: the full per-call figure is measured against it. A quick run leaves out the rows with
// a burst of their own size (the 100,000 lines) unless named.
const contenders = only
  ? CONTENDERS.filter((spec) => spec.id === FLOOR || only.includes(spec.id))
  : CONTENDERS.filter((spec) => !flags.quick || spec.count === undefined);
const closedTab = flags['closed-tab'];
const outFile = flags.out ?? (closedTab ? 'bench/results/closed-tab.json' : 'bench/results/latest.json');
const count = flags.quick ? 2000 : 10_000;
const roundCount = Number(flags.rounds ?? (flags.quick ? 2 : 5));
if (!Number.isInteger(roundCount) || roundCount < 1)
  throw new Error(`--rounds must be a whole number of at least 1, not '${flags.rounds}'`);

const profileDir = flags.profile ? resolve(flags.profile) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const traceDir = flags.trace ? resolve(flags.trace) : undefined;
if (traceDir) mkdirSync(traceDir, { recursive: true });

const progress = (message: string) => process.stderr.write(`${message}\n`);

progress('bench: building the pages…');
const workDir = mkdtempSync(join(tmpdir(), 'sidelog-bench-'));
const pages = await buildPages(workDir);
const bytes = measureBundleBytes(pages, contenders);
const collectorBytes = countCollectorBytes();
const service = await startService({
  dbPath: join(workDir, 'bench.db'),
  port: 0,
  distDir: pages.outDir,
  beforeRoutes: collectorBytes.mount,
});
const control = await startControlServer();
const browser = await launchBrowser();
try {
  const context = {
    browser,
    control,
    serviceURL: service.url,
    collector: createCollectorAdmin(service.url, service.adminToken),
    collectorBytes: collectorBytes.of,
    count,
    profileDir,
    traceDir,
  };
  if (closedTab) {
    const { trials, largest } = await findLargestSurvivingBurst(context, progress);
    const machine = describeMachine(browser.version);
    const out = resolve(outFile);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), machine, largest, trials }, null, 2) + '\n');
    console.log(
      `Largest burst that survives its tab closing in the task that logged it: ${largest === null ? 'none' : `${largest.toLocaleString('en-US')} lines`}` +
        ` (mode ${trials[0]?.mode}; ${machine.cpu}, ${machine.cores} cores, ${machine.chromium})`,
    );
    progress(`bench: figures written to ${out}`);
  } else {
    const rounds: RoundRuns = [];
    for (let round = 1; round <= roundCount; round++) {
      const runs = new Map<string, PageRun | Error>();
      // Interleaved, and each round starting one contender further on, so that no contender always runs first.
      const order = contenders.map((_, i) => contenders[(i + round - 1) % contenders.length]!);
      for (const spec of order) {
        progress(`bench: round ${round}/${roundCount}, ${spec.label}`);
        runs.set(
          spec.id,
          await measurePage(context, spec, round).catch((error: unknown) =>
            error instanceof Error ? error : new Error(String(error)),
          ),
        );
        const failed = runs.get(spec.id);
        if (failed instanceof Error) progress(`bench:   failed: ${failed.message}`);
      }
      rounds.push(runs);
    }

    const rows = computeFigures(contenders, rounds, count, bytes.mainThread);
    const machine = describeMachine(browser.version);
    const table = renderTable(rows, bytes.sidelogWorker, bytes.sidelogOnDemand);
    const out = resolve(outFile);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine,
          settings: { calls: count, rounds: roundCount, quick: flags.quick, afterMs: AFTER_MS },
          contenders: rows,
          sidelogWorkerGzipBytes: bytes.sidelogWorker,
          sidelogOnDemandGzipBytes: bytes.sidelogOnDemand,
          table,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(
      `${count.toLocaleString('en-US')} calls per burst, ${roundCount} round${roundCount > 1 ? 's' : ''}; ${machine.cpu}, ${machine.cores} cores, ${machine.chromium}\n`,
    );
    console.log(table);
    if (traceDir) {
      const traces = contenders.map((spec) => ({
        label: spec.label,
        traces: rounds.flatMap((runs) => {
          const run = runs.get(spec.id);
          return run instanceof Error || !run?.trace ? [] : [run.trace];
        }),
      }));
      console.log(`\nThe main thread in Chromium's traces (${traceDir}), medians over the rounds:\n`);
      console.log(renderTraceTable(traces));
    }
    progress(`bench: figures written to ${out}`);
  }
} finally {
  await browser.close();
  await control.close();
  await service.close();
  rmSync(workDir, { recursive: true, force: true });
}
