// The explorer's reads over PostgreSQL (the contract: server/stores/explorer-queries.types.ts). The log stream is in time
// order, newest first, paged by keyset on (at, id), as in SQLite; each filter is a clause with its parameters.
// Search is server/stores/postgres/search-sql.ts: the `tsv` column (to_tsvector 'simple' of the text, GIN-indexed) for
// words and phrases; a fragment, and a file, method or URL value, is ILIKE tested on each log read.
import type pg from 'pg';
import { columnList } from '../log-columns.ts';
import { createLogHorizon } from './log-horizon.ts';
import {
  aroundOf,
  deviceKeyValues,
  LEVELS,
  listLogColumns,
  encodeCursor,
  pageOf,
  SCAN_ROWS,
  scanProgress,
  splitScanned,
  bucketCounts,
  liftFilters,
  SESSION_FILTERS,
  SESSION_ORDER,
  SESSION_SELECT,
  toExplorerDevice,
  toExplorerSession,
  EXCLUDED_COLUMNS,
} from '../explorer-queries.ts';
import type {
  DeviceKeyRow,
  ExplorerDeviceRow,
  ExplorerIssue,
  ExplorerLog,
  ExplorerQueries,
  ExplorerSessionRow,
  FacetSample,
  LogCursor,
  LogFilter,
  LogPage,
  SessionFacts,
} from '../explorer-queries.types.ts';
import type { SearchQuery } from '../../../explorer-contract/search-query.ts';
import { sql } from './client.ts';
import { searchSql, sessionFieldSql } from './search-sql.ts';
import { READ_VOLUME } from './log-volume.ts';
import { splitValueSql } from './split-value-sql.ts';

/** The levels logs_by_level holds (server/stores/postgres/schema.ts, the migration that made it partial). */
const RARE_LEVELS: readonly number[] = [1, 2, 3, 5];

