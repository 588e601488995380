// The explorer's filters as query parameters: the same names in the page's address (so a view is a link) and in
// the API's, parsed here with a clear error for anything malformed.
//   level=error,fatal  tag=net (repeatable)  q=words  key=plan&value=gold  from=ISO|ms  to=ISO|ms  session=uid  device=udid
import { LogLevel } from '../protocol/levels.ts';
import type { LogFilter } from '../server/explorer-queries.types.ts';

const LEVEL_BY_NAME: Record<string, number> = Object.fromEntries(Object.entries(LogLevel).map(([name, level]) => [name.toLowerCase(), level]));

export class FilterError extends Error {}

function time(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw new FilterError(`'${name}' must be an ISO date-time or epoch milliseconds`);
  return ms;
}

/** The log filter named by `query` for the app `appKey`; throws FilterError. */
export function parseLogFilter(appKey: string, query: URLSearchParams): LogFilter {
  const filter: LogFilter = { appKey };
  const level = query.get('level');
  if (level) {
    filter.levels = level.split(',').map((name) => {
      const value = LEVEL_BY_NAME[name.trim().toLowerCase()];
      if (value === undefined) throw new FilterError(`'level' must list levels among ${Object.keys(LEVEL_BY_NAME).join(', ')}`);
      return value;
    });
  }
  const tags = query.getAll('tag').filter((tag) => tag !== '');
  if (tags.length > 0) filter.tags = tags;
  const q = query.get('q')?.trim();
  if (q) filter.q = q;
  const key = query.get('key');
  if (key) filter.deviceKey = { key, value: query.get('value') ?? '' };
  filter.from = time('from', query.get('from') ?? undefined);
  filter.to = time('to', query.get('to') ?? undefined);
  const session = query.get('session');
  if (session) filter.session = session;
  const device = query.get('device');
  if (device) filter.device = device;
  return filter;
}

/** A positive integer parameter, within bounds, or its default. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new FilterError(`'${name}' must be a whole number`);
  return Math.min(Number(value), max);
}
