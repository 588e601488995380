// The log stream's reads on PostgreSQL: a page of a view (or a fragment's scan), the lines around a log in its
// session, one log's whole text, and the log an issue is about.
import { aroundOf, LOG_COLUMNS, LOG_FROM, pageOf, splitScanned } from '../../explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries, LogCursor } from '../../explorer-queries.types.ts';
import { fragmentPagePlan } from '../../fragment-scan.ts';
import { parameters } from './log-filter.ts';
import { LIST_LOG_COLUMNS, type LogReads } from './log-reads.ts';

type LogListQueries = Pick<ExplorerQueries, 'logs' | 'around' | 'logText' | 'issueLogId'>;

export function logListQueries({ one, all, where, scan }: LogReads): LogListQueries {
  return {
    async logs(filter, options) {
      const columns = options.cut ? LIST_LOG_COLUMNS : LOG_COLUMNS;
      if (!options.oldestFirst && filter.search && splitScanned(filter.search).scanned.groups.length > 0)
        return scan(filter, filter.search, fragmentPagePlan(options, columns));
      const p = parameters();
      let clause = await where(filter, p);
      if (clause === 'none') return { logs: [], next: null };
      const before: LogCursor | undefined = options.before;
      const after = options.oldestFirst ? options.after : undefined;
      if (before && !options.oldestFirst) clause += ` AND (l.at, l.id) < (${p.add(before.at)}, ${p.add(before.id)})`;
      // Oldest first, after a cursor when given (docs/explorer.md#a-session-read-top-to-bottom).
      if (after) clause += ` AND (l.at, l.id) > (${p.add(after.at)}, ${p.add(after.id)})`;
      const order = options.oldestFirst ? 'ASC' : 'DESC';
      const rows = await all<ExplorerLog>(
        `SELECT ${columns} FROM ${LOG_FROM} WHERE ${clause} ORDER BY l.at ${order}, l.id ${order} LIMIT ${p.add(options.limit + 1)}`,
        ...p.values,
      );
      return pageOf(rows, options.limit);
    },

    async around(appKey, id, older, newer = older) {
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
    },

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
  };
}
