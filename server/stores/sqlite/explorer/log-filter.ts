// A view's filter as SQLite's WHERE clause over `logs l`, with its parameters: each filter a clause, written so that
// SQLite drives the read by the index that answers it best. The unary `+` keeps SQLite from driving the scan by an
// index that would then need a sort of everything it matched (the whole app, several levels).
import type Database from 'better-sqlite3';
import { deviceKeyValues, EXCLUDED_COLUMNS, LEVELS, liftFilters, SESSION_FILTERS } from '../../explorer-queries.ts';
import type { LogFilter } from '../../explorer-queries.types.ts';
import { IN_BUDGET } from '../read-deadline.ts';
import { searchSql, sessionFieldSql } from '../search-sql.ts';
import type { SqlClause } from '../sql-clause.ts';

/** Sessions holding up to this many logs in all are read through the (session_id, at) index and sorted; more,
 * and the scan goes down the time index instead, testing each log's session. */
const SORTABLE_LOGS = 20_000;
/** The levels logs_by_level holds (server/stores/sqlite/schema.ts, the migration that made it partial). */
const RARE_LEVELS: readonly number[] = [1, 2, 3, 5];

/** A filter's clause, or 'none' when nothing can match it. */
export type Where = (filter: LogFilter, options?: { commonWords?: boolean }) => SqlClause | 'none';

const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The WHERE clause of a filter on `db`, and its parameters. With `commonWords`, the search is left out: the caller
 * matches it window by window (server/stores/sqlite/explorer/common-words.ts). */
export function logWhere(db: Database.Database): Where {
  const sessionIds = (sql: string, ...params: unknown[]) =>
    (db.prepare(sql).all(...params) as { id: number }[]).map((row) => row.id);

  /** The clause for logs of these sessions, driving the scan by them when they hold few logs. */
  function inSessions(ids: number[]): string {
    const total = (
      db
        .prepare(`SELECT ifnull(sum(total), 0) AS n FROM session_stats WHERE session_id IN (${marks(ids)})`)
        .get(...ids) as {
        n: number;
      }
    ).n;
    return `${total <= SORTABLE_LOGS ? '' : '+'}l.session_id IN (${ids.join(', ')})`;
  }

  /** Whose logs: a session's, a device's, or the app's; then those of the devices with a key's value. */
  function scope(filter: LogFilter, out: SqlClause[]): 'none' | undefined {
    if (filter.session !== undefined) {
      out.push({
        sql: `l.session_id = (SELECT id FROM sessions WHERE app_key = ? AND session_uid = ?)`,
        params: [filter.appKey, filter.session],
      });
    } else if (filter.device !== undefined) {
      const ids = sessionIds(`SELECT id FROM sessions WHERE app_key = ? AND udid = ?`, filter.appKey, filter.device);
      if (ids.length === 0) return 'none';
      out.push({ sql: inSessions(ids), params: [] });
    } else {
      out.push({ sql: `+l.session_id IN (SELECT id FROM sessions WHERE app_key = ?)`, params: [filter.appKey] });
    }
    if (filter.deviceKey) {
      const values = deviceKeyValues(filter.deviceKey.value);
      const ids = sessionIds(
        `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
             WHERE k.app_key = ? AND k.key = ? AND k.value IN (${marks(values)})`,
        filter.appKey,
        filter.deviceKey.key,
        ...values,
      );
      if (ids.length === 0) return 'none';
      out.push({ sql: inSessions(ids), params: [] });
    }
    return undefined;
  }

  return (asked, options = {}) => {
    const filter = liftFilters(asked);
    const clauses: SqlClause[] = [];
    if (scope(filter, clauses) === 'none' || columns(filter, clauses) === 'none') return 'none';
    exclusions(filter, clauses);
    if (filter.search !== undefined && filter.search.groups.length > 0 && !options.commonWords) {
      // Few matches: SQLite looks each index term up once, into a set, and drives the scan by them.
      clauses.push(searchSql(filter.search, filter.appKey));
    }
    if (filter.from !== undefined) clauses.push({ sql: `l.at >= ?`, params: [filter.from] });
    if (filter.to !== undefined) clauses.push({ sql: `l.at < ?`, params: [filter.to] });
    // Last, so that it is called for the rows the other clauses kept: the read's deadline (read-deadline.ts).
    clauses.push({ sql: IN_BUDGET, params: [] });
    return {
      sql: clauses.map((clause) => clause.sql).join(' AND '),
      params: clauses.flatMap((clause) => clause.params),
    };
  };
}

/** The log's own columns a filter keeps: its levels, tags, files and URLs. */
function columns(filter: LogFilter, out: SqlClause[]): 'none' | undefined {
  if (filter.levels && filter.levels.length < LEVELS.length) {
    if (filter.levels.length === 0) return 'none';
    const one = filter.levels.length === 1;
    // Debug is also a log without a level.
    const levels = filter.levels.includes(0) ? `ifnull(l.ll, 0)` : `${one ? '' : '+'}l.ll`;
    out.push({ sql: `${levels} IN (${marks(filter.levels)})`, params: filter.levels });
    // The level index holds only these levels: naming them, as its definition does, lets SQLite use it.
    if (one && RARE_LEVELS.includes(filter.levels[0]!))
      out.push({ sql: `l.ll IN (${RARE_LEVELS.join(', ')})`, params: [] });
  }
  if (filter.tags && filter.tags.length > 0)
    out.push({ sql: `${filter.tags.length === 1 ? '' : '+'}l.tg IN (${marks(filter.tags)})`, params: filter.tags });
  if (filter.files) out.push({ sql: `+l.f IN (${marks(filter.files)})`, params: filter.files });
  if (filter.urls) out.push({ sql: `l.u IN (${marks(filter.urls)})`, params: filter.urls });
  return undefined;
}

/** The values a filter hides (docs/facets.md#exclusion), and the session fields it keeps or hides. */
function exclusions(filter: LogFilter, out: SqlClause[]): void {
  const { devices: notDevices, ...notColumns } = filter.exclude ?? {};
  for (const [name, column] of EXCLUDED_COLUMNS) {
    const values = notColumns[name];
    if (values) out.push({ sql: `ifnull(l.${column}, '') NOT IN (${marks(values)})`, params: values });
  }
  if (notDevices) {
    out.push({
      sql: `l.session_id NOT IN (SELECT id FROM sessions WHERE app_key = ? AND udid IN (${marks(notDevices)}))`,
      params: [filter.appKey, ...notDevices],
    });
  }
  for (const [name, field] of SESSION_FILTERS) {
    for (const [values, negated] of [
      [filter[name], false],
      [filter.exclude?.[name], true],
    ] as const) {
      if (values) out.push(sessionFieldSql(field, values, filter.appKey, negated));
    }
  }
}
