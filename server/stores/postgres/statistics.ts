// The planner's statistics. Autovacuum analyses a table once 50 rows and a tenth of it have changed, and
// never analyses a partitioned table's parent: a service of a few dozen sessions had none for `sessions`, and the
// explorer's pages read the whole app (0.5 s a page, 117 s for an export that takes 3.4 s with them). So the store
// analyses the tables the explorer's plans depend on itself: after migrating, when this process has stored 1,000,
// 10,000, 100,000 and 1,000,000 logs, and every 10 minutes. docs/local-service.md#stores
import type pg from 'pg';

const TABLES = 'sessions, session_stats, logs, device_keys';
const EVERY_MS = 10 * 60 * 1000;
const AT_LOGS = [1_000, 10_000, 100_000, 1_000_000];

export interface Statistics {
  /** Counts logs this process stored; analyses when the count crosses one of AT_LOGS. */
  stored(count: number): void;
  /** Resolves once an analysis under way is done. */
  settled(): Promise<void>;
  stop(): void;
}

export function keepStatistics(pool: pg.Pool): Statistics {
  let running: Promise<void> = Promise.resolve();
  let logs = 0;
  const analyse = () => {
    running = running
      .then(() => pool.query(`ANALYZE ${TABLES}`))
      .then(
        () => undefined,
        (error: unknown) => console.error('postgres: ANALYZE:', (error as Error).message),
      );
  };
  analyse();
  const timer = setInterval(analyse, EVERY_MS);
  timer.unref();
  return {
    stored(count) {
      const before = logs;
      logs += count;
      if (AT_LOGS.some((mark) => before < mark && logs >= mark)) analyse();
    },
    settled: () => running,
    stop: () => clearInterval(timer),
  };
}
