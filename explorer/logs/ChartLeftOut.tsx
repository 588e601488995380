// Under a chart whose span left out logs a wrong clock dated (docs/volume-and-counts.md#a-wrong-clock): which, by the
// earliest or latest of them, and "draw them too", which makes the view's range hold them, so that the bars span
// them as a named range's do. The list and the count hold them whatever the chart draws.
import type { ChartLeftOut as LeftOut } from '../api.ts';
import { absoluteTime, isoTime } from '../format.ts';
import { useZone } from '../time-zone.ts';
import { useQuery } from '../use-query.ts';

export function ChartLeftOut({ leftOut }: { leftOut: LeftOut | undefined }) {
  const zone = useZone();
  const [, change] = useQuery();
  if (!leftOut || (leftOut.before === undefined && leftOut.after === undefined)) return null;
  const at = (ms: number) => <time dateTime={isoTime(ms)}>{absoluteTime(ms, zone).slice(0, 19)}</time>;
  const { before, after } = leftOut;
  return (
    <p className="muted chart-left-out">
      Not drawn: logs dated {before !== undefined ? <>before 2000 (the earliest {at(before)})</> : null}
      {before !== undefined && after !== undefined ? ' and ' : null}
      {after !== undefined ? <>more than a day ahead (the latest {at(after)})</> : null}, as a wrong clock dates them;
      the list and the count hold them.{' '}
      <button
        type="button"
        className="scan-further"
        onClick={() =>
          change({
            ...(before !== undefined && { from: isoTime(before) }),
            ...(after !== undefined && { to: isoTime(after + 1) }),
          })
        }
      >
        Draw them too
      </button>
    </p>
  );
}
