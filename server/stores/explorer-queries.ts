// What the stores' explorer queries (server/stores/explorer-queries.types.ts) share at run time: the log columns a list reads,
// the search terms a scan reads, the keyset cursor, the SQL both dialects write alike, and rows back to the API's
// answers.
import type { DeviceInfo, SessionPayload } from '../../protocol/records.types.ts';
import {
  LEVEL_COLUMNS,
  LIST_TEXT_CHARS,
  type AroundLogs,
  type ExplorerDevice,
  type ExplorerLog,
  type ExplorerSession,
  type LogPage,
  type ScanProgress,
  type SessionSort,
} from '../../explorer-contract/api.types.ts';
import type { SearchQuery, SearchTerm } from '../../explorer-contract/search-query.ts';
import { NETWORK_TAG } from '../../protocol/limits.ts';
import { columnList } from './log-columns.ts';
import type {
  ExplorerDeviceRow,
  ExplorerQueries,
  ExplorerSessionRow,
  LogCursor,
  LogFilter,
} from './explorer-queries.types.ts';

/** A log's columns as the explorer reads them, with its session's and device's, from LOG_FROM: the same SQL in both
 * dialects. */
export const LOG_COLUMNS = `l.id, s.session_uid, s.udid, coalesce(d.name, '') AS device_name, ${columnList('l.')}`;
/** The logs with their sessions and devices, as LOG_COLUMNS reads them. */
export const LOG_FROM = `logs l JOIN sessions s ON s.id = l.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

/** A store's log columns as a list reads them: the text cut in SQL, so that a long line never leaves the database for
 * a list, and its whole length when it was cut (docs/explorer-views.md#long-lines). `cut` and `length` are the
 * store's SQL for the first LIST_TEXT_CHARS characters of a text and its length in characters. */
export function listLogColumns(
  columns: string,
  cut: (text: string, chars: number) => string,
  length: (text: string) => string,
): string {
  return columns.replace(
    'l.t,',
    `${cut('l.t', LIST_TEXT_CHARS)} AS t, CASE WHEN ${length('l.t')} > ${LIST_TEXT_CHARS} THEN ${length('l.t')} END AS t_length,`,
  );
}

/** The filters a log can be excluded by that name one of its columns (docs/facets.md), with that column; a device
 * is excluded through its sessions, by each store. */
export const EXCLUDED_COLUMNS = [
  ['tags', 'tg'],
  ['files', 'f'],
  ['urls', 'u'],
] as const;

/** The filters that keep (or hide) logs by a field of their session, with that field (docs/facets.md#exclusion). */
export const SESSION_FILTERS = [
  ['versions', 'version'],
  ['languages', 'language'],
] as const;

export const LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** The most logs a page of a search holding a fragment reads (docs/explorer.md#fragments), a count of rows rather than
 * milliseconds so that where a page stops does not hang on the machine's load; a count reads within the same budget. */
export const SCAN_ROWS = 200_000;
/** The code of the error a store's read fails with once past its time budget, where the database has no statement
 * timeout of its own (server/stores/sqlite/read-deadline.ts): the explorer's API answers 422, as for PostgreSQL's. */
export const READ_BUDGET_SPENT = 'SIDELOG_READ_BUDGET';

/** Whether a term is tested on each log read, with no index to find it: a fragment, a file, method or URL value, a
 * network line's status or duration, a field parsed from the text (docs/explorer.md#parsed-fields). */
export const isScanned = (term: SearchTerm): boolean =>
  term.kind === 'fragment' ||
  term.kind === 'network' ||
  term.kind === 'parsed' ||
  (term.kind === 'field' && (term.field === 'file' || term.field === 'method' || term.field === 'url'));

/** A query's groups split in two: those an index or an equality answers, which narrow the logs read, and those holding
 * a term tested on each log read (`narrowing` AND `scanned` is the query). A group of `status:` and `duration>` terms
 * only (none negated) matches network lines only, so `tag:bf_network` joins the narrowing groups: the scan then reads
 * the network lines by the tag index, not every log of the view. */
export function splitScanned(search: SearchQuery): { narrowing: SearchQuery; scanned: SearchQuery } {
  const scanned = search.groups.filter((group) => group.some((clause) => isScanned(clause.term)));
  const narrowing = search.groups.filter((group) => !scanned.includes(group));
  if (scanned.some((group) => group.every((clause) => clause.term.kind === 'network' && !clause.negated)))
    narrowing.push([{ negated: false, term: { kind: 'field', field: 'tag', value: NETWORK_TAG } }]);
  return { narrowing: { groups: narrowing }, scanned: { groups: scanned } };
}

/** How far a store's scan of a view read (its `read` logs, the `last` of them, whether it reached the view's oldest),
 * as the answers of a view with a fragment say it (docs/explorer.md#fragments). */
export function scanProgress(scan: { read: number; last: LogCursor | undefined; complete: boolean }): ScanProgress {
  return { scanned: scan.read, scannedTo: scan.last && scan.read > 0 ? scan.last.at : null, complete: scan.complete };
}

/** The logs' counts per (bucket of `bucketMs`, level), as `volume` answers them. */
export function bucketCounts(
  logs: { at: number; level: number }[],
  bucketMs: number,
): { bucket: number; level: number; n: number }[] {
  const counts = new Map<string, { bucket: number; level: number; n: number }>();
  for (const log of logs) {
    const bucket = Math.floor(log.at / bucketMs);
    const key = `${bucket}_${log.level}`;
    const row = counts.get(key);
    if (row) row.n++;
    else counts.set(key, { bucket, level: log.level, n: 1 });
  }
  return [...counts.values()];
}

/** The query's own `level:`, `tag:`, `session:` and `device:` terms (each alone in its group, not negated) as the
 * filters they equal, where the filter does not name that field already: a store plans a filter by its index, and a
 * search term as a test of each log read, so `level:fatal file:router` read every log of the app where `&level=fatal`
 * read the fatal ones (docs/explorer.md#search). */
export function liftFilters(filter: LogFilter): LogFilter {
  if (!filter.search?.groups.length) return filter;
  const lifted: LogFilter = { ...filter };
  const groups = filter.search.groups.filter((group) => {
    if (group.length !== 1 || group[0]!.negated) return true;
    const term = group[0]!.term;
    if (term.kind === 'level' && lifted.levels === undefined) {
      lifted.levels = [term.level];
      return false;
    }
    if (term.kind !== 'field') return true;
    if (term.field === 'tag' && lifted.tags === undefined) {
      lifted.tags = [term.value];
      return false;
    }
    if ((term.field === 'session' || term.field === 'device') && !lifted.session && !lifted.device) {
      lifted[term.field] = term.value;
      return false;
    }
    return true;
  });
  return { ...lifted, search: { groups } };
}

export const encodeCursor = (cursor: LogCursor) => `${cursor.at}_${cursor.id}`;
export function decodeCursor(value: string): LogCursor | undefined {
  const match = /^(-?\d+(?:\.\d+)?)_(\d+)$/.exec(value);
  if (!match) return undefined;
  const cursor = { at: Number(match[1]), id: Number(match[2]) };
  // No id this API gives is past 2^53 (nor would PostgreSQL's bigint take one).
  return Number.isFinite(cursor.at) && Number.isSafeInteger(cursor.id) ? cursor : undefined;
}

/** A device-key value as the table stores it (JSON), from what a person typed. */
export function deviceKeyValues(typed: string): string[] {
  const values = new Set([JSON.stringify(typed)]);
  if (/^-?\d+(\.\d+)?$/.test(typed)) values.add(JSON.stringify(Number(typed)));
  if (typed === 'true' || typed === 'false') values.add(typed);
  return [...values];
}

/** A session's row for the explorer, with its device's name, its counts and its issues: the same SQL in both dialects. */
export const SESSION_SELECT = `SELECT s.session_uid, s.udid, s.time, s.payload, d.name AS device_name, st.first_at, st.last_at, st.total,
    st.debug, st.warning, st.error, st.trace, st.info, st.fatal,
    (SELECT count(*) FROM issues i WHERE i.session_id = s.id) AS issues
  FROM sessions s
  LEFT JOIN session_stats st ON st.session_id = s.id
  LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

