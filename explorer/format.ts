// How the explorer writes levels and times.
export const LEVELS = [
  { value: 0, name: 'debug', label: 'Debug' },
  { value: 1, name: 'warning', label: 'Warning' },
  { value: 2, name: 'error', label: 'Error' },
  { value: 3, name: 'trace', label: 'Trace' },
  { value: 4, name: 'info', label: 'Info' },
  { value: 5, name: 'fatal', label: 'Fatal' },
] as const;

export const levelOf = (ll: number | null) => LEVELS[ll ?? 0] ?? LEVELS[0];

/** 2026-11-23 17:05:09.123, in the viewer's time zone. */
export function absoluteTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
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

/** "3 minutes ago", from `now`. */
export function relativeTime(ms: number, now = Date.now()): string {
  const delta = ms - now;
  for (const [unit, size] of UNITS) if (Math.abs(delta) >= size || unit === 'second') return relative.format(Math.round(delta / size), unit);
  return '';
}

/** An ISO time as a datetime-local input shows it, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const ms = /^\d+$/.test(iso) ? Number(iso) : Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return absoluteTime(ms).replace(' ', 'T').slice(0, 19);
}
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
