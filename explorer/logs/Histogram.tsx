// The volume of the current query over time, stacked by level, above the stream (docs/volume-and-counts.md#volume).
// The service counts it (GROUP BY a bucket); the page only draws it, in plain SVG. Dragging across it (or clicking a
// bar) sets the view's time range to the buckets covered, which the address keeps as from and to.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { barsAfterKey } from './histogram-keys.ts';
import { ChartLeftOut } from './ChartLeftOut.tsx';
import type { LogVolume } from '../api.ts';
import { absoluteTime, LEVELS } from '../format.ts';
import { useZone, type Zone } from '../time-zone.ts';
import type { QueryChange } from '../use-query.ts';
import { shownData, useJson } from '../use-json.ts';

/** The most severe at the bottom of a bar, where the eye meets it first. */
const STACK = [5, 2, 1, 4, 3, 0].map((value) => LEVELS[value]!);
const BAR = 10;
const HEIGHT = 60;

const total = (levels: number[]) => levels.reduce((sum, n) => sum + n, 0);
const plural = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'log' : 'logs'}`;

/** "5 minutes", "1 hour", "2 days": a bucket's width in words. */
export function widthText(ms: number): string {
  for (const [unit, size] of [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1000],
  ] as const) {
    if (ms % size === 0) return `${ms / size} ${unit}${ms === size ? '' : 's'}`;
  }
  return `${ms} ms`;
}

function bucketTitle(at: number, bucketMs: number, levels: number[], zone: Zone): string {
  const byLevel = STACK.filter((level) => levels[level.value]! > 0).map(
    (level) => `${levels[level.value]!.toLocaleString('en')} ${level.label}`,
  );
  return `${absoluteTime(at, zone).slice(0, 19)} – ${absoluteTime(at + bucketMs, zone).slice(0, 19)}: ${plural(total(levels))}${byLevel.length > 0 ? ` (${byLevel.join(', ')})` : ''}`;
}

export function Histogram({
  appId,
  filters,
  change,
}: {
  appId: string;
  filters: string;
  change(changes: QueryChange): void;
}) {
  // The zone read here, not by absoluteTime's default, so that the switch draws the times again in the new zone.
  const zone = useZone();
  const volume = useJson<LogVolume>(`/apps/${encodeURIComponent(appId)}/logs/volume?${filters}`);
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const shown = shownData(volume);
  if (shown === undefined || shown.buckets.length === 0) return null;
  const { buckets, bucketMs } = shown;
  const highest = Math.max(1, ...buckets.map((bucket) => total(bucket.levels)));

  const indexAt = (event: PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    return Math.min(
      buckets.length - 1,
      Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * buckets.length)),
    );
  };
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const index = indexAt(event);
    setDrag({ start: index, end: index });
  };
  const onPointerMove = (event: PointerEvent) => {
    if (drag) setDrag({ ...drag, end: indexAt(event) });
  };
  const zoom = (low: number, high: number) =>
    change({
      from: new Date(buckets[low]!.at).toISOString(),
      to: new Date(buckets[high]!.at + bucketMs).toISOString(),
    });
  const onPointerUp = (event: PointerEvent) => {
    if (!drag) return;
    const end = indexAt(event);
    setDrag(null);
    zoom(Math.min(drag.start, end), Math.max(drag.start, end));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const after = barsAfterKey(drag, event.key, event.shiftKey, buckets.length);
    if (!after.handled) return;
    event.preventDefault();
    setDrag(after.chosen);
    if (after.apply) zoom(after.apply.low, after.apply.high);
  };
  const chosenText = drag
    ? (() => {
        const [low, high] = [Math.min(drag.start, drag.end), Math.max(drag.start, drag.end)];
        const count = buckets.slice(low, high + 1).reduce((all, bucket) => all + total(bucket.levels), 0);
        return `Chosen: ${absoluteTime(buckets[low]!.at, zone).slice(0, 19)} – ${absoluteTime(buckets[high]!.at + bucketMs, zone).slice(0, 19)}, ${plural(count)}. Enter makes it the range.`;
      })()
    : '';

  const first = buckets[0]!.at;
  const last = buckets.at(-1)!.at + bucketMs;
  const sum = buckets.reduce((all, bucket) => all + total(bucket.levels), 0);
  return (
    <figure className="histogram card" aria-busy={volume.state === 'loading'}>
      <svg
        ref={svg}
        role="img"
        // Focusable, so that the keyboard zooms as the pointer does (explorer/logs/histogram-keys.ts).
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setDrag(null)}
        // Worded without "from" or "to", which would make it answer for the fields of those names (getByLabel).
        aria-label={`Logs over time: ${plural(sum)}, ${absoluteTime(first, zone).slice(0, 19)} – ${absoluteTime(last, zone).slice(0, 19)}, in bars of ${widthText(bucketMs)}. Dragging across bars, or choosing them with the arrow keys (Shift to widen) and Enter, makes their span the range.`}
        viewBox={`0 0 ${buckets.length * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
      >
        {buckets.map((bucket, index) => {
          let y = HEIGHT;
          return (
            <g key={bucket.at} className="histogram-bucket">
              <title>{bucketTitle(bucket.at, bucketMs, bucket.levels, zone)}</title>
              {/* The whole column takes the pointer, so an empty bucket can start or end a drag. */}
              <rect className="histogram-hit" x={index * BAR} y={0} width={BAR} height={HEIGHT} />
              {STACK.map((level) => {
                const n = bucket.levels[level.value]!;
                if (n === 0) return null;
                const height = (n / highest) * HEIGHT;
                y -= height;
                return (
                  <rect
                    key={level.name}
                    className={`histogram-bar level-${level.name}`}
                    x={index * BAR + 1}
                    y={y}
                    width={BAR - 2}
                    height={height}
                  />
                );
              })}
            </g>
          );
        })}
        {drag ? (
          <rect
            className="histogram-selection"
            x={Math.min(drag.start, drag.end) * BAR}
            y={0}
            width={(Math.abs(drag.end - drag.start) + 1) * BAR}
            height={HEIGHT}
          />
        ) : null}
      </svg>
      <p className="visually-hidden" aria-live="polite">
        {chosenText}
      </p>
      <figcaption className="histogram-axis muted">
        <span>{absoluteTime(first, zone).slice(0, 19)}</span>
        <span>bars of {widthText(bucketMs)}</span>
        <span>{absoluteTime(last, zone).slice(0, 19)}</span>
      </figcaption>
      <ChartLeftOut leftOut={shown.leftOut} />
    </figure>
  );
}