/** A device's row for the explorer, with its sessions' count and the first and last time of its logs (their own
 * times: docs/explorer.md#event-time-first): the same SQL in both dialects. */
export const DEVICE_COLUMNS = `d.udid, d.name, d.info, d.first_seen, d.last_seen,
    (SELECT min(st.first_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
      WHERE s.app_key = d.app_key AND s.udid = d.udid) AS first_at,
    (SELECT max(st.last_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
      WHERE s.app_key = d.app_key AND s.udid = d.udid) AS last_at,
    (SELECT count(*) FROM sessions s WHERE s.app_key = d.app_key AND s.udid = d.udid) AS sessions`;
export const DEVICE_SELECT = `SELECT ${DEVICE_COLUMNS} FROM devices d`;

/** Both databases order sessions alike (coalesce is in both dialects). */
export const SESSION_ORDER: Record<SessionSort, string> = {
  last: `coalesce(st.last_at, 0) DESC, s.id DESC`,
  first: `coalesce(st.first_at, 0) DESC, s.id DESC`,
  logs: `coalesce(st.total, 0) DESC, s.id DESC`,
  errors: `coalesce(st.error + st.fatal, 0) DESC, s.id DESC`,
  issues: `issues DESC, s.id DESC`,
};

/** The volume rollup's grains in ms, coarsest first: an hour, a minute, a second (docs/volume-and-counts.md#the-rollup).
 * The stores keep a count per slot of each; their schemas' backfills and SQLite's delete trigger name the same three. */
