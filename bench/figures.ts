// Each contender's figures over the rounds (the five of docs/benchmarks.md#main-thread-cost), and their ratios to the
// peer and the floor.
import { BARE, FLOOR, PEER, type ContenderSpec } from './contenders.ts';
import type { PageRun } from './measure-page.ts';
import { ratio, summarise, type Summary } from './summary.ts';

/** The figures that have a ratio: the per-call costs, blocking, the two times and the bytes. */
const RATIO_FIGURES = ['callUs', 'fullUs', 'cpuUs', 'tbtMs', 'durableMs', 'deliveredMs', 'gzipBytes'] as const;
type RatioFigure = (typeof RATIO_FIGURES)[number];

export interface ContenderFigures {
  id: string;
  label: string;
  mode: string | null;
  figures: {
    /** Main-thread µs per call, around the calls themselves. */
    callUs: Summary;
    /** Main-thread µs per call in full: Chromium's task time over the burst and the 3 s after, less the no-op page's. */
    fullUs: Summary;
    /** The main thread's CPU µs per call over the same window, less the no-op page's: the work without the waits for a
     * core that the full figure also holds (on 2 cores, the logger's own worker and the browser take turns with it). */
    cpuUs: Summary;
    /** Total blocking time (long tasks past 50 ms) over the burst and the 3 s after, ms. */
    tbtMs: Summary;
    /** From the burst's start until every line is in IndexedDB (or, not storing, accepted by its intake), ms. */
    durableMs: Summary;
    /** From the forced send until every line is accepted by the collector (by its intake for a contender that sends on its own), ms. */
    deliveredMs: Summary;
    /** Lines accepted by the collector (or intake) by the end of the wait. */
    delivered: Summary;
    /** Lines that never arrived, where the forced send (or leaving the page) sends everything there is. */
    lost: Summary;
    duplicated: Summary;
    /** Gzip bytes of main-thread JavaScript added to the page. */
    gzipBytes: number;
    /** Bytes its uploads put on the wire (bench/upload-bytes.ts): as sent, and the same uncompressed and gzipped. */
    upload: { sent: Summary; plain: Summary; gzip: Summary };
  };
  ratios: {
    toPeer: Record<RatioFigure, number | null>;
    toFloor: Record<RatioFigure, number | null>;
    /** To the bare logger: how far a contender is from the least a logger with a worker can cost. */
    toBare: Record<RatioFigure, number | null>;
  };
  errors: string[];
}

export type RoundRuns = Map<string, PageRun | Error>[];

export function computeFigures(
  contenders: ContenderSpec[],
  rounds: RoundRuns,
  runCount: number,
  gzip: Record<string, number>,
): ContenderFigures[] {
  const run = (round: Map<string, PageRun | Error>, id: string) => {
    const found = round.get(id);
    return found instanceof Error ? undefined : found;
  };
  const rows = contenders.map((spec) => {
    const count = spec.count ?? runCount;
    const pick = (figure: (page: PageRun, round: Map<string, PageRun | Error>) => number | null) =>
      summarise(
        rounds.map((round) => {
          const page = run(round, spec.id);
          return page ? figure(page, round) : null;
        }),
      );
    /** µs per call of a main-thread time over the window, less the no-op page's in the same round. */
    const overFloor = (time: 'taskMs' | 'cpuMs') =>
      pick((page, round) => {
        const floor = run(round, FLOOR)?.[time];
        return floor === undefined ? null : ((page[time] - floor) * 1000) / count;
      });
    return {
      id: spec.id,
      label: spec.label,
      mode: rounds.map((round) => run(round, spec.id)?.mode).find(Boolean) ?? null,
      figures: {
        callUs: pick((page) => (page.callMs * 1000) / count),
        fullUs: overFloor('taskMs'),
        cpuUs: overFloor('cpuMs'),
        tbtMs: pick((page) => page.tbtMs),
        durableMs: pick((page) => page.durableMs),
        deliveredMs: pick((page) => page.deliveredMs),
        delivered: pick((page) => page.delivered),
        lost: pick((page) => page.lost),
        duplicated: pick((page) => page.duplicated),
        gzipBytes: gzip[spec.id] ?? 0,
        upload: {
          sent: pick((page) => page.uploadBytes?.sent ?? null),
          plain: pick((page) => page.uploadBytes?.plain ?? null),
          gzip: pick((page) => page.uploadBytes?.gzip ?? null),
        },
      },
      errors: rounds.flatMap((round, index) => {
        const failed = round.get(spec.id);
        return failed instanceof Error ? [`round ${index + 1}: ${failed.message}`] : [];
      }),
    };
  });
  const medianOf = (row: (typeof rows)[number] | undefined, figure: RatioFigure) =>
    figure === 'gzipBytes' ? row?.figures.gzipBytes : row?.figures[figure].median;
  const peer = rows.find((row) => row.id === PEER);
  const floor = rows.find((row) => row.id === FLOOR);
  const bare = rows.find((row) => row.id === BARE);
  const ratiosTo = (row: (typeof rows)[number], to: typeof peer) =>
    Object.fromEntries(
      RATIO_FIGURES.map((figure) => [figure, ratio(medianOf(row, figure), medianOf(to, figure))]),
    ) as Record<RatioFigure, number | null>;
  return rows.map((row) => ({
    ...row,
    ratios: { toPeer: ratiosTo(row, peer), toFloor: ratiosTo(row, floor), toBare: ratiosTo(row, bare) },
  }));
}
