// The explorer's reads of logs on ClickHouse (the contract: server/stores/explorer-queries.types.ts), answering as the
// other stores do: the stream newest first by the keyset (at, id), counts, the histogram, facets, the log in its
// session, the tags. Filters and search compile in search-sql.ts. A fragment or a field parsed from the text is found
// by a bounded scan of the view's newest SCAN_ROWS logs (scan-reads.ts), counts by a field in split-volume.ts. Who
// each log is from (its session's uid, its device and name) is asked of SIDELOG_DB once per page (SessionLookup).
import type { ClickHouseClient } from '@clickhouse/client';
import { LIST_TEXT_CHARS } from '../../../explorer-contract/api.types.ts';
import { aroundOf, pageOf, splitScanned } from '../explorer-queries.ts';
import { MAX_STEP } from '../fragment-scan.ts';
import type { ExplorerLog, ExplorerQueries, FacetSample, LogFilter } from '../explorer-queries.types.ts';
import type { SessionLookup } from '../store.types.ts';
import { arrivalPage } from './arrival-page.ts';
import { columns, NEWEST_FIRST, olderThan, type LogReadContext, type Row } from './log-read-context.ts';
import { cursorsCondition, MAX_CURSORS, newestCursors, newestEdge } from './newest-first.ts';
import { oldestAt, viewEnds } from './time-windows.ts';
import { matchingRows } from './plan-rows.ts';
import { scanPlan } from './scan-plan.ts';
import { createScanReads } from './scan-reads.ts';
import { LOGS_TABLE } from './schema.ts';
import { filterSql, type FilterContext } from './search-sql.ts';
import type { ServerFeatures } from './server-features.ts';
import { createSplitVolume } from './split-volume.ts';
import { sqlFloat, sqlIdentifier, sqlInteger, sqlString } from './sql-literal.ts';
import { rowsOf } from './client.ts';

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
  | 'splitVolume'
  | 'facetSample'
  | 'arrivedAfter'
  | 'lastLogId'
  | 'around'
  | 'logText'
  | 'issueLogId'
  | 'tags'
>;

/** Whether a search holds a field parsed from the text, which Node finishes reading (scan-plan.ts). */
const holdsParsed = (filter: LogFilter) =>
  filter.search?.groups.some((group) => group.some((clause) => clause.term.kind === 'parsed')) ?? false;

export function createLogExplorerReads(
  client: ClickHouseClient,
  database: string,
  features: ServerFeatures,
  sessions: SessionLookup,
  facts: LogReadContext['facts'],
  /** The live tail's horizon (writer-board.ts): no row below it is still to land, this process's or another's. */
  horizon: () => Promise<number>,
): LogExplorerReads {
  const table = `${sqlIdentifier(database)}.${LOGS_TABLE}`;
  const context: FilterContext = { sessions, features };
  const rows = <T>(query: string) => rowsOf<T>(client, query);
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

  const reads: LogReadContext = { table, rows, where, filters: context, explorerLogs, facts };
  const scans = createScanReads(reads);

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
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scans.scannedPage(filter, options);
      const clause = await where(filter);
      const older = options.before ? ` AND ${olderThan(options.before)}` : '';
      // The page's logs found first, in time windows newest first, then their columns read (newest-first.ts): by
      // their ids for a page, by the edge of their times for a sample of thousands (patterns), whose ids would make too
      // long a query.
      const view = { where: `${clause}${older}`, appKey: filter.appKey, ...viewEnds(filter, options.before) };
      const page = (where: string) =>
        rows<Row>(
          `SELECT ${columns(options.cut)} FROM ${table} WHERE ${where} ${NEWEST_FIRST} LIMIT ${sqlInteger(options.limit + 1)}`,
        );
      let found: Row[];
      if (options.limit + 1 > MAX_CURSORS)
        found = await page(`${view.where}${await newestEdge(rows, table, view, options.limit + 1)}`);
      else {
        const cursors = await newestCursors(rows, table, view, options.limit + 1);
        found = cursors.length ? await page(`app = ${sqlString(filter.appKey)} AND ${cursorsCondition(cursors)}`) : [];
      }
      return pageOf(await explorerLogs(filter.appKey, found), options.limit);
    },
    async timeSpan(filter) {
      // Its newest log in time windows, its oldest where existence probes find it (time-windows.ts): `min(at)` and
      // `max(at)` of the view would read the `at` of every log it holds.
      const view = { where: await where(filter), appKey: filter.appKey, ...viewEnds(filter) };
      const [newest] = await newestCursors(rows, table, view, 1);
      if (!newest) return undefined;
      return { first: await oldestAt(rows, table, view.where, newest.at), last: newest.at };
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
    scanCount: scans.scanCount,
    scanVolume: scans.scanVolume,
    splitVolume: createSplitVolume(reads, scans),
    async facetSample(filter, limit, _within, scanRows) {
      if (filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scans.scannedFacetSample(filter, limit, scanRows);
      const clause = await where(filter);
      const sum = (found: FacetSample['rows']) => found.reduce((total, row) => total + row.n, 0);
      // The sample's edge found first, reading `at` alone beside the view's conditions (newest-first.ts).
      const edge = await newestEdge(rows, table, { where: clause, appKey: filter.appKey, ...viewEnds(filter) }, limit);
      const found = await rows<FacetSample['rows'][number]>(
        `SELECT level, tag, file, session, count() AS n FROM (
           SELECT ifNull(ll, 0) AS level, tg AS tag, f AS file, session_id AS session FROM ${table}
           WHERE ${clause}${edge} ${NEWEST_FIRST} LIMIT ${sqlInteger(limit)}
         ) GROUP BY level, tag, file, session`,
      );
      return { rows: found, complete: sum(found) < limit };
    },
    // Positions are numbers of arrival order (docs/clickhouse.md#arrival-order), paged as arrival-page.ts does.
    async arrivedAfter(filter, afterId, upTo, limit) {
      // A parsed field is read in Node (scan-plan.ts): the view is the rest of the query, and rows are read until
      // enough match.
      const { narrowing, scanned } = holdsParsed(filter)
        ? splitScanned(filter.search!)
        : { narrowing: filter.search, scanned: { groups: [] } };
      const plan = await scanPlan(scanned, filter.appKey, context);
      const from = `${table} WHERE ${await where({ ...filter, search: narrowing })} AND ${plan.where}`;
      const select = `arrival, ${columns(true)}`;
      const { rows: found, last } = await arrivalPage<Row & { arrival: number }>(
        (range, want) =>
          matchingRows(
            rows,
            plan,
            { select, from: `${from} AND ${range}`, order: 'ORDER BY arrival, id' },
            want ?? Number.MAX_SAFE_INTEGER,
            want === undefined ? MAX_STEP : Math.min(want * 4, MAX_STEP),
          ),
        afterId,
        upTo,
        limit,
      );
      const logs = await explorerLogs(
        filter.appKey,
        found.map(({ arrival: _, ...row }) => row),
      );
      return { logs, last: last ?? upTo };
    },
    lastLogId: horizon,
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