export const VOLUME_GRAINS: readonly number[] = [3_600_000, 60_000, 1000];

/** Every log of the filter, newest first, read a page at a time (for exports that must not hold it all), each page
 * read `within` ms at the most when given: a page that ends early, maybe empty, is yielded all the same. */
export async function* allLogs(
  queries: Pick<ExplorerQueries, 'logs'>,
  filter: LogFilter,
  pageSize: number,
  within?: number,
): AsyncGenerator<ExplorerLog[]> {
  let before: LogCursor | undefined;
  for (;;) {
    const page = await queries.logs(filter, { before, limit: pageSize, within });
    yield page.logs;
    if (!page.next) return;
    before = decodeCursor(page.next);
  }
}

/** The lines around `target` from its neighbours read one past `older` and `newer` (nearest first each side). */
export function aroundOf(
  target: ExplorerLog,
  before: ExplorerLog[],
  after: ExplorerLog[],
  older: number,
  newer: number,
): AroundLogs {
  return {
    logs: [...before.slice(0, older).reverse(), target, ...after.slice(0, newer)],
    target,
    moreOlder: before.length > older,
    moreNewer: after.length > newer,
  };
}

/** Ends a page: `limit + 1` rows were asked for, so one more means there is a next page. */
export function pageOf(rows: ExplorerLog[], limit: number): LogPage {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { logs: page, next: more && last ? encodeCursor(last) : null };
}

export function toExplorerSession(row: ExplorerSessionRow): ExplorerSession {
  const payload = JSON.parse(row.payload) as Partial<SessionPayload>;
  return {
    session_uid: row.session_uid,
    udid: row.udid,
    device_name: row.device_name || payload.device?.name || '',
    device_model: payload.device?.device_type || '',
    // The Bugfender SDK names the system `os`; Sidelog, as the wire format does, `os_version`.
    os_version: payload.device?.os_version || (payload.device as { os?: string } | undefined)?.os || '',
    app_version: payload.app_version?.version ?? '',
    app_build: payload.app_version?.build ?? '',
    language: payload.language ?? '',
    sdk: [payload.sdk_type, payload.sdk_version].filter(Boolean).join(' '),
    time: row.time,
    first_at: row.first_at,
    last_at: row.last_at,
    counts: Object.fromEntries(LEVEL_COLUMNS.map((column) => [column, row[column] ?? 0])) as ExplorerSession['counts'],
    total: row.total ?? 0,
    issues: row.issues,
  };
}

export function toExplorerDevice(row: ExplorerDeviceRow): ExplorerDevice {
  const info = row.info ? (JSON.parse(row.info) as Partial<DeviceInfo>) : {};
  return {
    udid: row.udid,
    name: row.name,
    // The Bugfender SDK names the system `os`; Sidelog, as the wire format does, `os_version`.
    os_version: info.os_version || (info as { os?: string }).os || '',
    language: info.language ?? '',
    first_seen: row.first_seen,
    last_seen: row.last_seen,
    first_at: row.first_at === null ? null : Number(row.first_at),
    last_at: row.last_at === null ? null : Number(row.last_at),
    sessions: row.sessions,
  };
}
