// The explorer's reads over SQLite (the contract, shared with PostgreSQL's: server/stores/explorer-queries.types.ts),
// straight SQL over the collector's tables (server/stores/sqlite/schema.ts). The log stream is in time
// order, newest first, paged by keyset on (at, id): a page costs the same on the first screen and the ten
// thousandth. Each filter is a clause; the indexes the last migration adds let the first page of any single
// filter read only about a page of rows.
import { IN_BUDGET, registerReadDeadline } from './read-deadline.ts';
import type Database from 'better-sqlite3';
import { columnList } from '../log-columns.ts';
import type { DeviceKeyValue } from '../../../protocol/records.types.ts';
import {
  aroundOf,
  deviceKeyValues,
  encodeCursor,
  EXCLUDED_COLUMNS,
  LEVELS,
  listLogColumns,
  pageOf,
  SESSION_FILTERS,
  SCAN_ROWS,
  scanProgress,
  SESSION_ORDER,
  SESSION_SELECT,
  splitScanned,
  bucketCounts,
  liftFilters,
  toExplorerDevice,
  toExplorerSession,
} from '../explorer-queries.ts';
import type {
  DeviceFilter,
  DeviceKeyRow,
  ExplorerDevice,
  ExplorerDeviceRow,
  ExplorerIssue,
  AroundLogs,
  ExplorerLog,
  ExplorerQueries,
  ExplorerSession,
  ExplorerSessionRow,
  IssueFilter,
  LogCursor,
  LogPageOptions,
  LogFilter,
  FacetSample,
  LogPage,
  ScanCount,
  SessionFacts,
  SessionFilter,
} from '../explorer-queries.types.ts';
import { promised } from './rows.ts';
import type { SearchQuery } from '../../../explorer-contract/search-query.ts';
import { indexMatch, registerContains, searchSql, sessionFieldSql } from './search-sql.ts';
import { registerParsedKv } from './parsed-field-sql.ts';
import { splitValueSql } from './split-value-sql.ts';
import type { SplitBy } from '../../../explorer-contract/field-counts.ts';
import { containsFolded } from './case-fold.ts';

