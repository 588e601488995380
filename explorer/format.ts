// How the explorer writes levels and times: every time on every page is written here, in one format, in the zone the
// viewer chose (docs/explorer-views.md#time).
import { zoneStore, type Zone } from './time-zone.ts';

export const LEVELS = [
  { value: 0, name: 'debug', label: 'Debug' },
  { value: 1, name: 'warning', label: 'Warning' },
  { value: 2, name: 'error', label: 'Error' },
  { value: 3, name: 'trace', label: 'Trace' },
  { value: 4, name: 'info', label: 'Info' },
  { value: 5, name: 'fatal', label: 'Fatal' },
] as const;

export const levelOf = (ll: number | null) => LEVELS[ll ?? 0] ?? LEVELS[0];

export type { Zone };

const two = (n: number) => String(n).padStart(2, '0');

/** The parts of a time in a zone: year, month, day, hours, minutes, seconds, milliseconds. */
function partsOf(ms: number, zone: Zone): number[] {
  const d = new Date(ms);
  return zone === 'utc'
    ? [
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
        d.getUTCMilliseconds(),
      ]
    : [
        d.getFullYear(),
        d.getMonth() + 1,
        d.getDate(),
        d.getHours(),
        d.getMinutes(),
        d.getSeconds(),
        d.getMilliseconds(),
      ];
}

/** 2026-11-23 17:05:09.123, in `zone` (by default the viewer's choice as it stands; a component that should follow
 * the switch as it moves renders explorer/Time.tsx or reads useZone); an ISO string is read first. */
export function absoluteTime(time: number | string, zone: Zone = zoneStore.getState().zone): string {
  const ms = typeof time === 'string' ? Date.parse(time) : time;
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return String(time);
  const [year, month, day, hours, minutes, seconds, millis] = partsOf(ms, zone) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return `${year}-${two(month)}-${two(day)} ${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, '0')}`;
}

/** How the page names `zone`: "UTC", or the viewer's zone with its offset now, "Europe/Berlin, UTC+01:00". */
export function zoneLabel(zone: Zone, now = Date.now()): string {
  if (zone === 'utc') return 'UTC';
  const offset = -new Date(now).getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `${name}, UTC${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/** The ISO form of a time for a `dateTime` attribute, or undefined past the dates JavaScript knows (the collector
 * keeps no such time now, but an earlier one did, and `toISOString` throws on it). */
export function isoTime(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 minutes ago", from `now`. Never in the future: the page's `now` moves on every few seconds while rows keep
 * arriving, and a device's clock a little ahead of the viewer's is no news; so a later time reads "now". */
export function relativeTime(ms: number, now = Date.now()): string {
  const delta = Math.min(0, ms - now);
  for (const [unit, size] of UNITS)
    if (Math.abs(delta) >= size || unit === 'second') return relative.format(Math.round(delta / size), unit);
  return '';
}

/** A span of time as "1 h 2 min 5 s": whole seconds, the larger units only when it reaches them; under a second, its
 * milliseconds. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = Math.round(ms / 1000);
  const parts: string[] = [];
  if (seconds >= 3600) parts.push(`${Math.floor(seconds / 3600)} h`);
  if (seconds >= 60) parts.push(`${Math.floor((seconds % 3600) / 60)} min`);
  parts.push(`${seconds % 60} s`);
  return parts.join(' ');
}

/** An ISO time (or epoch milliseconds) as a From or To field shows it in `zone`: the one format, to the second
 * (text fields, not datetime-local, whose display follows the browser's locale, "12/03/2026, 05:00:00 PM", and
 * takes seven tab stops). */
export function toLocalInput(iso: string | null, zone: Zone = zoneStore.getState().zone): string {
  if (!iso) return '';
  const ms = /^\d+$/.test(iso) ? Number(iso) : Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return absoluteTime(ms, zone).slice(0, 19);
}

/** What a From or To field takes: the one format, seconds and milliseconds optional, or ISO's `T` in place of the space. */
const TIME_INPUT_PATTERN = '\\s*\\d{4}-\\d\\d-\\d\\d[ T]\\d\\d:\\d\\d(:\\d\\d(\\.\\d{1,3})?)?\\s*';
const TIME_INPUT = new RegExp(`^${TIME_INPUT_PATTERN}$`);

/** The moment a field's value names in `zone`, in milliseconds; NaN for a value not in the format or no such time. */
function inputMs(value: string, zone: Zone): number {
  if (!TIME_INPUT.test(value)) return NaN;
  const [year, month, day, hours, minutes, seconds = 0, millis = 0] = value
    .trim()
    .split(/[-T :.]/)
    .map((part, i) => (i === 6 ? Number(part.padEnd(3, '0')) : Number(part)));
  const parts = [year!, month! - 1, day!, hours!, minutes!, seconds, millis] as const;
  const date = zone === 'utc' ? new Date(Date.UTC(...parts)) : new Date(...parts);
  // No such day or hour (2026-02-30, 25:00): Date rolls it over, and the parts read back differ.
  const back = partsOf(date.getTime(), zone);
  return back[0] === year && back[1] === month && back[2] === day && back[3] === hours && back[4] === minutes
    ? date.getTime()
    : NaN;
}

/** Whether a From or To field's value is a time (or empty). */
export const isTimeInput = (value: string, zone: Zone = zoneStore.getState().zone): boolean =>
  value.trim() === '' || Number.isFinite(inputMs(value, zone));

/** A From or To field's value as an ISO time, or undefined when it is empty or no time. */
export function fromLocalInput(value: string, zone: Zone = zoneStore.getState().zone): string | undefined {
  const ms = inputMs(value, zone);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** "1 occurrence", "2 occurrences", "1,273 lines": a count with its noun, singular for one. */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Whether the time something arrived (the collector's clock) differs from its logs' own time by more than a minute,
 * so that the page shows it apart: a device's clock and the upload's delay make small gaps, a night offline large. */
export const arrivedApart = (at: number, arrived: string | number): boolean =>
  Math.abs((typeof arrived === 'string' ? Date.parse(arrived) : arrived) - at) > 60_000;
