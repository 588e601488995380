// The collector bench's runs (bench/collector/median-run.ts): a row's ratio is to the floor of its own run, and the
// row shown is the run whose ratio is the median, not the run with the median logs/s.
import { expect, test } from 'vitest';
import { medianRuns, type MeasuredRun } from '../../../bench/collector/median-run.ts';

const row = (store: string, clients: number, run: number, logsPerSecond: number): MeasuredRun => ({
  store,
  clients,
  run,
  logsPerSecond,
});
const isFloor = (measured: MeasuredRun) => measured.store === 'floor';

test("each run's ratio is to its own run's floor, and the median run is the one of the median ratio", () => {
  const rows = [
    row('floor', 8, 1, 200_000),
    row('sqlite', 8, 1, 90_000),
    row('floor', 8, 2, 300_000),
    row('sqlite', 8, 2, 100_000),
    row('floor', 8, 3, 250_000),
    row('sqlite', 8, 3, 95_000),
  ];
  const [floor, sqlite] = medianRuns(rows, isFloor);
  expect(floor!.ratios).toEqual([1, 1, 1]);
  expect(floor!.median.logsPerSecond).toBe(250_000);
  expect(sqlite!.ratio?.toFixed(3)).toBe('0.380');
  expect(sqlite!.ratios.map((ratio) => ratio.toFixed(3))).toEqual(['0.450', '0.333', '0.380']);
  // The median logs/s (95,000, run 3) and the median ratio (0.38, run 3) agree here; below they do not.
  expect(sqlite!.median.run).toBe(3);
});

test('the median ratio, where the median logs/s was a run the floor ran fast', () => {
  const rows = [
    row('floor', 8, 1, 100_000),
    row('sqlite', 8, 1, 50_000),
    row('floor', 8, 2, 300_000),
    row('sqlite', 8, 2, 60_000),
    row('floor', 8, 3, 120_000),
    row('sqlite', 8, 3, 40_000),
  ];
  const sqlite = medianRuns(rows, isFloor)[1]!;
  // Ratios 0.5, 0.2, 0.333: the median is run 3's, though run 1 had the median logs/s.
  expect(sqlite.median.run).toBe(3);
});

test('client counts are rows of their own, in the order first measured, and an even count takes the lower middle', () => {
  const rows = [
    row('floor', 8, 1, 100),
    row('floor', 32, 1, 100),
    row('sqlite', 8, 1, 40),
    row('sqlite', 32, 1, 30),
    row('floor', 8, 2, 100),
    row('floor', 32, 2, 100),
    row('sqlite', 8, 2, 20),
    row('sqlite', 32, 2, 35),
  ];
  const groups = medianRuns(rows, isFloor);
  expect(groups.map(({ median }) => `${median.store} ${median.clients}`)).toEqual([
    'floor 8',
    'floor 32',
    'sqlite 8',
    'sqlite 32',
  ]);
  expect(groups[2]!.median.logsPerSecond).toBe(20);
  expect(groups[3]!.median.logsPerSecond).toBe(30);
});

test('without a floor in the runs, the run of the median logs/s, and no ratios', () => {
  const rows = [row('sqlite', 8, 1, 30), row('sqlite', 8, 2, 10), row('sqlite', 8, 3, 20)];
  const [sqlite] = medianRuns(rows, isFloor);
  expect(sqlite!.ratios).toEqual([]);
  expect(sqlite!.median.run).toBe(3);
});
