// The log stream's reads on SQLite: a page of a view (an index's set, common words window by window, or a fragment's
// scan), the lines around a log in its session, one log's whole text, and the log an issue is about.
import { aroundOf, LOG_COLUMNS, LOG_FROM, pageOf, splitScanned } from '../../explorer-queries.ts';
import type { AroundLogs, ExplorerLog, LogFilter, LogPage, LogPageOptions } from '../../explorer-queries.types.ts';
import { fragmentPagePlan } from '../../fragment-scan.ts';
import { LIST_LOG_COLUMNS, type LogReads } from './log-reads.ts';

export function logListQueries({ db, where, page, scan, common, commonWordsPage }: LogReads) {
  /** One page of the filtered stream, newest first, older than `before` when given; read for `within` ms at most
   * where it is read in windows (ExplorerQueries.logs). */
  function logs(filter: LogFilter, options: LogPageOptions): LogPage {
    const columns = options.cut ? LIST_LOG_COLUMNS : LOG_COLUMNS;
    if (options.oldestFirst) return oldestFirst(filter, options, columns);
    const search = filter.search?.groups.length ? filter.search : undefined;
    if (search && splitScanned(search).scanned.groups.length > 0)
      return scan(filter, search, fragmentPagePlan(options, columns));
    if (search && common(search))
      return commonWordsPage(
        filter,
        search,
        options.before,
        options.limit,
        performance.now() + (options.within ?? Infinity),
        columns,
      );
    const clause = where(filter);
    if (clause === 'none') return { logs: [], next: null };
    return pageOf(page(clause, options.before, options.limit + 1, columns), options.limit);
  }

  /** A page oldest first, after `options.after` when given (docs/explorer.md#a-session-read-top-to-bottom). */
  function oldestFirst(filter: LogFilter, options: LogPageOptions, columns: string): LogPage {
    const clause = where(filter);
    if (clause === 'none') return { logs: [], next: null };
    const after = options.after ? ` AND l.at >= ? AND (l.at > ? OR l.id > ?)` : '';
    const at = options.after ? [options.after.at, options.after.at, options.after.id] : [];
    const rows = db
      .prepare(`SELECT ${columns} FROM ${LOG_FROM} WHERE ${clause.sql}${after} ORDER BY l.at ASC, l.id ASC LIMIT ?`)
      .all(...clause.params, ...at, options.limit + 1) as ExplorerLog[];
    return pageOf(rows, options.limit);
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
      | { t: string | null }
      | undefined;
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
        | { id: number }
        | undefined
    )?.id;
  }

  return { logs, around, logText, issueLogId };
}
