// The volume rollup's reading side (docs/volume-and-counts.md#the-rollup): each store keeps its apps' logs counted per
// second, minute and hour (a grain) and level as they are stored; a view narrowed by nothing but its levels and time
// range reads whole slots of the coarsest grain that fits, the finer grains at the range's edges, and the logs only for
// the parts of a second left at either end. So its counts stay exact and cost what the range spans, not what it holds.
import { VOLUME_GRAINS } from '../stores/explorer-queries.ts';
import type { ExplorerQueries, LogFilter } from '../stores/explorer-queries.types.ts';

const HOUR = VOLUME_GRAINS[0]!;

/** Whether the rollup can answer for `filter`: nothing but the app, its levels and a time range narrow it. */
export function rollupFits(filter: LogFilter): boolean {
  const { appKey: _app, levels: _levels, from: _from, to: _to, q: _q, search, exclude, tags, ...rest } = filter;
  const none = (value: unknown) => value === undefined || (Array.isArray(value) && value.length === 0);
  return (
    (search === undefined || search.groups.length === 0) &&
    none(tags) &&
    Object.values(exclude ?? {}).every(none) &&
    Object.values(rest).every(none)
  );
}

/** Slots `from` (inclusive) to `to` (exclusive) of a grain; an end left out is open. */
interface RollupPiece {
  grain: number;
  from?: number;
  to?: number;
}

/** [from, to) as whole slots of the coarsest grains of `grains` it holds, finer grains toward its edges, and the
 * parts of the finest grain's slots left at either end (`edges`, in milliseconds, which only the logs can count). */
export function cutRange(
  from: number | undefined,
  to: number | undefined,
  grains: readonly number[],
): { pieces: RollupPiece[]; edges: { from: number; to: number }[] } {
  const pieces: RollupPiece[] = [];
  const edges: { from: number; to: number }[] = [];
  const cut = (start: number | undefined, end: number | undefined, index: number) => {
    if (start !== undefined && end !== undefined && start >= end) return;
    const grain = grains[index];
    if (grain === undefined) {
      edges.push({ from: start!, to: end! });
      return;
    }
    const first = start === undefined ? undefined : Math.ceil(start / grain);
    const last = end === undefined ? undefined : Math.floor(end / grain);
    if (first !== undefined && last !== undefined && first >= last) return cut(start, end, index + 1);
    pieces.push({ grain, ...(first !== undefined && { from: first }), ...(last !== undefined && { to: last }) });
    if (start !== undefined) cut(start, first! * grain, index + 1);
    if (end !== undefined) cut(last! * grain, end, index + 1);
  };
  cut(from, to, 0);
  return { pieces, edges };
}

/** The filter's logs counted per bucket of `bucketMs` and level, as ExplorerQueries.volume counts them, from the
 * rollup and the edges' logs; for a filter that rollupFits. */
export async function rolledUpVolume(
  queries: ExplorerQueries,
  filter: LogFilter,
  bucketMs: number,
): Promise<{ bucket: number; level: number; n: number }[]> {
  // Every bucket width of the histogram (server/explorer/volume.ts) is a multiple of a second, and each of a minute or
  // an hour from that width up: the grains that divide it put each slot in one bucket whole.
  const grains = VOLUME_GRAINS.filter((grain) => bucketMs % grain === 0);
  const { pieces, edges } = cutRange(filter.from, filter.to, grains);
  const kept = (level: number) => filter.levels === undefined || filter.levels.includes(level);
  const parts = await Promise.all([
    ...pieces.map(async ({ grain, from, to }) =>
      (await queries.rollup(filter.appKey, grain, from, to))
        .filter((row) => kept(row.level))
        .map((row) => ({ bucket: Math.floor((row.slot * grain) / bucketMs), level: row.level, n: row.n })),
    ),
    ...edges.map((edge) => queries.volume({ ...filter, ...edge }, bucketMs)),
  ]);
  return parts.flat();
}

/** How many logs a filter that rollupFits matches: exact, however many. */
export async function rolledUpCount(queries: ExplorerQueries, filter: LogFilter): Promise<number> {
  let count = 0;
  for (const row of await rolledUpVolume(queries, filter, HOUR)) count += row.n;
  return count;
}
