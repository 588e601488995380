// The board of processes writing logs to ClickHouse (docs/clickhouse.md#the-live-tail-across-hosts), in SIDELOG_DB on
// both databases over the dialect (server/stores/dialect.ts): a row per process, its arrival horizon and when it said
// so. Each publish holds a lock between processes, so that a writer joining reads every horizon published before its
// own row is there (clickhouse/writer-board.ts relies on that to number its rows past them).
import { sql, type Db, type Split } from './dialect.ts';
import type { LogWriterBoard, LogWriterRow } from './store.types.ts';

export function logWriterBoard(db: Db): Split<LogWriterBoard, 'publishLogWriter' | 'removeLogWriter'> {
  return {
    reads: {
      logWriters: () => db.all<LogWriterRow>(sql`SELECT writer, horizon, seen_at FROM log_writers ORDER BY writer`),
    },
    writes: {
      publishLogWriter: (writer, horizon, now, goneBefore) =>
        db.transaction(async (tx) => {
          await tx.lock('log_writers');
          await tx.run(sql`DELETE FROM log_writers WHERE seen_at < ${goneBefore} AND writer <> ${writer}`);
          const highest = await tx.one<{ highest: number | null }>(
            sql`SELECT max(horizon) AS highest FROM log_writers WHERE writer <> ${writer}`,
          );
          await tx.run(
            sql`INSERT INTO log_writers (writer, horizon, seen_at) VALUES (${writer}, ${horizon}, ${now})
                ON CONFLICT (writer) DO UPDATE SET horizon = excluded.horizon, seen_at = excluded.seen_at`,
          );
          return Number(highest?.highest ?? 0);
        }),
      removeLogWriter: async (writer) => {
        await db.run(sql`DELETE FROM log_writers WHERE writer = ${writer}`);
      },
    },
  };
}