const LOG_COLUMNS = `l.id, s.session_uid, s.udid, coalesce(d.name, '') AS device_name, ${columnList('l.')}`;
/** LOG_COLUMNS for a list (docs/explorer-views.md#long-lines). */
const LIST_LOG_COLUMNS = listLogColumns(
  LOG_COLUMNS,
  (text, chars) => `substr(${text}, 1, ${chars})`,
  (text) => `length(${text})`,
);
/** The logs with their sessions and devices, as LOG_COLUMNS reads them. */
const LOG_FROM = `logs l JOIN sessions s ON s.id = l.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

/** Sessions holding up to this many logs in all are read through the (session_id, at) index and sorted; more,
 * and the scan goes down the time index instead, testing each log's session. */
const SORTABLE_LOGS = 20_000;
/** The levels logs_by_level holds (server/stores/sqlite/schema.ts, the migration that made it partial). */
const RARE_LEVELS: readonly number[] = [1, 2, 3, 5];
/** What a facet sample reads of a log (the id and time for the windows of scanCommonWords). */
const FACET_SAMPLE_COLUMNS = `l.id, l.at, ifnull(l.ll, 0) AS level, l.tg AS tag, l.f AS file, l.session_id AS session`;
/** The most logs a window of scanCommonWords reads: a deadline is checked between windows, so this bounds how far
 * past it a read goes (a facet sample asks for 50,000 matches, whose first window would otherwise be 200,000 logs). */
const MAX_WINDOW = 50_000;
/** A search matching this many logs or more is run window by window (scanCommonWords) rather than as one set. */
const COMMON_MATCHES = 5_000;

/** The explorer's queries over the SQLite database; `tuning` lets tests reach the common-words path with few logs. */
export function createExplorerQueries(
  db: Database.Database,
  tuning = { commonMatches: COMMON_MATCHES },
): ExplorerQueries {
  const { sessions, issues, devices, ...rest } = explorerQueriesSync(db, tuning);
  return {
    ...promised<Omit<ExplorerQueries, 'sessions' | 'issues' | 'devices'>>(rest),
    sessions: promised<ExplorerQueries['sessions']>(sessions),
    issues: promised<ExplorerQueries['issues']>(issues),
    devices: promised<ExplorerQueries['devices']>(devices),
  };
}

/** The same queries, answered at once: what the reader thread runs (server/stores/sqlite/reader-thread.ts). */
export function explorerQueriesSync(db: Database.Database, tuning = { commonMatches: COMMON_MATCHES }) {
  registerContains(db);
  registerParsedKv(db);
  registerReadDeadline(db);
  // A search reads what the index holds, which the writer thread keeps up to date (server/stores/sqlite/search-index.ts).
  const sessionsTotal = (ids: number[]) =>
    ids.length === 0
      ? 0
      : (
          db
            .prepare(
              `SELECT ifnull(sum(total), 0) AS n FROM session_stats WHERE session_id IN (${ids.map(() => '?').join(', ')})`,
            )
            .get(...ids) as { n: number }
        ).n;

  /** The clause for logs of these sessions, driving the scan by them when they hold few logs. */
  function inSessions(ids: number[]): string {
    return `${sessionsTotal(ids) <= SORTABLE_LOGS ? '' : '+'}l.session_id IN (${ids.join(', ')})`;
  }

  /** The WHERE clause of a filter, and its parameters. The unary `+` keeps SQLite from driving the scan by an
   * index that would then need a sort of everything it matched (the whole app, several levels). */
  function where(
    asked: LogFilter,
    options: { commonWords?: boolean } = {},
  ): { sql: string; params: unknown[] } | 'none' {
    const filter = liftFilters(asked);
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.session !== undefined) {
      clauses.push(`l.session_id = (SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?)`);
      params.push(filter.appKey, filter.session);
    } else if (filter.device !== undefined) {
      const ids = (
        db.prepare(`SELECT id FROM sessions WHERE app_key = ? AND udid = ?`).all(filter.appKey, filter.device) as {
          id: number;
        }[]
      ).map((row) => row.id);
      if (ids.length === 0) return 'none';
      clauses.push(inSessions(ids));
    } else {
      clauses.push(`+l.session_id IN (SELECT id FROM sessions WHERE app_key = ?)`);
      params.push(filter.appKey);
    }
    if (filter.deviceKey) {
      const values = deviceKeyValues(filter.deviceKey.value);
      const ids = (
        db
          .prepare(
            `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
             WHERE k.app_key = ? AND k.key = ? AND k.value IN (${values.map(() => '?').join(', ')})`,
          )
          .all(filter.appKey, filter.deviceKey.key, ...values) as { id: number }[]
      ).map((row) => row.id);
      if (ids.length === 0) return 'none';
      clauses.push(inSessions(ids));
    }
    if (filter.levels && filter.levels.length < LEVELS.length) {
      if (filter.levels.length === 0) return 'none';
      const one = filter.levels.length === 1;
      // Debug is also a log without a level.
      const levels = filter.levels.includes(0) ? `ifnull(l.ll, 0)` : `${one ? '' : '+'}l.ll`;
      clauses.push(`${levels} IN (${filter.levels.map(() => '?').join(', ')})`);
      // The level index holds only these levels: naming them, as its definition does, lets SQLite use it.
      if (one && RARE_LEVELS.includes(filter.levels[0]!)) clauses.push(`l.ll IN (${RARE_LEVELS.join(', ')})`);
      params.push(...filter.levels);
    }
    if (filter.tags && filter.tags.length > 0) {
      clauses.push(`${filter.tags.length === 1 ? '' : '+'}l.tg IN (${filter.tags.map(() => '?').join(', ')})`);
      params.push(...filter.tags);
    }
    if (filter.files) {
      clauses.push(`+l.f IN (${filter.files.map(() => '?').join(', ')})`);
      params.push(...filter.files);
    }
    if (filter.urls) {
      clauses.push(`l.u IN (${filter.urls.map(() => '?').join(', ')})`);
      params.push(...filter.urls);
    }
    const { devices: notDevices, ...notColumns } = filter.exclude ?? {};
    for (const [name, column] of EXCLUDED_COLUMNS) {
      const values = notColumns[name];
      if (!values) continue;
      clauses.push(`ifnull(l.${column}, '') NOT IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    }
    if (notDevices) {
      clauses.push(
        `l.session_id NOT IN (SELECT id FROM sessions WHERE app_key = ? AND udid IN (${notDevices.map(() => '?').join(', ')}))`,
      );
      params.push(filter.appKey, ...notDevices);
    }
    for (const [name, field] of SESSION_FILTERS) {
      for (const [values, negated] of [
        [filter[name], false],
        [filter.exclude?.[name], true],
      ] as const) {
        if (!values) continue;
        const clause = sessionFieldSql(field, values, filter.appKey, negated);
        clauses.push(clause.sql);
        params.push(...clause.params);
      }
    }
    if (filter.search !== undefined && filter.search.groups.length > 0 && !options.commonWords) {
      // Few matches: SQLite looks each index term up once, into a set, and drives the scan by them.
      const search = searchSql(filter.search, filter.appKey);
      clauses.push(search.sql);
      params.push(...search.params);
    }
    if (filter.from !== undefined) {
      clauses.push(`l.at >= ?`);
      params.push(filter.from);
    }
    if (filter.to !== undefined) {
      clauses.push(`l.at < ?`);
      params.push(filter.to);
    }
    // Last, so that it is called for the rows the other clauses kept: the read's deadline (read-deadline.ts).
    clauses.push(IN_BUDGET);
    return { sql: clauses.join(' AND '), params };
  }

  const indexCount = {
    logs_fts: db
      .prepare(
        `SELECT count(*) AS n FROM (SELECT 1 FROM logs_fts WHERE logs_fts MATCH ? LIMIT ${tuning.commonMatches})`,
      )
      .pluck(),
  };

  /** Whether a search is better run window by window: it looks terms up in an index, and none of the terms every
   * log must match is rare (one rare term makes the set of candidates small). */
  function common(search: SearchQuery): boolean {
    const lookups = search.groups.flat().filter((clause) => indexMatch(clause.term) !== undefined);
    if (lookups.length === 0) return false;
    return !search.groups.some((group) => {
      const index = group.length === 1 && !group[0]!.negated ? indexMatch(group[0]!.term) : undefined;
      return index !== undefined && (indexCount[index.table].get(index.match) as number) < tuning.commonMatches;
    });
  }

  /** A page of the other filters' logs, newest first. */
  function scan(
    clause: { sql: string; params: unknown[] },
    before: LogCursor | undefined,
    limit: number,
    columns = LOG_COLUMNS,
  ): ExplorerLog[] {
    let sql = clause.sql;
    const params = [...clause.params];
    if (before) {
      sql += ` AND l.at <= ? AND (l.at < ? OR l.id < ?)`;
      params.push(before.at, before.at, before.id);
    }
    return db
      .prepare(`SELECT ${columns} FROM ${LOG_FROM} WHERE ${sql} ORDER BY l.at DESC, l.id DESC LIMIT ?`)
      .all(...params, limit) as ExplorerLog[];
  }

  /** Search for common words: the other filters' logs are read in windows of time, and each window's matches
   * come from the indexes by the window's id range (ids follow time closely, so the range is tight).
   * Windows grow as they come back with few matches. Past `deadline`, the page ends with what it found, its `next` at
   * the last log read, so that no page reads for longer than its caller allows. */
  function scanCommonWords(
    filter: LogFilter,
    search: SearchQuery,
    before: LogCursor | undefined,
    limit: number,
    deadline: number,
    columns: string,
  ): LogPage {
    const clause = where(filter, { commonWords: true });
    if (clause === 'none') return { logs: [], next: null };
    const found: ExplorerLog[] = [];
    let window = Math.min(Math.max(500, limit * 4), MAX_WINDOW);
    let cursor = before;
    while (found.length <= limit) {
      const candidates = scan(clause, cursor, window, columns);
      if (candidates.length === 0) break;
      let low = Infinity;
      let high = -Infinity;
      for (const log of candidates) {
        low = Math.min(low, log.id);
        high = Math.max(high, log.id);
      }
      const inWindow = searchSql(search, filter.appKey, { low, high });
      const matched = new Set(
        db
          .prepare(`SELECT l.id FROM logs l WHERE l.id BETWEEN ? AND ? AND ${inWindow.sql}`)
          .pluck()
          .all(low, high, ...inWindow.params) as number[],
      );
      for (const log of candidates) if (matched.has(log.id) && found.length <= limit) found.push(log);
      if (candidates.length < window) break;
      cursor = candidates.at(-1)!;
      if (performance.now() > deadline) return { logs: found, next: encodeCursor(cursor) };
      window = Math.min(window * 2, MAX_WINDOW);
    }
    return pageOf(found, limit);
  }

  /** Reads the logs of `filter` narrowed by the query's indexed groups, newest first, in steps of growing size, and
   * tests each step's logs against the query's scanned groups (fragments; file, method and URL values), until `enough`
   * says so, `budget` logs are read or `deadline` passes (docs/explorer.md#fragments). `found` takes each step's
   * matches, newest first, read with `columns`. */
  function scanFragments(
    filter: LogFilter,
    search: SearchQuery,
    before: LogCursor | undefined,
    budget: number,
    deadline: number,
    columns: string,
    found: (rows: ExplorerLog[]) => boolean,
    step = 500,
  ): { read: number; last: LogCursor | undefined; complete: boolean } {
    const { narrowing, scanned } = splitScanned(search);
    const clause = where({ ...filter, search: narrowing });
    budget = Math.max(1, budget);
    if (clause === 'none') return { read: 0, last: undefined, complete: true };
    const test = searchSql(scanned, filter.appKey);
    const matching = db.prepare(
      `SELECT ${columns} FROM ${LOG_FROM} WHERE l.id IN (SELECT value FROM json_each(?)) AND ${test.sql} ORDER BY l.at DESC, l.id DESC`,
    );
    let read = 0;
    let last = before;
    for (;;) {
      const take = Math.min(step, budget - read);
      const candidates = scan(clause, last, take, 'l.id, l.at') as unknown as LogCursor[];
      read += candidates.length;
      if (candidates.length > 0) {
        last = { at: candidates.at(-1)!.at, id: candidates.at(-1)!.id };
        const rows = matching.all(JSON.stringify(candidates.map((log) => log.id)), ...test.params) as ExplorerLog[];
        if (found(rows)) return { read, last, complete: true };
      }
      // Fewer than asked for: the view's oldest log was read.
      if (candidates.length < take) return { read, last, complete: true };
      if (read >= budget || performance.now() > deadline) return { read, last, complete: false };
      step = Math.min(step * 2, MAX_WINDOW);
    }
  }

  /** A page of a search holding a fragment: its matches among the logs read within the budget; when the budget ends
   * first, the page says how far it read and `next` goes on from the last log read. */
  function fragmentPage(
    filter: LogFilter,
    search: SearchQuery,
    options: { before?: LogCursor; limit: number; within?: number; scanRows?: number },
    columns: string,
  ): LogPage {
    const matched: ExplorerLog[] = [];
    const progress = scanFragments(
      filter,
      search,
      options.before,
      options.scanRows ?? SCAN_ROWS,
      performance.now() + (options.within ?? Infinity),
      columns,
      (rows) => {
        matched.push(...rows);
        return matched.length > options.limit;
      },
      Math.min(Math.max(500, options.limit * 4), MAX_WINDOW),
    );
    const scan = scanProgress(progress);
    if (progress.complete) return { ...pageOf(matched, options.limit), scan };
    return { logs: matched, next: progress.last ? encodeCursor(progress.last) : null, scan };
  }

  /** How many logs a search holding a fragment matches among the view's newest `budget` (ExplorerQueries.scanCount). */
  function scanCount(filter: LogFilter, cap: number, scanRows = SCAN_ROWS): ScanCount {
    let count = 0;
    const progress = scanFragments(
      filter,
      filter.search!,
      undefined,
      scanRows,
      Infinity,
      'l.id',
      (rows) => (count += rows.length) > cap,
      MAX_WINDOW,
    );
    return { count, scan: scanProgress(progress) };
  }

  /** The histogram's counts of a search holding a fragment, among the logs its scan reads (ExplorerQueries.scanVolume). */
  function scanVolume(filter: LogFilter, bucketMs: number, scanRows = SCAN_ROWS) {
    const logs: { at: number; level: number }[] = [];
    const progress = scanFragments(
      filter,
      filter.search!,
      undefined,
      scanRows,
      Infinity,
      'l.at, ifnull(l.ll, 0) AS level',
      (rows) => {
        logs.push(...(rows as unknown as { at: number; level: number }[]));
        return false;
      },
      MAX_WINDOW,
    );
    return {
      rows: bucketCounts(logs, bucketMs),
      scan: scanProgress(progress),
    };
  }

  /** The counts by a field's value (ExplorerQueries.splitVolume): one GROUP BY over the view, or over what its scan
   * reads. */
  function splitVolume(filter: LogFilter, bucketMs: number, by: SplitBy, scanRows = SCAN_ROWS) {
    const value = splitValueSql(by);
    if (filter.search && splitScanned(filter.search).scanned.groups.length > 0) {
      const counts = new Map<string, { bucket: number; value: string | null; n: number }>();
      const progress = scanFragments(
        filter,
        filter.search,
        undefined,
        scanRows,
        Infinity,
        `l.at, ${value} AS value`,
        (rows) => {
          for (const row of rows as unknown as { at: number; value: string | null }[]) {
            const bucket = Math.floor(row.at / bucketMs);
            const key = `${bucket} ${row.value}`;
            const count = counts.get(key) ?? { bucket, value: row.value, n: 0 };
            count.n++;
            counts.set(key, count);
          }
          return false;
        },
        MAX_WINDOW,
      );
      return { rows: [...counts.values()], scan: scanProgress(progress) };
    }
    const clause = where(filter);
    if (clause === 'none') return { rows: [] };
    const rows = db
      .prepare(
        `SELECT CAST(floor(l.at * 1.0 / ?) AS INTEGER) AS bucket, ${value} AS value, count(*) AS n FROM logs l WHERE ${clause.sql} GROUP BY bucket, value`,
      )
      .all(bucketMs, ...clause.params) as { bucket: number; value: string | null; n: number }[];
    return { rows };
  }

  /** One page of the filtered stream, newest first, older than `before` when given; read for `within` ms at most
   * where it is read in windows (ExplorerQueries.logs). */
  function logs(filter: LogFilter, options: LogPageOptions): LogPage {
    const columns = options.cut ? LIST_LOG_COLUMNS : LOG_COLUMNS;
    if (options.oldestFirst) {
      const clause = where(filter);
      if (clause === 'none') return { logs: [], next: null };
      const after = options.after ? ` AND l.at >= ? AND (l.at > ? OR l.id > ?)` : '';
      const at = options.after ? [options.after.at, options.after.at, options.after.id] : [];
      const rows = db
        .prepare(`SELECT ${columns} FROM ${LOG_FROM} WHERE ${clause.sql}${after} ORDER BY l.at ASC, l.id ASC LIMIT ?`)
        .all(...clause.params, ...at, options.limit + 1) as ExplorerLog[];
      return pageOf(rows, options.limit);
    }
    const search = filter.search?.groups.length ? filter.search : undefined;
    if (search && splitScanned(search).scanned.groups.length > 0) return fragmentPage(filter, search, options, columns);
    if (search && common(search))
      return scanCommonWords(
        filter,
        search,
        options.before,
        options.limit,
        performance.now() + (options.within ?? Infinity),
        columns,
      );
    const clause = where(filter);
    if (clause === 'none') return { logs: [], next: null };
    return pageOf(scan(clause, options.before, options.limit + 1, columns), options.limit);
  }

  /** The first and last time among the filter's logs: each an end of the time index, read as the stream's page is. */
  function timeSpan(filter: LogFilter): { first: number; last: number } | undefined {
    const clause = where(filter);
    if (clause === 'none') return undefined;
    const end = (order: 'ASC' | 'DESC') =>
      (
        db
          .prepare(`SELECT l.at FROM logs l WHERE ${clause.sql} ORDER BY l.at ${order} LIMIT 1`)
          .get(...clause.params) as { at: number } | undefined
      )?.at;
    const first = end('ASC');
    return first === undefined ? undefined : { first, last: end('DESC')! };
  }

  /** The histogram's counts: one GROUP BY over the filter's logs (floor, not integer division, for times before 1970). */
  function volume(filter: LogFilter, bucketMs: number): { bucket: number; level: number; n: number }[] {
    const clause = where(filter);
    if (clause === 'none') return [];
    return db
      .prepare(
        `SELECT CAST(floor(l.at * 1.0 / ?) AS INTEGER) AS bucket, ifnull(l.ll, 0) AS level, count(*) AS n FROM logs l WHERE ${clause.sql} GROUP BY bucket, level`,
      )
      .all(bucketMs, ...clause.params) as { bucket: number; level: number; n: number }[];
  }

  /** The rollup's counts (docs/volume-and-counts.md#the-rollup), read down its primary key. */
  function rollup(
    appKey: string,
    grain: number,
    from = Number.MIN_SAFE_INTEGER,
    to = Number.MAX_SAFE_INTEGER,
  ): { slot: number; level: number; n: number }[] {
    return db
      .prepare(
        `SELECT slot, level, n FROM log_volume WHERE app_key = ? AND grain = ? AND slot >= ? AND slot < ? AND n > 0`,
      )
      .all(appKey, grain, from, to) as { slot: number; level: number; n: number }[];
  }

  function count(filter: LogFilter, cap: number): number {
    const clause = where(filter);
    if (clause === 'none') return 0;
    return (
      db
        .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM logs l WHERE ${clause.sql} LIMIT ?)`)
        .get(...clause.params, cap + 1) as { n: number }
    ).n;
  }

  /** The newest `limit` logs counted by every facet field: grouped in SQL down the stream's own index, or, for a
   * search by common words, read window by window as the stream is, and grouped here. */
  function facetSample(filter: LogFilter, limit: number, within: number): FacetSample {
    const search = filter.search?.groups.length ? filter.search : undefined;
    const grouped = (logs: FacetSample['rows']) => {
      const counts = new Map<string, FacetSample['rows'][number]>();
      for (const log of logs) {
        const key = JSON.stringify([log.level, log.tag, log.file, log.session]);
        const row = counts.get(key);
        if (row) row.n++;
        else counts.set(key, { level: log.level, tag: log.tag, file: log.file, session: log.session, n: 1 });
      }
      return [...counts.values()];
    };
    if (search && splitScanned(search).scanned.groups.length > 0) {
      // A fragment: the newest `limit` matches among the logs its scan reads in the sample's time.
      const logs: FacetSample['rows'] = [];
      const scan = scanFragments(
        filter,
        search,
        undefined,
        SCAN_ROWS,
        performance.now() + within,
        FACET_SAMPLE_COLUMNS,
        (rows) => {
          logs.push(...(rows as unknown as FacetSample['rows']));
          return logs.length >= limit;
        },
      );
      return { rows: grouped(logs.slice(0, limit)), complete: scan.complete && logs.length < limit };
    }
    if (search && common(search)) {
      const page = scanCommonWords(filter, search, undefined, limit, performance.now() + within, FACET_SAMPLE_COLUMNS);
      return {
        rows: grouped(page.logs as unknown as FacetSample['rows']),
        complete: page.next === null && page.logs.length < limit,
      };
    }
    const clause = where(filter);
    if (clause === 'none') return { rows: [], complete: true };
    const rows = db
      .prepare(
        `SELECT level, tag, file, session, count(*) AS n FROM (
           SELECT ${FACET_SAMPLE_COLUMNS} FROM logs l WHERE ${clause.sql} ORDER BY l.at DESC, l.id DESC LIMIT ?
         ) GROUP BY 1, 2, 3, 4`,
      )
      .all(...clause.params, limit) as FacetSample['rows'];
    return { rows, complete: rows.reduce((sum, row) => sum + row.n, 0) < limit };
  }

  function sessionFacts(appKey: string, ids: number[]): SessionFacts[] {
    return db
      .prepare(
        `SELECT s.id, s.udid, d.name AS device_name, json_extract(s.payload, '$.app_version.version') AS version, json_extract(s.payload, '$.language') AS language
         FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
         WHERE s.app_key = ? AND s.id IN (SELECT value FROM json_each(?))`,
      )
      .all(appKey, JSON.stringify(ids)) as SessionFacts[];
  }

  function deviceKeys(appKey: string, udids: string[], key?: string): DeviceKeyRow[] {
    return db
      .prepare(
        `SELECT udid, key, value FROM device_keys WHERE app_key = ? AND udid IN (SELECT value FROM json_each(?))${key === undefined ? '' : ' AND key = ?'}`,
      )
      .all(appKey, JSON.stringify(udids), ...(key === undefined ? [] : [key])) as DeviceKeyRow[];
  }

  /** Logs that arrived after log `afterId` (by arrival, whatever their time), oldest first: the live tail. */
  function arrivedAfter(filter: LogFilter, afterId: number, upTo: number, limit: number): ExplorerLog[] {
    const clause = where(filter);
    if (clause === 'none') return [];
    return db
      .prepare(
        `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM} WHERE ${clause.sql} AND l.id > ? AND l.id <= ? ORDER BY l.id LIMIT ?`,
      )
      .all(...clause.params, afterId, upTo, limit) as ExplorerLog[];
  }

  /** The newest log id: SQLite has one writer at a time, so every id up to the highest visible is committed. */
  function lastLogId(): number {
    return (db.prepare(`SELECT ifnull(max(id), 0) AS id FROM logs`).get() as { id: number }).id;
  }

  /** Up to `older` logs before and `newer` logs after log `id` in its session, in time order (oldest first), the log
   * among them, and whether more lie beyond each end (docs/explorer-views.md#context). */
  function around(appKey: string, id: number, older: number, newer = older): AroundLogs | undefined {
    const target = db
      .prepare(`SELECT ${LIST_LOG_COLUMNS}, l.session_id FROM ${LOG_FROM} WHERE l.id = ? AND s.app_key = ?`)
      .get(id, appKey) as (ExplorerLog & { session_id: number }) | undefined;
    if (!target) return undefined;
    const { session_id, ...log } = target;
    // One more than asked for, to know whether more lie beyond.
    const side = (op: '<' | '>', order: 'DESC' | 'ASC', count: number) =>
      db
        .prepare(
          `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM}
           WHERE l.session_id = ? AND (l.at ${op} ? OR (l.at = ? AND l.id ${op} ?)) ORDER BY l.at ${order}, l.id ${order} LIMIT ?`,
        )
        .all(session_id, log.at, log.at, log.id, count + 1) as ExplorerLog[];
    return aroundOf(log, side('<', 'DESC', older), side('>', 'ASC', newer), older, newer);
  }

  /** One log's whole text: undefined when the app has no such log. */
  function logText(appKey: string, id: number): { t: string | null } | undefined {
    return db.prepare(`SELECT l.t FROM ${LOG_FROM} WHERE l.id = ? AND s.app_key = ?`).get(id, appKey) as
      { t: string | null } | undefined;
  }

  /** The log a session's issue is about: the `bf_issue` line Bugfender's SDK writes with the issue's uuid as text,
   * else the session's last log at or before the time the issue arrived. */
  function issueLogId(sessionId: number, uid: string, receivedAt: string): number | undefined {
    const marked = db
      .prepare(`SELECT id FROM logs WHERE session_id = ? AND tg = 'bf_issue' AND t = ?`)
      .get(sessionId, uid) as { id: number } | undefined;
    if (marked) return marked.id;
    const before = db
      .prepare(`SELECT id FROM logs WHERE session_id = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1`)
      .get(sessionId, Date.parse(receivedAt)) as { id: number } | undefined;
    if (before) return before.id;
    return (
      db.prepare(`SELECT id FROM logs WHERE session_id = ? ORDER BY at DESC, id DESC LIMIT 1`).get(sessionId) as
        { id: number } | undefined
    )?.id;
  }

  /** The tags an app's logs carry, in order: one index seek per tag logged by any app (a loose index scan), each kept
   * when one of its logs is the app's, rather than a scan of every log. */
  function tags(appKey: string, limit = 200): string[] {
    return (
      db
        .prepare(
          `WITH RECURSIVE tag (tg) AS (
             SELECT min(tg) FROM logs WHERE tg > ''
             UNION ALL SELECT (SELECT min(tg) FROM logs WHERE tg > tag.tg) FROM tag WHERE tag.tg IS NOT NULL
           ) SELECT tg FROM tag WHERE tg IS NOT NULL
               AND EXISTS (SELECT 1 FROM logs l WHERE l.tg = tag.tg AND l.session_id IN (SELECT id FROM sessions WHERE app_key = ?))
             LIMIT ?`,
        )
        .all(appKey, limit) as { tg: string }[]
    ).map((row) => row.tg);
  }

  /** Every app, with how many sessions it has received (apps that received nothing sort last). */
  function apps(): { key: string; appId: string; enabled: boolean; sessions: number }[] {
    return (
      db
        .prepare(
          `SELECT a.key, a.app_id, a.enabled, (SELECT count(*) FROM sessions s WHERE s.app_key = a.key) AS sessions FROM apps a
           ORDER BY sessions = 0, a.key`,
        )
        .all() as { key: string; app_id: string; enabled: number; sessions: number }[]
    ).map((row) => ({ key: row.key, appId: row.app_id, enabled: row.enabled === 1, sessions: row.sessions }));
  }

  return {
    apps,
    logs,
    timeSpan,
    volume,
    rollup,
    count,
    scanCount,
    scanVolume,
    splitVolume,
    facetSample,
    sessionFacts,
    deviceKeys,
    arrivedAfter,
    lastLogId,
    around,
    logText,
    issueLogId,
    tags,
    sessions: sessionQueries(db),
    issues: issueQueries(db),
    devices: deviceQueries(db),
  };
}

// ---- sessions ----

function sessionQueries(db: Database.Database) {
  return {
    list(filter: SessionFilter): { sessions: ExplorerSession[]; more: boolean } {
      const clauses = ['s.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.q) {
        clauses.push(`(instr(s.session_uid, ?) OR instr(s.udid, ?) OR ${containsFolded('d.name')})`);
        params.push(filter.q, filter.q, filter.q);
      }
      if (filter.device) {
        clauses.push('s.udid = ?');
        params.push(filter.device);
      }
      if (filter.version) {
        clauses.push(`json_extract(s.payload, '$.app_version.version') = ?`);
        params.push(filter.version);
      }
      if (filter.language) {
        clauses.push(`json_extract(s.payload, '$.language') = ?`);
        params.push(filter.language);
      }
      if (filter.with === 'issues') clauses.push('EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id)');
      if (filter.with === 'errors') clauses.push('st.error + st.fatal > 0');
      const rows = db
        .prepare(
          `${SESSION_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY ${SESSION_ORDER[filter.sort ?? 'last']} LIMIT ? OFFSET ?`,
        )
        .all(...params, filter.limit + 1, filter.offset ?? 0) as ExplorerSessionRow[];
      return { sessions: rows.slice(0, filter.limit).map(toExplorerSession), more: rows.length > filter.limit };
    },
    one(appKey: string, uid: string): ExplorerSession | undefined {
      const row = db.prepare(`${SESSION_SELECT} WHERE s.app_key = ? AND s.session_uid = ?`).get(appKey, uid) as
        ExplorerSessionRow | undefined;
      return row && toExplorerSession(row);
    },
    /** The app versions and languages its sessions name (for the filter's choices). */
    facets(appKey: string): { versions: string[]; languages: string[] } {
      const distinct = (path: string) =>
        (
          db
            .prepare(
              `SELECT DISTINCT json_extract(payload, ?) AS v FROM sessions WHERE app_key = ? AND v IS NOT NULL ORDER BY v LIMIT 100`,
            )
            .all(path, appKey) as { v: string }[]
        ).map((row) => String(row.v));
      return { versions: distinct('$.app_version.version'), languages: distinct('$.language') };
    },
  };
}

// ---- issues ----

const ISSUE_SELECT = `SELECT i.id, i.uid, i.type, i.title, i.text, i.url, i.received_at, s.session_uid, s.udid, ifnull(d.name, '') AS device_name
  FROM issues i JOIN sessions s ON s.id = i.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

function issueQueries(db: Database.Database) {
  return {
    /** Newest first, older than issue `before` when given. */
    list(filter: IssueFilter): { issues: ExplorerIssue[]; next: number | null } {
      const clauses = ['i.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.types && filter.types.length > 0) {
        clauses.push(`i.type IN (${filter.types.map(() => '?').join(', ')})`);
        params.push(...filter.types);
      }
      if (filter.session) {
        clauses.push('s.session_uid = ?');
        params.push(filter.session);
      }
      if (filter.q) {
        clauses.push(`(${containsFolded('i.title')} OR ${containsFolded('i.text')})`);
        params.push(filter.q, filter.q);
      }
      if (filter.before !== undefined) {
        clauses.push('i.id < ?');
        params.push(filter.before);
      }
      const rows = db
        .prepare(`${ISSUE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY i.id DESC LIMIT ?`)
        .all(...params, filter.limit + 1) as ExplorerIssue[];
      const page = rows.slice(0, filter.limit);
      return { issues: page, next: rows.length > filter.limit ? page.at(-1)!.id : null };
    },
    one(appKey: string, uid: string): (ExplorerIssue & { session_id: number }) | undefined {
      return db
        .prepare(
          `SELECT * FROM (${ISSUE_SELECT.replace('SELECT i.id,', 'SELECT i.id, i.session_id,')} WHERE i.app_key = ? AND i.uid = ?)`,
        )
        .get(appKey, uid) as (ExplorerIssue & { session_id: number }) | undefined;
    },
  };
}

// ---- devices ----

function deviceQueries(db: Database.Database) {
  // first_at and last_at: the device's logs' own times (docs/explorer.md#event-time-first).
  const SELECT = `SELECT d.udid, d.name, d.info, d.first_seen, d.last_seen,
      (SELECT min(st.first_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
        WHERE s.app_key = d.app_key AND s.udid = d.udid) AS first_at,
      (SELECT max(st.last_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
        WHERE s.app_key = d.app_key AND s.udid = d.udid) AS last_at,
      (SELECT count(*) FROM sessions s WHERE s.app_key = d.app_key AND s.udid = d.udid) AS sessions FROM devices d`;
  return {
    list(filter: DeviceFilter): { devices: ExplorerDevice[]; more: boolean } {
      const clauses = ['d.app_key = ?'];
      const params: unknown[] = [filter.appKey];
      if (filter.q) {
        // Or a value of its keys, as they stand or as they were (docs/explorer.md#device-key-history).
        clauses.push(`(instr(d.udid, ?) OR ${containsFolded('d.name')}
          OR EXISTS (SELECT 1 FROM device_keys k WHERE k.app_key = d.app_key AND k.udid = d.udid AND ${containsFolded('k.value')})
          OR EXISTS (SELECT 1 FROM device_key_changes c WHERE c.app_key = d.app_key AND c.udid = d.udid AND ${containsFolded('c.value')}))`);
        params.push(filter.q, filter.q, filter.q, filter.q);
      }
      const rows = db
        .prepare(`${SELECT} WHERE ${clauses.join(' AND ')} ORDER BY d.last_seen DESC, d.udid LIMIT ? OFFSET ?`)
        .all(...params, filter.limit + 1, filter.offset ?? 0) as ExplorerDeviceRow[];
      return { devices: rows.slice(0, filter.limit).map(toExplorerDevice), more: rows.length > filter.limit };
    },
    one(
      appKey: string,
      udid: string,
    ): (ExplorerDevice & { keys: { key: string; value: DeviceKeyValue }[] }) | undefined {
      const row = db.prepare(`${SELECT} WHERE d.app_key = ? AND d.udid = ?`).get(appKey, udid) as
        ExplorerDeviceRow | undefined;
      if (!row) return undefined;
      const keys = (
        db
          .prepare(`SELECT key, value FROM device_keys WHERE app_key = ? AND udid = ? ORDER BY key`)
          .all(appKey, udid) as { key: string; value: string }[]
      ).map((key) => ({ key: key.key, value: JSON.parse(key.value) as DeviceKeyValue }));
      return { ...toExplorerDevice(row), keys };
    },
  };
}