const LOG_COLUMNS = `l.id, s.session_uid, s.udid, coalesce(d.name, '') AS device_name, ${columnList('l.')}`;
/** LOG_COLUMNS for a list (docs/explorer-views.md#long-lines). */
const LIST_LOG_COLUMNS = listLogColumns(
  LOG_COLUMNS,
  (text, chars) => `left(${text}, ${chars})`,
  (text) => `char_length(${text})`,
);
/** The logs with their sessions and devices, as LOG_COLUMNS reads them. */
const LOG_FROM = `logs l JOIN sessions s ON s.id = l.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;

/** Collects a statement's parameters as $1, $2, … */
function parameters() {
  const values: unknown[] = [];
  return { values, add: (value: unknown) => `$${values.push(value)}` };
}

export function createPgExplorerQueries(pool: pg.Pool): ExplorerQueries {
  const { one, all } = sql(pool);
  const horizon = createLogHorizon(pool);

  /** The WHERE clause of a filter, or 'none' when nothing can match. */
  async function where(asked: LogFilter, p: ReturnType<typeof parameters>): Promise<string | 'none'> {
    const filter = liftFilters(asked);
    const clauses: string[] = [];
    if (filter.session !== undefined) {
      clauses.push(
        `l.session_id = (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)} AND session_uid = ${p.add(filter.session)})`,
      );
    } else if (filter.device !== undefined) {
      const ids = (
        await all<{ id: number }>(
          `SELECT id FROM sessions WHERE app_key = $1 AND udid = $2`,
          filter.appKey,
          filter.device,
        )
      ).map((row) => row.id);
      if (ids.length === 0) return 'none';
      clauses.push(`l.session_id = ANY (${p.add(ids)}::int[])`);
    } else {
      // `+ 0`: the app's logs are found by walking the time index and keeping the app's, never by reading all of the
      // app's logs and sorting them, whatever the planner's statistics say of its sessions (an app of few sessions
      // and many logs read 0.5 s a page that way).
      clauses.push(`l.session_id + 0 IN (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)})`);
    }
    if (filter.deviceKey) {
      const ids = (
        await all<{ id: number }>(
          `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
           WHERE k.app_key = $1 AND k.key = $2 AND k.value = ANY ($3::text[])`,
          filter.appKey,
          filter.deviceKey.key,
          deviceKeyValues(filter.deviceKey.value),
        )
      ).map((row) => row.id);
      if (ids.length === 0) return 'none';
      clauses.push(`l.session_id = ANY (${p.add(ids)}::int[])`);
    }
    if (filter.levels && filter.levels.length < LEVELS.length) {
      if (filter.levels.length === 0) return 'none';
      // Debug is also a log without a level.
      const none = filter.levels.includes(0) ? ' OR l.ll IS NULL' : '';
      clauses.push(`(l.ll = ANY (${p.add(filter.levels)}::int[])${none})`);
      // The level index holds only these levels: naming them, as its definition does, lets the planner use it.
      if (filter.levels.every((level) => RARE_LEVELS.includes(level)))
        clauses.push(`l.ll IN (${RARE_LEVELS.join(', ')})`);
    }
    if (filter.tags && filter.tags.length > 0) clauses.push(`l.tg = ANY (${p.add(filter.tags)}::text[])`);
    if (filter.files) clauses.push(`l.f = ANY (${p.add(filter.files)}::text[])`);
    if (filter.urls) clauses.push(`l.u = ANY (${p.add(filter.urls)}::text[])`);
    const { devices: notDevices, ...notColumns } = filter.exclude ?? {};
    for (const [name, column] of EXCLUDED_COLUMNS) {
      const values = notColumns[name];
      if (values) clauses.push(`NOT (coalesce(l.${column}, '') = ANY (${p.add(values)}::text[]))`);
    }
    if (notDevices) {
      clauses.push(
        `l.session_id NOT IN (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)} AND udid = ANY (${p.add(notDevices)}::text[]))`,
      );
    }
    for (const [name, field] of SESSION_FILTERS) {
      if (filter[name]) clauses.push(sessionFieldSql(field, filter[name], filter.appKey, p.add));
      const hidden = filter.exclude?.[name];
      if (hidden) clauses.push(sessionFieldSql(field, hidden, filter.appKey, p.add, true));
    }
    if (filter.search !== undefined && filter.search.groups.length > 0)
      clauses.push(searchSql(filter.search, filter.appKey, p.add));
    if (filter.from !== undefined) clauses.push(`l.at >= ${p.add(filter.from)}`);
    if (filter.to !== undefined) clauses.push(`l.at < ${p.add(filter.to)}`);
    return clauses.join(' AND ');
  }

  const ISSUE_SELECT = `SELECT i.id, i.session_id, i.uid, i.type, i.title, i.text, i.url, i.received_at, s.session_uid, s.udid, coalesce(d.name, '') AS device_name
    FROM issues i JOIN sessions s ON s.id = i.session_id LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid`;
  // first_at and last_at: the device's logs' own times (docs/explorer.md#event-time-first).
  const DEVICE_SELECT = `SELECT d.udid, d.name, d.info, d.first_seen, d.last_seen,
      (SELECT min(st.first_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
        WHERE s.app_key = d.app_key AND s.udid = d.udid) AS first_at,
      (SELECT max(st.last_at) FROM sessions s JOIN session_stats st ON st.session_id = s.id
        WHERE s.app_key = d.app_key AND s.udid = d.udid) AS last_at,
      (SELECT count(*) FROM sessions s WHERE s.app_key = d.app_key AND s.udid = d.udid) AS sessions FROM devices d`;
  /** Case-insensitive "contains", as SQLite's instr(lower(…), lower(…)), with no pattern characters. */
  const contains = (column: string, param: string) => `strpos(lower(${column}), lower(${param})) > 0`;

  const around: ExplorerQueries['around'] = async (appKey, id, older, newer = older) => {
    const target = await one<ExplorerLog & { session_id: number }>(
      `SELECT ${LIST_LOG_COLUMNS}, l.session_id FROM ${LOG_FROM} WHERE l.id = $1 AND s.app_key = $2`,
      id,
      appKey,
    );
    if (!target) return undefined;
    const { session_id, ...log } = target;
    // One more than asked for, to know whether more lie beyond.
    const side = (op: '<' | '>', order: 'DESC' | 'ASC', count: number) =>
      all<ExplorerLog>(
        `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM}
         WHERE l.session_id = $1 AND (l.at, l.id) ${op} ($2, $3) ORDER BY l.at ${order}, l.id ${order} LIMIT $4`,
        session_id,
        log.at,
        log.id,
        count + 1,
      );
    const [before, after] = await Promise.all([side('<', 'DESC', older), side('>', 'ASC', newer)]);
    return aroundOf(log, before, after, older, newer);
  };

  /** The most logs a step of a scan reads: the deadline is checked between steps. */
  const MAX_STEP = 50_000;

  /** Reads the logs of `filter` narrowed by the query's indexed groups, newest first, in steps of growing size, and
   * tests each step's logs against the query's scanned groups (fragments; file, method and URL values), until `found`
   * says enough, `budget` logs are read or `deadline` passes (docs/explorer.md#fragments). As SQLite's. */
  async function scanFragments(
    filter: LogFilter,
    search: SearchQuery,
    before: LogCursor | undefined,
    budget: number,
    deadline: number,
    columns: string,
    found: (rows: ExplorerLog[]) => boolean,
    step: number,
  ): Promise<{ read: number; last: LogCursor | undefined; complete: boolean }> {
    const { narrowing, scanned } = splitScanned(search);
    const p = parameters();
    const clause = await where({ ...filter, search: narrowing }, p);
    if (clause === 'none') return { read: 0, last: undefined, complete: true };
    budget = Math.max(1, budget);
    let read = 0;
    let last = before;
    for (;;) {
      const take = Math.min(step, budget - read);
      const q = parameters();
      q.values.push(...p.values);
      const after = last ? ` AND (l.at, l.id) < (${q.add(last.at)}, ${q.add(last.id)})` : '';
      const candidates = await all<{ id: number; at: number }>(
        `SELECT l.id, l.at FROM logs l WHERE ${clause}${after} ORDER BY l.at DESC, l.id DESC LIMIT ${q.add(take)}`,
        ...q.values,
      );
      read += candidates.length;
      if (candidates.length > 0) {
        last = { at: candidates.at(-1)!.at, id: Number(candidates.at(-1)!.id) };
        const t = parameters();
        const ids = t.add(candidates.map((log) => log.id));
        const test = searchSql(scanned, filter.appKey, t.add);
        const rows = await all<ExplorerLog>(
          `SELECT ${columns} FROM ${LOG_FROM} WHERE l.id = ANY (${ids}::bigint[]) AND ${test} ORDER BY l.at DESC, l.id DESC`,
          ...t.values,
        );
        if (found(rows)) return { read, last, complete: true };
      }
      // Fewer than asked for: the view's oldest log was read.
      if (candidates.length < take) return { read, last, complete: true };
      if (read >= budget || performance.now() > deadline) return { read, last, complete: false };
      step = Math.min(step * 2, MAX_STEP);
    }
  }

  /** A page of a search holding a fragment: its matches among the logs read within the budget; when the budget ends
   * first, the page says how far it read and `next` goes on from the last log read. */
  async function fragmentPage(
    filter: LogFilter,
    search: SearchQuery,
    options: { before?: LogCursor; limit: number; within?: number; scanRows?: number; cut?: boolean },
  ): Promise<LogPage> {
    const matched: ExplorerLog[] = [];
    const progress = await scanFragments(
      filter,
      search,
      options.before,
      options.scanRows ?? SCAN_ROWS,
      performance.now() + (options.within ?? Infinity),
      options.cut ? LIST_LOG_COLUMNS : LOG_COLUMNS,
      (rows) => {
        matched.push(...rows);
        return matched.length > options.limit;
      },
      Math.min(Math.max(500, options.limit * 4), MAX_STEP),
    );
    const scan = scanProgress(progress);
    if (progress.complete) return { ...pageOf(matched, options.limit), scan };
    return { logs: matched, next: progress.last ? encodeCursor(progress.last) : null, scan };
  }

  return {
    async scanVolume(filter, bucketMs, scanRows = SCAN_ROWS) {
      const logs: { at: number; level: number }[] = [];
      const progress = await scanFragments(
        filter,
        filter.search!,
        undefined,
        scanRows,
        Infinity,
        'l.at, coalesce(l.ll, 0) AS level',
        (rows) => {
          logs.push(...(rows as unknown as { at: number; level: number }[]));
          return false;
        },
        MAX_STEP,
      );
      return {
        rows: bucketCounts(logs, bucketMs),
        scan: scanProgress(progress),
      };
    },
    async splitVolume(filter, bucketMs, by, scanRows = SCAN_ROWS) {
      const value = splitValueSql(by);
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0) {
        const counts = new Map<string, { bucket: number; value: string | null; n: number }>();
        const progress = await scanFragments(
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
          MAX_STEP,
        );
        return { rows: [...counts.values()], scan: scanProgress(progress) };
      }
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { rows: [] };
      const rows = await all<{ bucket: number; value: string | null; n: number }>(
        `SELECT floor(l.at / ${p.add(bucketMs)})::float8 AS bucket, ${value} AS value, count(*)::int AS n FROM logs l WHERE ${clause} GROUP BY 1, 2`,
        ...p.values,
      );
      return { rows };
    },
    async scanCount(filter, cap, scanRows = SCAN_ROWS) {
      let count = 0;
      const progress = await scanFragments(
        filter,
        filter.search!,
        undefined,
        scanRows,
        Infinity,
        'l.id',
        (rows) => (count += rows.length) > cap,
        MAX_STEP,
      );
      return { count, scan: scanProgress(progress) };
    },
    async apps() {
      const rows = await all<{ key: string; app_id: string; enabled: number; sessions: number }>(
        `SELECT a.key, a.app_id, a.enabled, (SELECT count(*) FROM sessions s WHERE s.app_key = a.key) AS sessions FROM apps a`,
      );
      // Apps that received nothing last, then by key (as SQLite's byte order sorts them).
      rows.sort(
        (a, b) => Number(a.sessions === 0) - Number(b.sessions === 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
      return rows.map((row) => ({
        key: row.key,
        appId: row.app_id,
        enabled: row.enabled === 1,
        sessions: row.sessions,
      }));
    },
    async logs(filter, options) {
      if (!options.oldestFirst && filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return fragmentPage(filter, filter.search, options);
      const p = parameters();
      let clause = await where(filter, p);
      if (clause === 'none') return { logs: [], next: null };
      const before: LogCursor | undefined = options.before;
      const after = options.oldestFirst ? options.after : undefined;
      if (before && !options.oldestFirst) clause += ` AND (l.at, l.id) < (${p.add(before.at)}, ${p.add(before.id)})`;
      if (after) clause += ` AND (l.at, l.id) > (${p.add(after.at)}, ${p.add(after.id)})`;
      const order = options.oldestFirst ? 'ASC' : 'DESC';
      const rows = await all<ExplorerLog>(
        `SELECT ${options.cut ? LIST_LOG_COLUMNS : LOG_COLUMNS} FROM ${LOG_FROM} WHERE ${clause} ORDER BY l.at ${order}, l.id ${order} LIMIT ${p.add(options.limit + 1)}`,
        ...p.values,
      );
      return pageOf(rows, options.limit);
    },
    async timeSpan(filter) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return undefined;
      // Each end read down the time index, as the stream's first page is.
      const end = async (order: 'ASC' | 'DESC') =>
        (
          await one<{ at: number }>(
            `SELECT l.at FROM logs l WHERE ${clause} ORDER BY l.at ${order} LIMIT 1`,
            ...p.values,
          )
        )?.at;
      const first = await end('ASC');
      return first === undefined ? undefined : { first, last: (await end('DESC'))! };
    },
    async volume(filter, bucketMs) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return [];
      return all<{ bucket: number; level: number; n: number }>(
        `SELECT floor(l.at / ${p.add(bucketMs)})::float8 AS bucket, coalesce(l.ll, 0) AS level, count(*)::int AS n FROM logs l WHERE ${clause} GROUP BY 1, 2`,
        ...p.values,
      );
    },
    async rollup(appKey, grain, from = Number.MIN_SAFE_INTEGER, to = Number.MAX_SAFE_INTEGER) {
      return all<{ slot: number; level: number; n: number }>(READ_VOLUME, appKey, grain, from, to);
    },
    async count(filter, cap) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return 0;
      return (await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM logs l WHERE ${clause} LIMIT ${p.add(cap + 1)}) AS matched`,
        ...p.values,
      ))!.n;
    },
    async facetSample(filter, limit) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { rows: [], complete: true };
      const rows = await all<FacetSample['rows'][number]>(
        `SELECT level, tag, file, session, count(*)::int AS n FROM (
           SELECT coalesce(l.ll, 0) AS level, l.tg AS tag, l.f AS file, l.session_id AS session FROM logs l WHERE ${clause}
           ORDER BY l.at DESC, l.id DESC LIMIT ${p.add(limit)}
         ) AS newest GROUP BY 1, 2, 3, 4`,
        ...p.values,
      );
      return { rows, complete: rows.reduce((sum, row) => sum + row.n, 0) < limit };
    },
    async sessionFacts(appKey, ids) {
      return all<SessionFacts>(
        `SELECT s.id, s.udid, d.name AS device_name, s.payload::json -> 'app_version' ->> 'version' AS version, s.payload::json ->> 'language' AS language
         FROM sessions s LEFT JOIN devices d ON d.app_key = s.app_key AND d.udid = s.udid
         WHERE s.app_key = $1 AND s.id = ANY ($2::int[])`,
        appKey,
        ids,
      );
    },
    async deviceKeys(appKey, udids, key) {
      return all<DeviceKeyRow>(
        `SELECT udid, key, value FROM device_keys WHERE app_key = $1 AND udid = ANY ($2::text[])${key === undefined ? '' : ' AND key = $3'}`,
        appKey,
        udids,
        ...(key === undefined ? [] : [key]),
      );
    },
    async arrivedAfter(filter, afterId, upTo, limit) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return [];
      return all<ExplorerLog>(
        `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM} WHERE ${clause} AND l.id > ${p.add(afterId)} AND l.id <= ${p.add(upTo)} ORDER BY l.id LIMIT ${p.add(limit)}`,
        ...p.values,
      );
    },
    // Not max(id): batches commit out of id order (server/stores/postgres/log-horizon.ts).
    lastLogId: horizon,
    around,
    async logText(appKey, id) {
      return one<{ t: string | null }>(`SELECT l.t FROM ${LOG_FROM} WHERE l.id = $1 AND s.app_key = $2`, id, appKey);
    },
    async issueLogId(sessionId, uid, receivedAt) {
      const marked = await one<{ id: number }>(
        `SELECT id FROM logs WHERE session_id = $1 AND tg = 'bf_issue' AND t = $2 LIMIT 1`,
        sessionId,
        uid,
      );
      if (marked) return marked.id;
      const before = await one<{ id: number }>(
        `SELECT id FROM logs WHERE session_id = $1 AND at <= $2 ORDER BY at DESC, id DESC LIMIT 1`,
        sessionId,
        Date.parse(receivedAt),
      );
      if (before) return before.id;
      return (
        await one<{ id: number }>(
          `SELECT id FROM logs WHERE session_id = $1 ORDER BY at DESC, id DESC LIMIT 1`,
          sessionId,
        )
      )?.id;
    },
    async tags(appKey, limit = 200) {
      // One index seek per tag (a loose index scan) rather than a scan of every log, each tag kept when one of its logs
      // is the app's. COLLATE "C" orders as SQLite does.
      const rows = await all<{ tg: string }>(
        `WITH RECURSIVE tag (tg) AS (
           SELECT min(tg COLLATE "C") FROM logs WHERE tg > ''
           UNION ALL SELECT (SELECT min(tg COLLATE "C") FROM logs WHERE tg > tag.tg) FROM tag WHERE tag.tg IS NOT NULL
         ) SELECT tg FROM tag WHERE tg IS NOT NULL
             AND EXISTS (SELECT 1 FROM logs l WHERE l.tg = tag.tg AND l.session_id IN (SELECT id FROM sessions WHERE app_key = $1))
           LIMIT $2`,
        appKey,
        limit,
      );
      return rows.map((row) => row.tg);
    },
    sessions: {
      async list(filter) {
        const p = parameters();
        const clauses = [`s.app_key = ${p.add(filter.appKey)}`];
        if (filter.q) {
          const q = p.add(filter.q);
          clauses.push(`(strpos(s.session_uid, ${q}) > 0 OR strpos(s.udid, ${q}) > 0 OR ${contains('d.name', q)})`);
        }
        if (filter.device) clauses.push(`s.udid = ${p.add(filter.device)}`);
        if (filter.version) clauses.push(`(s.payload::json -> 'app_version' ->> 'version') = ${p.add(filter.version)}`);
        if (filter.language) clauses.push(`(s.payload::json ->> 'language') = ${p.add(filter.language)}`);
        if (filter.with === 'issues') clauses.push('EXISTS (SELECT 1 FROM issues i WHERE i.session_id = s.id)');
        if (filter.with === 'errors') clauses.push('st.error + st.fatal > 0');
        const rows = await all<ExplorerSessionRow>(
          `${SESSION_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY ${SESSION_ORDER[filter.sort ?? 'last']} LIMIT ${p.add(filter.limit + 1)} OFFSET ${p.add(filter.offset ?? 0)}`,
          ...p.values,
        );
        return { sessions: rows.slice(0, filter.limit).map(toExplorerSession), more: rows.length > filter.limit };
      },
      async one(appKey, uid) {
        const row = await one<ExplorerSessionRow>(
          `${SESSION_SELECT} WHERE s.app_key = $1 AND s.session_uid = $2`,
          appKey,
          uid,
        );
        return row && toExplorerSession(row);
      },
      async facets(appKey) {
        const distinct = async (path: string) =>
          (
            await all<{ v: string }>(
              // GROUP BY, not DISTINCT: PostgreSQL refuses DISTINCT with an ORDER BY expression (the collation) not in the list.
              `SELECT v FROM (SELECT s.payload::json #>> $1::text[] AS v FROM sessions s WHERE app_key = $2) AS values_of
               WHERE v IS NOT NULL GROUP BY v ORDER BY v COLLATE "C" LIMIT 100`,
              path.split('.'),
              appKey,
            )
          ).map((row) => String(row.v));
        return { versions: await distinct('app_version.version'), languages: await distinct('language') };
      },
    },
    issues: {
      async list(filter) {
        const p = parameters();
        const clauses = [`i.app_key = ${p.add(filter.appKey)}`];
        if (filter.types && filter.types.length > 0) clauses.push(`i.type = ANY (${p.add(filter.types)}::text[])`);
        if (filter.session) clauses.push(`s.session_uid = ${p.add(filter.session)}`);
        if (filter.q) {
          const q = p.add(filter.q);
          clauses.push(`(${contains('i.title', q)} OR ${contains('i.text', q)})`);
        }
        if (filter.before !== undefined) clauses.push(`i.id < ${p.add(filter.before)}::bigint`);
        const rows = await all<ExplorerIssue & { session_id?: number }>(
          `${ISSUE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY i.id DESC LIMIT ${p.add(filter.limit + 1)}`,
          ...p.values,
        );
        const page = rows.slice(0, filter.limit).map(({ session_id: _id, ...issue }) => issue);
        return { issues: page, next: rows.length > filter.limit ? page.at(-1)!.id : null };
      },
      async one(appKey, uid) {
        return one<ExplorerIssue & { session_id: number }>(
          `${ISSUE_SELECT} WHERE i.app_key = $1 AND i.uid = $2`,
          appKey,
          uid,
        );
      },
    },
    devices: {
      async list(filter) {
        const p = parameters();
        const clauses = [`d.app_key = ${p.add(filter.appKey)}`];
        if (filter.q) {
          // Or a value of its keys, as they stand or as they were (docs/explorer.md#device-key-history).
          const q = p.add(filter.q);
          clauses.push(`(strpos(d.udid, ${q}) > 0 OR ${contains('d.name', q)}
            OR EXISTS (SELECT 1 FROM device_keys k WHERE k.app_key = d.app_key AND k.udid = d.udid AND ${contains('k.value', q)})
            OR EXISTS (SELECT 1 FROM device_key_changes c WHERE c.app_key = d.app_key AND c.udid = d.udid AND ${contains('c.value', q)}))`);
        }
        const rows = await all<ExplorerDeviceRow>(
          `${DEVICE_SELECT} WHERE ${clauses.join(' AND ')} ORDER BY d.last_seen DESC, d.udid LIMIT ${p.add(filter.limit + 1)} OFFSET ${p.add(filter.offset ?? 0)}`,
          ...p.values,
        );
        return { devices: rows.slice(0, filter.limit).map(toExplorerDevice), more: rows.length > filter.limit };
      },
      async one(appKey, udid) {
        const row = await one<ExplorerDeviceRow>(`${DEVICE_SELECT} WHERE d.app_key = $1 AND d.udid = $2`, appKey, udid);
        if (!row) return undefined;
        const keys = await all<{ key: string; value: string }>(
          `SELECT key, value FROM device_keys WHERE app_key = $1 AND udid = $2 ORDER BY key`,
          appKey,
          udid,
        );
        return { ...toExplorerDevice(row), keys: keys.map((key) => ({ key: key.key, value: JSON.parse(key.value) })) };
      },
    },
  };
}
