// A saved view's alert (docs/explorer.md#alerts): more than N logs in M minutes, or none in M minutes, checked by the
// service every minute. What the explorer's page and the service share: its shape, the words that say it, and the
// rules of a valid one, with the error texts of docs/errors.md#explorer-alerts.
import { COUNT_CAP } from './api.types.ts';

export type ViewAlert = { kind: 'above'; count: number; minutes: number } | { kind: 'none'; minutes: number };

/** The longest window: a day, which the histogram's rollup counts in a few rows. */
export const MAX_ALERT_MINUTES = 1_440;
/** Below the explorer's count cap, so that "more than N" is decided by an exact count. */
export const MAX_ALERT_COUNT = COUNT_CAP - 1;
/** Only the stream's views are counted: their query is the stream's filters. */
export const ALERT_PATH = '/logs';

/** One firing of an alert, with its clearing once the condition stopped holding (`GET …/alerts`, newest first). */
export interface AlertFiring {
  id: number;
  view_id: string;
  view_name: string;
  condition: ViewAlert;
  /** ISO times, and the view's count when it fired and when it cleared. */
  fired_at: string;
  count: number;
  cleared_at: string | null;
  cleared_count: number | null;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "more than 20 logs in 5 minutes", "no log in 30 minutes": the condition in the page and in the webhook's body. */
export function alertText(alert: ViewAlert): string {
  const window = plural(alert.minutes, 'minute');
  return alert.kind === 'above' ? `more than ${plural(alert.count, 'log')} in ${window}` : `no log in ${window}`;
}

const whole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The alert a request's `alert` describes (null removes it), or why it cannot be kept. */
export function parseViewAlert(value: unknown): ViewAlert | null | string {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value) || value === undefined)
    return `'alert' must be an object, or null to remove it`;
  const { kind, count, minutes } = value as Record<string, unknown>;
  if (kind !== 'above' && kind !== 'none') return `'alert.kind' must be 'above' or 'none'`;
  if (!whole(minutes, 1, MAX_ALERT_MINUTES))
    return `'alert.minutes' must be a whole number of minutes from 1 to ${MAX_ALERT_MINUTES}`;
  if (kind === 'none') {
    if (count !== undefined) return `'alert.count' goes with kind 'above' only`;
    return { kind, minutes };
  }
  if (!whole(count, 0, MAX_ALERT_COUNT)) return `'alert.count' must be a whole number from 0 to ${MAX_ALERT_COUNT}`;
  return { kind, count, minutes };
}

/** Whether the condition holds for a window's count. */
export const alertHolds = (alert: ViewAlert, count: number): boolean =>
  alert.kind === 'above' ? count > alert.count : count === 0;
