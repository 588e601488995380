// `npm run bench:collector -- --runs N`: each row of the ingest table measured N times, every row in turn each time,
// is read as its median run. A row's ratio to the floor is taken within each run, against the floor of the same run
// and client count, since the machine's speed moves between runs more than the stores differ
// (docs/benchmarks.md#the-collector-run-by-run); the row shown is the run whose ratio is the median.

/** What the grouping needs of a measured row. */
export interface MeasuredRun {
  store: string;
  clients: number;
  /** From 1. */
  run: number;
  logsPerSecond: number;
}

export interface MedianRun<T extends MeasuredRun> {
  /** The run whose ratio to the floor is the median: the lower of the middle two for an even count. Without a floor in
   * the runs, the run with the median logs/s. */
  median: T;
  /** The median run's logs/s over its own run's floor's; undefined without a floor. */
  ratio: number | undefined;
  /** Each run's ratio, in the order of the runs; empty without a floor. */
  ratios: number[];
}

/** The rows grouped by store and client count, in the order first measured, each group with its median run. */
export function medianRuns<T extends MeasuredRun>(rows: readonly T[], isFloor: (row: T) => boolean): MedianRun<T>[] {
  const floors = new Map(rows.filter(isFloor).map((row) => [`${row.run}\n${row.clients}`, row.logsPerSecond]));
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = `${row.store}\n${row.clients}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((runs) => {
    const floorOf = (row: T) => floors.get(`${row.run}\n${row.clients}`);
    const withFloor = runs.every((row) => floorOf(row) !== undefined);
    const ratioOf = (row: T) => (withFloor ? row.logsPerSecond / floorOf(row)! : row.logsPerSecond);
    // Ties by logs/s, so that the floor's own row (every ratio 1) is its run of the median logs/s.
    const sorted = [...runs].sort((a, b) => ratioOf(a) - ratioOf(b) || a.logsPerSecond - b.logsPerSecond);
    const median = sorted[Math.floor((runs.length - 1) / 2)]!;
    return withFloor
      ? { median, ratio: ratioOf(median), ratios: runs.map(ratioOf) }
      : { median, ratio: undefined, ratios: [] };
  });
}
