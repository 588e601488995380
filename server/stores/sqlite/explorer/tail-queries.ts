// The live tail's reads on SQLite (docs/explorer-views.md#live-tail): the logs that arrived after a log, and how far
// every log is visible.
import { LOG_FROM } from '../../explorer-queries.ts';
import type { ExplorerLog, LogFilter } from '../../explorer-queries.types.ts';
import { LIST_LOG_COLUMNS, type LogReads } from './log-reads.ts';

export function tailQueries({ db, where }: LogReads) {
  /** Logs that arrived after log `afterId` (by arrival, whatever their time), oldest first: the live tail. */
  function arrivedAfter(
    filter: LogFilter,
    afterId: number,
    upTo: number,
    limit: number,
  ): { logs: ExplorerLog[]; last: number } {
    const clause = where(filter);
    if (clause === 'none') return { logs: [], last: upTo };
    const logs = db
      .prepare(
        `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM} WHERE ${clause.sql} AND l.id > ? AND l.id <= ? ORDER BY l.id LIMIT ?`,
      )
      .all(...clause.params, afterId, upTo, limit) as ExplorerLog[];
    return { logs, last: logs.length === limit ? logs.at(-1)!.id : upTo };
  }

  /** The newest log id: SQLite has one writer at a time, so every id up to the highest visible is committed. */
  function lastLogId(): number {
    return (db.prepare(`SELECT ifnull(max(id), 0) AS id FROM logs`).get() as { id: number }).id;
  }

  return { arrivedAfter, lastLogId };
}
