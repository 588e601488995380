// `npm run bench` in quick mode with one round: it must finish and write every contender's every figure, and
// Sidelog must have delivered every line exactly once. No timing is asserted: the bench measures, it does not judge.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { FIRST_LOAD_BUDGET, START_UP_BUDGET, START_UP_LABEL } from '../../bench/bundle-bytes.ts';
import { CONTENDERS } from '../../bench/contenders.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIGURES = [
  'callUs',
  'fullUs',
  'cpuUs',
  'tbtMs',
  'durableMs',
  'deliveredMs',
  'delivered',
  'lost',
  'duplicated',
  'gzipBytes',
  'upload',
];
const QUICK_CALLS = 2000;

interface Summary {
  median: number | null;
  values: (number | null)[];
}

test(
  'npm run bench -- --quick --rounds 1 writes every contender and every figure, and Sidelog loses nothing',
  { timeout: 600_000 },
  async () => {
    const out = join(dir, 'latest.json');
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'bench/run.ts', '--quick', '--rounds', '1', '--out', out],
      {
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    expect(stdout).toContain('| contender |');

    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      date: string;
      machine: { chromium: string; cores: number; cpu: string };
      settings: { calls: number; rounds: number };
      sidelogWorkerGzipBytes: number;
      sidelogOnDemandGzipBytes: { label: string; bytes: number }[];
      contenders: {
        id: string;
        mode: string | null;
        figures: Record<string, Summary | number>;
        ratios: { toPeer: object; toFloor: object; toBare: object };
        errors: string[];
      }[];
    };
    expect(report.settings).toMatchObject({ calls: QUICK_CALLS, rounds: 1 });
    expect(report.machine.chromium).toMatch(/Chrome\/\d+/);
    expect(Number.isNaN(Date.parse(report.date))).toBe(false);
    expect(report.sidelogWorkerGzipBytes).toBeGreaterThan(0);
    // What a page loads only on demand is listed apart from its first load, each part with its bytes.
    expect(report.sidelogOnDemandGzipBytes.map((chunk) => chunk.label)).toEqual(
      expect.arrayContaining([
        START_UP_LABEL,
        'built-in detectors (init, when redact.builtIns names any: by default)',
        'in-page engine (modes B and C)',
        'OTLP target (modes B and C, with otlp)',
        'feedback dialog (getUserFeedback)',
      ]),
    );
    for (const chunk of report.sidelogOnDemandGzipBytes) expect(chunk.bytes, chunk.label).toBeGreaterThan(0);
    // A quick run leaves out the rows with a burst of their own size.
    expect(report.contenders.map((row) => row.id)).toEqual(
      CONTENDERS.filter((spec) => spec.count === undefined).map((spec) => spec.id),
    );

    for (const row of report.contenders) {
      expect(row.errors, row.id).toEqual([]);
      expect(Object.keys(row.figures).sort(), row.id).toEqual([...FIGURES].sort());
      expect(row.ratios.toPeer).toBeDefined();
      expect(row.ratios.toFloor).toBeDefined();
      expect(row.ratios.toBare).toBeDefined();
      for (const figure of ['callUs', 'fullUs', 'cpuUs', 'tbtMs'])
        expect((row.figures[figure] as Summary).median, `${row.id} ${figure}`).toEqual(expect.any(Number));
    }

    // The peers that send to the bench's own intakes (Datadog's, Sentry's envelopes): their lines were decoded and
    // counted there, and their bodies' bytes.
    const intakeIds = CONTENDERS.filter((spec) => spec.delivery === 'intake').map((spec) => spec.id);
    expect(intakeIds).toEqual(expect.arrayContaining(['datadog', 'sentry']));
    for (const row of report.contenders.filter((row) => intakeIds.includes(row.id))) {
      const figures = row.figures as Record<string, Summary>;
      expect(figures.delivered!.median, row.id).toBeGreaterThan(0);
      const upload = row.figures.upload as unknown as Record<'sent' | 'plain' | 'gzip', Summary>;
      expect(upload.sent.median, row.id).toBeGreaterThan(0);
    }

    const sidelog = report.contenders.filter((row) => row.id.startsWith('sidelog-'));
    expect(sidelog.map((row) => [row.id, row.mode])).toEqual([
      ['sidelog-a-shared', 'A-shared'],
      ['sidelog-a-dedicated', 'A-dedicated'],
      ['sidelog-b', 'B'],
      ['sidelog-c', 'C'],
      ['sidelog-a-callsite', 'A-shared'],
      ['sidelog-a-otlp', 'A-shared'],
    ]);
    // Modes A load the API and the write queue first; B and C load the engine too.
    const startUp = report.sidelogOnDemandGzipBytes.find((chunk) => chunk.label === START_UP_LABEL)!.bytes;
    for (const row of sidelog.filter((row) => row.mode?.startsWith('A'))) {
      expect(row.figures.gzipBytes, `${row.id}: first load, gzip bytes`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
      expect(
        (row.figures.gzipBytes as number) + startUp,
        `${row.id}: first load and start-up, gzip bytes`,
      ).toBeLessThanOrEqual(START_UP_BUDGET);
    }
    for (const row of sidelog) {
      const figures = row.figures as Record<string, Summary>;
      expect(figures.delivered!.values, row.id).toEqual([QUICK_CALLS]);
      expect(figures.lost!.values, row.id).toEqual([0]);
      expect(figures.duplicated!.values, row.id).toEqual([0]);
      expect(figures.deliveredMs!.median, row.id).toEqual(expect.any(Number));
      // Mode C keeps its lines in memory: they are durable only once delivered.
      if (row.id !== 'sidelog-c') expect(figures.durableMs!.median, row.id).toEqual(expect.any(Number));
      expect(row.figures.gzipBytes, row.id).toBeGreaterThan(0);
      // What its uploads put on the wire, counted at the collector or, over OTLP, at the bench's intake.
      const upload = row.figures.upload as unknown as Record<'sent' | 'plain' | 'gzip', Summary>;
      expect(upload.sent.median, row.id).toBeGreaterThan(0);
      expect(upload.gzip.median!, row.id).toBeLessThan(upload.plain.median!);
    }
  },
);
