// Logs whose times straddle the ClickHouse store's time windows (server/stores/clickhouse/time-windows.ts), for the
// tests that read a view newest first across them: a device's clock ahead, ties on the newest window's edge and either
// side of it, logs hours apart, days apart, after a year's silence and before 1970.
import type { LogRecord } from '../../../protocol/records.types.ts';
import { FIRST_WINDOW_MS } from '../../../server/stores/clickhouse/time-windows.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far back the silence reaches: a view whose `to` falls in it finds its first window empty. */
export const SILENCE_DAYS = 400;

/** The logs' times for a view whose newest window is the 15 minutes below `top`. */
export function windowLogTimes(top: number): number[] {
  const edge = top - FIRST_WINDOW_MS;
  return [
    top + 2 * DAY,
    top + 2 * DAY,
    top - MINUTE,
    top - 5 * MINUTE,
    edge + 1,
    edge,
    edge,
    edge,
    edge - 0.5,
    edge - 1,
    ...Array.from({ length: 12 }, (_, i) => top - (i + 1) * HOUR - 0.25),
    ...Array.from({ length: 12 }, (_, i) => top - (i + 2) * 1.5 * DAY),
    ...Array.from({ length: 6 }, (_, i) => top - SILENCE_DAYS * DAY - i * MINUTE),
    -1_000,
    -1_000,
  ];
}

/** The logs at those times: each its own text, one in three an error (level 2). */
export const windowLogs = (top: number): LogRecord[] =>
  windowLogTimes(top).map((at, i) => ({
    x: new Date(Math.max(0, at)).toISOString(),
    at,
    t: `window log ${i}`,
    ll: i % 3 === 0 ? 2 : 0,
    tg: 'ui',
  }));

export const WINDOW_DAY = DAY;
