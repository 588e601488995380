// The log stream's filters, named here once: the same names in the explorer page's address (so a view is a link)
// and in the API's query (server/explorer/api.ts), parsed here with a clear error for anything malformed. A new
// filter is a name in FILTER_NAMES, a field of LogFilters, its line in parseLogFilters, a field in the page's form
// (explorer/logs/LogFilters.tsx) and its clause in each store's queries (server/stores/sqlite|postgres/explorer-queries.ts).
//   level=error,fatal|none  tag=net (repeatable)  q=query  key=plan&value=gold  from=ISO|ms  to=ISO|ms  session=uid  device=udid
//   file=checkout.ts  url=https://…  version=2.1.0  language=en-GB  (each repeatable)
//   -tag=net  -file=checkout.ts  -url=https://…  -device=udid  -version=2.0.9  -language=de-DE
//   (each repeatable: logs with none of them; docs/facets.md#exclusion)
import { LogLevel } from '../protocol/levels.ts';
import { parseSearchQuery, SearchQueryError, type SearchQuery } from './search-query.ts';

export const FILTER_NAMES = [
  'level',
  'tag',
  'q',
  'key',
  'value',
  'from',
  'to',
  'session',
  'device',
  'file',
  'url',
  'version',
  'language',
  '-tag',
  '-file',
  '-url',
  '-device',
  '-version',
  '-language',
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** `level=none`: the viewer unticked every level. */
export const NO_LEVEL = 'none';

/** What the filters ask for; every field left out matches every log. */
export interface LogFilters {
  /** Any of these levels (a log without a level counts as Debug, 0). */
  levels?: number[];
  /** Any of these tags. */
  tags?: string[];
  /** The search box's query as typed (docs/explorer.md#search), */
  q?: string;
  /** and as parsed: what the stores compile. */
  search?: SearchQuery;
  /** Logs of devices whose key has this value now (the value as typed: "gold", 42, true). */
  deviceKey?: { key: string; value: string };
  /** Epoch milliseconds: from inclusive, to exclusive. */
  from?: number;
  to?: number;
  session?: string;
  device?: string;
  /** Any of these files (the log's `f`). */
  files?: string[];
  /** Any of these URLs (the log's `u`). */
  urls?: string[];
  /** Logs of sessions of any of these app versions, or languages (as the session names them). */
  versions?: string[];
  languages?: string[];
  /** Logs with none of these: a log without a tag, file or URL (a session without a version or language) is kept. */
  exclude?: {
    tags?: string[];
    files?: string[];
    urls?: string[];
    devices?: string[];
    versions?: string[];
    languages?: string[];
  };
}

/** A query's parameters, as URLSearchParams reads them in the page and in the service; only filter names are read. */
export interface FilterParams {
  get(name: FilterName): string | null;
  getAll(name: FilterName): string[];
}

/** A query parameter the API cannot take: answered 400 with its message. */
export class FilterError extends Error {}

const LEVEL_BY_NAME: Record<string, number> = Object.fromEntries(
  Object.entries(LogLevel).map(([name, level]) => [name.toLowerCase(), level]),
);
/** Each level's name in the `level` parameter, by its value: 'debug' at 0 … 'fatal' at 5. */
export const LOG_LEVEL_NAMES: readonly string[] = Object.entries(LEVEL_BY_NAME).reduce<string[]>(
  (names, [name, level]) => ((names[level] = name), names),
  [],
);

function time(name: FilterName, value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw new FilterError(`'${name}' must be an ISO date-time or epoch milliseconds`);
  return ms;
}

/** A repeatable parameter's non-empty values, or undefined when there are none. */
function all(query: FilterParams, name: FilterName): string[] | undefined {
  const values = query.getAll(name).filter((value) => value !== '');
  return values.length > 0 ? values : undefined;
}

/** The filters `query` names; throws FilterError. */
export function parseLogFilters(query: FilterParams): LogFilters {
  const filters: LogFilters = {};
  const level = query.get('level');
  // Every level unticked: no log, said so, rather than no filter (docs/volume-and-counts.md#no-level).
  if (level === NO_LEVEL) filters.levels = [];
  else if (level) {
    filters.levels = level.split(',').map((name) => {
      const value = LEVEL_BY_NAME[name.trim().toLowerCase()];
      if (value === undefined)
        throw new FilterError(`'level' must list levels among ${Object.keys(LEVEL_BY_NAME).join(', ')}`);
      return value;
    });
  }
  const tags = query.getAll('tag').filter((tag) => tag !== '');
  if (tags.length > 0) filters.tags = tags;
  const q = query.get('q')?.trim();
  if (q) {
    filters.q = q;
    try {
      filters.search = parseSearchQuery(q);
    } catch (error) {
      throw error instanceof SearchQueryError ? new FilterError(error.message) : error;
    }
  }
  const key = query.get('key');
  if (key) filters.deviceKey = { key, value: query.get('value') ?? '' };
  filters.from = time('from', query.get('from'));
  filters.to = time('to', query.get('to'));
  const session = query.get('session');
  if (session) filters.session = session;
  const device = query.get('device');
  if (device) filters.device = device;
  const files = all(query, 'file');
  if (files) filters.files = files;
  const urls = all(query, 'url');
  if (urls) filters.urls = urls;
  const versions = all(query, 'version');
  if (versions) filters.versions = versions;
  const languages = all(query, 'language');
  if (languages) filters.languages = languages;
  const exclude = {
    tags: all(query, '-tag'),
    files: all(query, '-file'),
    urls: all(query, '-url'),
    devices: all(query, '-device'),
    versions: all(query, '-version'),
    languages: all(query, '-language'),
  };
  if (Object.values(exclude).some(Boolean))
    filters.exclude = Object.fromEntries(Object.entries(exclude).filter(([, values]) => values));
  return filters;
}
