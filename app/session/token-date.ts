// token_date is a calendar date (YYYY-MM-DD) in the partner's local time zone.
import { SESSION_DAYS_FORGOTTEN } from '../../portal/constants.ts';

export function formatDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * One year ahead with 'Запомнить меня', one day ahead without (docs/portal.md#session). The year is a calendar
 * year (2027-11-22 -> 2028-11-22), not 365 days, so it stays "one year" across a 29 February.
 */
export function tokenDate(now: Date, remember: boolean): string {
  const expiry = new Date(now);
  if (remember) expiry.setFullYear(expiry.getFullYear() + 1);
  else expiry.setDate(expiry.getDate() + SESSION_DAYS_FORGOTTEN);
  return formatDate(expiry);
}

/** A session lasts through its token_date; once that day has passed it counts as absent (docs/portal.md#session). */
export function isExpired(date: string, now: Date): boolean {
  return !/^\d{4}-\d{2}-\d{2}$/.test(date) || date < formatDate(now);
}
