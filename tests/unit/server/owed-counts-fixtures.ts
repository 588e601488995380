// What the tests of counts owed to SIDELOG_DB share (clickhouse-owed-counts.test.ts, clickhouse-owed-kill.test.ts): a
// real refusal of a batch's counts by SIDELOG_DB, batches of every level, and the session as the sessions list shows it
// had nothing failed.
import { logs } from '../../../fixtures/wire-bodies.ts';
import type { LogLevel } from '../../../protocol/levels.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { rowsOnDatabase, runOnDatabase } from './test-databases.ts';

/** Makes SIDELOG_DB refuse every batch row (and so every batch's counts) until called again with false. */
export async function refuseBatches(db: string, refuse: boolean): Promise<void> {
  await runOnDatabase(
    db,
    db.startsWith('postgres')
      ? refuse
        ? `CREATE FUNCTION refuse_batches() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'batches refused'; END $$;
           CREATE TRIGGER refuse_batches BEFORE INSERT ON log_batches FOR EACH ROW EXECUTE FUNCTION refuse_batches()`
        : `DROP TRIGGER refuse_batches ON log_batches; DROP FUNCTION refuse_batches()`
      : refuse
        ? `CREATE TRIGGER refuse_batches BEFORE INSERT ON log_batches BEGIN SELECT RAISE(ABORT, 'batches refused'); END`
        : `DROP TRIGGER refuse_batches`,
  );
}

/** counted_batches' tokens (owed counts paid before log_batches held tokens); `add` records one first, as a payment
 * before then did. */
export async function countedTokens(db: string, add?: string): Promise<string[]> {
  if (add !== undefined) await rowsOnDatabase(db, `INSERT INTO counted_batches (token) VALUES ($1)`, [add]);
  return (await rowsOnDatabase(db, `SELECT token FROM counted_batches ORDER BY token`)).map((row) => String(row.token));
}

/** A batch of `count` logs from `from`, with its levels spread over the six. */
export const batchOf = (count: number, from: number): LogRecord[] =>
  logs(count, from).map((log, i) => ({ ...log, ll: (i % 6) as LogLevel }));

/** The session as the sessions list shows it, had its batches been counted as they were sent. */
export function listedAsSent(batches: LogRecord[][]) {
  const all = batches.flat();
  const names = ['debug', 'warning', 'error', 'trace', 'info', 'fatal'];
  return {
    first_at: Math.min(...all.map((log) => log.at)),
    last_at: Math.max(...all.map((log) => log.at)),
    total: all.length,
    counts: Object.fromEntries(names.map((name, level) => [name, all.filter((log) => log.ll === level).length])),
  };
}
