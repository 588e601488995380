// A read's time budget on SQLite, as PostgreSQL's statement_timeout bounds each of the explorer's statements
// (server/stores/postgres/store.ts): better-sqlite3 cannot interrupt a statement, but a statement stops when a function it
// calls throws. So every filter the explorer's queries compile ends in `sidelog_in_budget()`, which throws once the
// read running in this thread is past its deadline; the explorer's API answers that as it answers a statement
// timeout, 422 (docs/local-service.md#the-reader-threads). No deadline is set outside the reader threads.
import type Database from 'better-sqlite3';
import { READ_BUDGET_SPENT } from '../explorer-queries.ts';

/** A read's budget in a reader thread. PostgreSQL's is 2 s a statement; a read here may be several statements. */
export const READ_BUDGET_MS = 5_000;
/** The clause every filter ends in. */
export const IN_BUDGET = 'sidelog_in_budget()';

let deadline = Infinity;
let calls = 0;

/** Runs `read` with a deadline `budgetMs` from now: its statements stop, throwing READ_BUDGET_SPENT, once past it. */
export function withReadDeadline<T>(budgetMs: number, read: () => T): T {
  deadline = performance.now() + budgetMs;
  calls = 0;
  try {
    return read();
  } finally {
    deadline = Infinity;
  }
}

/** Registers IN_BUDGET on `db`. The clock is read every 1,024 rows: a call per row costs a JS call, not a clock. */
export function registerReadDeadline(db: Database.Database): void {
  db.function('sidelog_in_budget', { deterministic: false }, () => {
    if ((++calls & 1023) === 0 && performance.now() > deadline)
      throw Object.assign(new Error('the read took longer than its budget'), { code: READ_BUDGET_SPENT });
    return 1;
  });
}
