// The explorer's reads of logs on ClickHouse (the contract: server/stores/explorer-queries.types.ts), answering as the
// other stores do: the stream newest first by the keyset (at, id), counts, the histogram, facets, the log in its
// session, the tags. Filters and search compile in search-sql.ts. A fragment is found by a bounded scan of the view's
// newest SCAN_ROWS logs, with the same "searched back to" answer (docs/explorer.md#fragments): ClickHouse reads the
// bound's position in one query, then the matches above it in another. Who each log is from (its session's uid, its
// device and name) is asked of SIDELOG_DB once per page (SessionLookup).
import type { ClickHouseClient } from '@clickhouse/client';
import { LIST_TEXT_CHARS } from '../../../explorer-contract/api.types.ts';
import {
  aroundOf,
  bucketCounts,
  encodeCursor,
  pageOf,
  SCAN_ROWS,
  scanProgress,
  splitScanned,
} from '../explorer-queries.ts';
import type {
  ExplorerLog,
  ExplorerQueries,
  FacetSample,
  LogCursor,
  LogFilter,
  LogPage,
} from '../explorer-queries.types.ts';
import { COLUMN_NAMES } from '../log-columns.ts';
import type { SessionLookup } from '../store.types.ts';
import { REQUEST_TIMEOUT_MS } from './client.ts';
import { cursorsCondition, MAX_CURSORS, newestCursors, newestEdge } from './newest-first.ts';
import { LOGS_TABLE } from './schema.ts';
import { filterSql, searchSql, type FilterContext } from './search-sql.ts';
import type { ServerFeatures } from './server-features.ts';
import { sqlFloat, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';

/** The reads of ExplorerQueries that concern logs; the rest (apps, sessions, issues, devices) stay SIDELOG_DB's. */
export type LogExplorerReads = Pick<
  ExplorerQueries,
  | 'logs'
  | 'timeSpan'
  | 'volume'
  | 'rollup'
  | 'count'
  | 'scanCount'
  | 'scanVolume'
  | 'facetSample'
  | 'arrivedAfter'
  | 'lastLogId'
  | 'around'
  | 'logText'
  | 'issueLogId'
  | 'tags'
>;

type Row = Omit<ExplorerLog, 'session_uid' | 'udid' | 'device_name'> & {
  session_id: number;
  t_cut?: string | null;
  t_chars?: number;
};

/** A log's columns; with `cut`, the text's first LIST_TEXT_CHARS characters and its length (docs/explorer-views.md#long-lines),
 * under names of their own: an alias named as a column would stand for it in the WHERE clause too. */
const columns = (cut: boolean | undefined) =>
  ['id', 'session_id', ...COLUMN_NAMES.filter((name) => !cut || name !== 't')].join(', ') +
  (cut ? `, substringUTF8(t, 1, ${LIST_TEXT_CHARS}) AS t_cut, lengthUTF8(ifNull(t, '')) AS t_chars` : '');

/** (at, id) before / at-or-after a cursor, spelled out: 18.16 compares no tuples. */
const olderThan = (cursor: LogCursor) =>
  `(at < ${sqlFloat(cursor.at)} OR (at = ${sqlFloat(cursor.at)} AND id < ${sqlInteger(cursor.id)}))`;
const notOlderThan = (cursor: LogCursor) =>
  `(at > ${sqlFloat(cursor.at)} OR (at = ${sqlFloat(cursor.at)} AND id >= ${sqlInteger(cursor.id)}))`;
const NEWEST_FIRST = 'ORDER BY at DESC, id DESC';

/** How many logs the other stores' scan reads to reach the `position`th of the view: steps of max(500, 4 × limit),
 * doubling to at most 50,000 (server/stores/postgres/explorer-queries.ts), so that a page says it read as far. */
function stepsCovering(position: number, limit: number): number {
  let step = Math.min(Math.max(500, limit * 4), 50_000);
  let read = 0;
  while (read < position) {
    read += step;
    step = Math.min(step * 2, 50_000);
  }
  return read;
}

/** A live tail's position is a second of arrival (`received`): log ids are hashes, not a sequence. A group's rows
 * carry the second its write began, and a write may take up to REQUEST_TIMEOUT_MS: seconds older than that hold every
 * log they ever will. */
const TAIL_SETTLE_SECONDS = Math.ceil(REQUEST_TIMEOUT_MS / 1000) + 1;

export function createLogExplorerReads(
  client: ClickHouseClient,
  database: string,
  features: ServerFeatures,
  sessions: SessionLookup,
  now: () => number = Date.now,
): LogExplorerReads {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const context: FilterContext = { sessions, features };
  const rows = async <T>(query: string) => (await (await client.query({ query, format: 'JSONEachRow' })).json()) as T[];
  const where = (filter: LogFilter) => filterSql(filter, context);

  /** The rows as the API's logs: the cut text back in `t`, and who each is from. */
  async function explorerLogs(appKey: string, found: Row[]): Promise<ExplorerLog[]> {
    const ids = [...new Set(found.map((row) => row.session_id))];
    const who = new Map((ids.length ? await sessions.sessionsOfIds(appKey, ids) : []).map((s) => [s.id, s]));
    return found.map(({ session_id, t_cut, t_chars, ...log }) => {
      const session = who.get(session_id);
      const cut =
        t_chars === undefined ? {} : { t: t_cut ?? null, t_length: t_chars > LIST_TEXT_CHARS ? t_chars : null };
      return {
        ...log,
        ...cut,
        session_uid: session?.session_uid ?? '',
        udid: session?.udid ?? '',
        device_name: session?.device_name ?? '',
      } as ExplorerLog;
    });
  }

  /** The bounded scan of a search holding a fragment: among the view's (narrowed by the query's indexed groups) newest
   * `budget` logs older than `before`, those the scanned groups match. `bound` is the oldest log the scan may read,
   * when the view holds more than the budget; else it reads to the view's oldest. */
  async function scanWindow(filter: LogFilter, before: LogCursor | undefined, budget: number) {
    const { narrowing, scanned } = splitScanned(filter.search!);
    const view = await where({ ...filter, search: narrowing });
    const within = before ? `${view} AND ${olderThan(before)}` : view;
    const [bound] = await rows<LogCursor>(
      `SELECT at, id FROM ${table} WHERE ${within} ${NEWEST_FIRST} LIMIT 1 OFFSET ${sqlInteger(Math.max(1, budget) - 1)}`,
    );
    const test = await searchSql(scanned, filter.appKey, context);
    const window = bound ? `${within} AND ${notOlderThan(bound)}` : within;
    return { view: within, bound, matching: `${window} AND ${test}` };
  }

  /** How far a scan read when it stopped at `last` (or, with none, read the whole window down to `bound` or the
   * view's oldest). */
  async function progress(view: string, last: LogCursor | undefined, bound: LogCursor | undefined) {
    const to = last ?? bound;
    const [read] = await rows<{ n: number; oldest: number | null }>(
      `SELECT count() AS n, min(at) AS oldest FROM ${table} WHERE ${view}${to ? ` AND ${notOlderThan(to)}` : ''}`,
    );
    const n = read?.n ?? 0;
    return scanProgress({
      read: n,
      last: to ?? (n > 0 ? { at: read!.oldest!, id: 0 } : undefined),
      complete: last !== undefined || bound === undefined,
    });
  }

  async function fragmentPage(
    filter: LogFilter,
    options: { before?: LogCursor; limit: number; scanRows?: number; cut?: boolean },
  ): Promise<LogPage> {
    const { view, bound, matching } = await scanWindow(filter, options.before, options.scanRows ?? SCAN_ROWS);
    const found = await explorerLogs(
      filter.appKey,
      await rows<Row>(
        `SELECT ${columns(options.cut)} FROM ${table} WHERE ${matching} ${NEWEST_FIRST} LIMIT ${sqlInteger(options.limit + 1)}`,
      ),
    );
    if (found.length > options.limit) {
      const page = pageOf(found, options.limit);
      // As far as the other stores' steps read to find one past the page (server/stores/postgres/explorer-queries.ts,
      // scanFragments): the first step, then doubling, up to the budget.
      const [upTo] = await rows<{ n: number }>(
        `SELECT count() AS n FROM ${table} WHERE ${view} AND ${notOlderThan(found[options.limit]!)}`,
      );
      const read = Math.min(stepsCovering(upTo?.n ?? 0, options.limit), options.scanRows ?? SCAN_ROWS);
      const [end] = await rows<LogCursor>(
        `SELECT at, id FROM ${table} WHERE ${view} ${NEWEST_FIRST} LIMIT 1 OFFSET ${sqlInteger(Math.max(1, read) - 1)}`,
      );
      const scan = end ? scanProgress({ read, last: end, complete: true }) : await progress(view, undefined, undefined);
      return { ...page, scan };
    }
    const scan = await progress(view, undefined, bound);
    // The budget ended before the view did: the page goes on from the last log read.
    if (bound) return { logs: found, next: encodeCursor(bound), scan };
    return { logs: found, next: null, scan };
  }

  const around: ExplorerQueries['around'] = async (appKey, id, older, newer = older) => {
    const app = `app = ${sqlString(appKey)}`;
    const [target] = await rows<Row>(
      `SELECT ${columns(true)} FROM ${table} WHERE ${app} AND id = ${sqlInteger(id)} LIMIT 1`,
    );
    if (!target) return undefined;
    const session = `${app} AND session_id = ${sqlInteger(target.session_id)}`;
    const cursor = `(at ${'%'} ${sqlFloat(target.at)} OR (at = ${sqlFloat(target.at)} AND id ${'%'} ${sqlInteger(target.id)}))`;
    // One more than asked for, to know whether more lie beyond.
    const side = async (op: '<' | '>', order: 'DESC' | 'ASC', count: number) =>
      explorerLogs(
        appKey,
        await rows<Row>(
          `SELECT ${columns(true)} FROM ${table} WHERE ${session} AND ${cursor.replaceAll('%', op)}
           ORDER BY at ${order}, id ${order} LIMIT ${sqlInteger(count + 1)}`,
        ),
      );
    const [[log], before, after] = await Promise.all([
      explorerLogs(appKey, [target]),
      side('<', 'DESC', older),
      side('>', 'ASC', newer),
    ]);
    return aroundOf(log!, before, after, older, newer);
  };

  return {
    async logs(filter, options) {
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0) return fragmentPage(filter, options);
      const clause = await where(filter);
      const older = options.before ? ` AND ${olderThan(options.before)}` : '';
      // The page's logs found first, then their columns read (newest-first.ts): by their ids for a page, by the edge
      // of their times for a sample of thousands (patterns), whose ids would make too long a query.
      const view = `${clause}${older}`;
      const page = (where: string) =>
        rows<Row>(
          `SELECT ${columns(options.cut)} FROM ${table} WHERE ${where} ${NEWEST_FIRST} LIMIT ${sqlInteger(options.limit + 1)}`,
        );
      let found: Row[];
      if (options.limit + 1 > MAX_CURSORS)
        found = await page(`${view}${await newestEdge(client, table, view, options.limit + 1)}`);
      else {
        const cursors = await newestCursors(client, table, view, options.limit + 1);
        found = cursors.length ? await page(`app = ${sqlString(filter.appKey)} AND ${cursorsCondition(cursors)}`) : [];
      }
      return pageOf(await explorerLogs(filter.appKey, found), options.limit);
    },
    async timeSpan(filter) {
      const [span] = await rows<{ n: number; first: number; last: number }>(
        `SELECT count() AS n, min(at) AS first, max(at) AS last FROM ${table} WHERE ${await where(filter)}`,
      );
      return span && span.n > 0 ? { first: span.first, last: span.last } : undefined;
    },
    async volume(filter, bucketMs) {
      // floor, not intDiv: a time before 1970 belongs to the bucket below it, as Math.floor puts it.
      return rows(
        `SELECT toInt64(floor(at / ${sqlInteger(bucketMs)})) AS bucket, ifNull(ll, 0) AS level, count() AS n
         FROM ${table} WHERE ${await where(filter)} GROUP BY bucket, level ORDER BY bucket, level`,
      );
    },
    async rollup(appKey, grain, from, to) {
      // No rollup table: ClickHouse groups an app's logs by slot as fast as the others read their kept counts.
      const range = [
        from === undefined ? '' : ` AND at >= ${sqlFloat(from * grain)}`,
        to === undefined ? '' : ` AND at < ${sqlFloat(to * grain)}`,
      ].join('');
      return rows(
        `SELECT toInt64(floor(at / ${sqlInteger(grain)})) AS slot, ifNull(ll, 0) AS level, count() AS n
         FROM ${table} WHERE app = ${sqlString(appKey)}${range} GROUP BY slot, level ORDER BY slot, level`,
      );
    },
    async count(filter, cap) {
      const [row] = await rows<{ n: number }>(
        `SELECT count() AS n FROM (SELECT 1 FROM ${table} WHERE ${await where(filter)} LIMIT ${sqlInteger(cap + 1)})`,
      );
      return row?.n ?? 0;
    },
    async scanCount(filter, cap, scanRows = SCAN_ROWS) {
      const { view, bound, matching } = await scanWindow(filter, undefined, scanRows);
      const [row] = await rows<{ n: number }>(
        `SELECT count() AS n FROM (SELECT 1 FROM ${table} WHERE ${matching} LIMIT ${sqlInteger(cap + 1)})`,
      );
      return { count: row?.n ?? 0, scan: await progress(view, undefined, bound) };
    },
    async scanVolume(filter, bucketMs, scanRows = SCAN_ROWS) {
      const { view, bound, matching } = await scanWindow(filter, undefined, scanRows);
      const found = await rows<{ at: number; level: number }>(
        `SELECT at, ifNull(ll, 0) AS level FROM ${table} WHERE ${matching}`,
      );
      return { rows: bucketCounts(found, bucketMs), scan: await progress(view, undefined, bound) };
    },
    async facetSample(filter, limit) {
      const clause = await where(filter);
      const sum = (found: FacetSample['rows']) => found.reduce((total, row) => total + row.n, 0);
      // The sample's edge found first, reading `at` alone beside the view's conditions (newest-first.ts).
      const edge = await newestEdge(client, table, clause, limit);
      const found = await rows<FacetSample['rows'][number]>(
        `SELECT level, tag, file, session, count() AS n FROM (
           SELECT ifNull(ll, 0) AS level, tg AS tag, f AS file, session_id AS session FROM ${table}
           WHERE ${clause}${edge} ${NEWEST_FIRST} LIMIT ${sqlInteger(limit)}
         ) GROUP BY level, tag, file, session`,
      );
      return { rows: found, complete: sum(found) < limit };
    },
    async arrivedAfter(filter, afterId, upTo, limit) {
      const found = await rows<Row>(
        `SELECT ${columns(true)} FROM ${table} WHERE ${await where(filter)}
         AND received > ${sqlInteger(afterId)} AND received <= ${sqlInteger(upTo)}
         ORDER BY received, at, id LIMIT ${sqlInteger(limit)}`,
      );
      return explorerLogs(filter.appKey, found);
    },
    async lastLogId() {
      return Math.floor(now() / 1000) - TAIL_SETTLE_SECONDS;
    },
    around,
    async logText(appKey, id) {
      const [row] = await rows<{ t: string | null }>(
        `SELECT t FROM ${table} WHERE app = ${sqlString(appKey)} AND id = ${sqlInteger(id)} LIMIT 1`,
      );
      return row;
    },
    async issueLogId(sessionId, uid, receivedAt) {
      const session = `session_id = ${sqlInteger(sessionId)}`;
      const first = async (where: string) =>
        (await rows<{ id: number }>(`SELECT id FROM ${table} WHERE ${session} AND ${where} ${NEWEST_FIRST} LIMIT 1`))[0]
          ?.id;
      const received = Date.parse(receivedAt);
      return (
        (await first(`tg = 'bf_issue' AND t = ${sqlString(uid)}`)) ??
        (Number.isFinite(received) ? await first(`at <= ${sqlFloat(received)}`) : undefined) ??
        (await first('1'))
      );
    },
    async tags(appKey, limit = 200) {
      const found = await rows<{ tg: string }>(
        `SELECT DISTINCT tg FROM ${table} WHERE app = ${sqlString(appKey)} AND tg > '' ORDER BY tg LIMIT ${sqlInteger(limit)}`,
      );
      return found.map((row) => row.tg);
    },
  };
}
