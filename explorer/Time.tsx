// A time as every page writes it: one format, in the zone the viewer chose (explorer/format.ts).
import { absoluteTime, isoTime } from './format.ts';
import { useZone } from './time-zone.ts';

export function Time({ value }: { value: number | string }) {
  const zone = useZone();
  const ms = typeof value === 'string' ? Date.parse(value) : value;
  return <time dateTime={isoTime(ms)}>{absoluteTime(value, zone)}</time>;
}
