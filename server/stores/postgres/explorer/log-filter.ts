// A view's filter as PostgreSQL's WHERE clause over `logs l`, its values numbered as $1, $2, …: each filter a clause,
// written so that the planner reads by the index that answers it best.
import { deviceKeyValues, EXCLUDED_COLUMNS, LEVELS, liftFilters, SESSION_FILTERS } from '../../explorer-queries.ts';
import type { LogFilter } from '../../explorer-queries.types.ts';
import type { sql } from '../client.ts';
import { searchSql, sessionFieldSql } from '../search-sql.ts';

/** The levels logs_by_level holds (server/stores/postgres/schema.ts, the migration that made it partial). */
const RARE_LEVELS: readonly number[] = [1, 2, 3, 5];

/** Collects a statement's parameters as $1, $2, … */
export function parameters() {
  const values: unknown[] = [];
  return { values, add: (value: unknown) => `$${values.push(value)}` };
}
export type Parameters = ReturnType<typeof parameters>;

/** A filter's clause, its values added to `p`, or 'none' when nothing can match it. */
export type Where = (filter: LogFilter, p: Parameters) => Promise<string | 'none'>;

export function logWhere({ all }: ReturnType<typeof sql>): Where {
  const sessionIds = async (text: string, ...params: unknown[]) =>
    (await all<{ id: number }>(text, ...params)).map((row) => row.id);

  /** Whose logs: a session's, a device's, or the app's; then those of the devices with a key's value. */
  async function scope(filter: LogFilter, p: Parameters, out: string[]): Promise<'none' | undefined> {
    if (filter.session !== undefined) {
      out.push(
        `l.session_id = (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)} AND session_uid = ${p.add(filter.session)})`,
      );
    } else if (filter.device !== undefined) {
      const ids = await sessionIds(
        `SELECT id FROM sessions WHERE app_key = $1 AND udid = $2`,
        filter.appKey,
        filter.device,
      );
      if (ids.length === 0) return 'none';
      out.push(`l.session_id = ANY (${p.add(ids)}::int[])`);
    } else {
      // `+ 0`: the app's logs are found by walking the time index and keeping the app's, never by reading all of the
      // app's logs and sorting them, whatever the planner's statistics say of its sessions (an app of few sessions
      // and many logs read 0.5 s a page that way).
      out.push(`l.session_id + 0 IN (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)})`);
    }
    if (filter.deviceKey) {
      const ids = await sessionIds(
        `SELECT s.id FROM device_keys k JOIN sessions s ON s.app_key = k.app_key AND s.udid = k.udid
           WHERE k.app_key = $1 AND k.key = $2 AND k.value = ANY ($3::text[])`,
        filter.appKey,
        filter.deviceKey.key,
        deviceKeyValues(filter.deviceKey.value),
      );
      if (ids.length === 0) return 'none';
      out.push(`l.session_id = ANY (${p.add(ids)}::int[])`);
    }
    return undefined;
  }

  return async (asked, p) => {
    const filter = liftFilters(asked);
    const clauses: string[] = [];
    if ((await scope(filter, p, clauses)) === 'none' || columns(filter, p, clauses) === 'none') return 'none';
    exclusions(filter, p, clauses);
    if (filter.search !== undefined && filter.search.groups.length > 0)
      clauses.push(searchSql(filter.search, filter.appKey, p.add));
    if (filter.from !== undefined) clauses.push(`l.at >= ${p.add(filter.from)}`);
    if (filter.to !== undefined) clauses.push(`l.at < ${p.add(filter.to)}`);
    return clauses.join(' AND ');
  };
}

/** The log's own columns a filter keeps: its levels, tags, files and URLs. */
function columns(filter: LogFilter, p: Parameters, out: string[]): 'none' | undefined {
  if (filter.levels && filter.levels.length < LEVELS.length) {
    if (filter.levels.length === 0) return 'none';
    // Debug is also a log without a level.
    const none = filter.levels.includes(0) ? ' OR l.ll IS NULL' : '';
    out.push(`(l.ll = ANY (${p.add(filter.levels)}::int[])${none})`);
    // The level index holds only these levels: naming them, as its definition does, lets the planner use it.
    if (filter.levels.every((level) => RARE_LEVELS.includes(level))) out.push(`l.ll IN (${RARE_LEVELS.join(', ')})`);
  }
  if (filter.tags && filter.tags.length > 0) out.push(`l.tg = ANY (${p.add(filter.tags)}::text[])`);
  if (filter.files) out.push(`l.f = ANY (${p.add(filter.files)}::text[])`);
  if (filter.urls) out.push(`l.u = ANY (${p.add(filter.urls)}::text[])`);
  return undefined;
}

/** The values a filter hides (docs/facets.md#exclusion), and the session fields it keeps or hides. */
function exclusions(filter: LogFilter, p: Parameters, out: string[]): void {
  const { devices: notDevices, ...notColumns } = filter.exclude ?? {};
  for (const [name, column] of EXCLUDED_COLUMNS) {
    const values = notColumns[name];
    if (values) out.push(`NOT (coalesce(l.${column}, '') = ANY (${p.add(values)}::text[]))`);
  }
  if (notDevices) {
    out.push(
      `l.session_id NOT IN (SELECT id FROM sessions WHERE app_key = ${p.add(filter.appKey)} AND udid = ANY (${p.add(notDevices)}::text[]))`,
    );
  }
  for (const [name, field] of SESSION_FILTERS) {
    if (filter[name]) out.push(sessionFieldSql(field, filter[name], filter.appKey, p.add));
    const hidden = filter.exclude?.[name];
    if (hidden) out.push(sessionFieldSql(field, hidden, filter.appKey, p.add, true));
  }
}
