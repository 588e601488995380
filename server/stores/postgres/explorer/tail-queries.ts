// The live tail's reads on PostgreSQL (docs/explorer-views.md#live-tail): the logs that arrived after a log, and how
// far every log is visible.
import { LOG_FROM } from '../../explorer-queries.ts';
import type { ExplorerLog, ExplorerQueries } from '../../explorer-queries.types.ts';
import { createLogHorizon } from '../log-horizon.ts';
import { parameters } from './log-filter.ts';
import { LIST_LOG_COLUMNS, type LogReads } from './log-reads.ts';

export function tailQueries({ pool, all, where }: LogReads): Pick<ExplorerQueries, 'arrivedAfter' | 'lastLogId'> {
  return {
    async arrivedAfter(filter, afterId, upTo, limit) {
      const p = parameters();
      const clause = await where(filter, p);
      if (clause === 'none') return { logs: [], last: upTo };
      const logs = await all<ExplorerLog>(
        `SELECT ${LIST_LOG_COLUMNS} FROM ${LOG_FROM} WHERE ${clause} AND l.id > ${p.add(afterId)} AND l.id <= ${p.add(upTo)} ORDER BY l.id LIMIT ${p.add(limit)}`,
        ...p.values,
      );
      return { logs, last: logs.length === limit ? logs.at(-1)!.id : upTo };
    },
    // Not max(id): batches commit out of id order (server/stores/postgres/log-horizon.ts).
    lastLogId: createLogHorizon(pool),
  };
}
