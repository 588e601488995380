// The requests log and the refused keys filled up in one statement, as a process before the test's had left them: the
// tests of their bounds (admin-limits.test.ts) then send only the requests that make a prune, not the hundred thousand
// that fill the log, which took 12 s of the suite on SQLite alone and minutes as PostgreSQL round trips.
import Database from 'better-sqlite3';
import pg from 'pg';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';

/** Older than anything the test's own requests record (the stores write `new Date().toISOString()`). */
const LONG_AGO = '2026-01-01T00:00:00.000Z';

/** `rows` rows in the table of the database the service runs on (a SQLite file's path or a postgres:// URL): requests
 * of the demo app, or refused keys `filled-0` … (the oldest first). */
export async function fill(db: string, table: 'requests' | 'refused_keys', rows: number): Promise<void> {
  const insert =
    table === 'requests'
      ? `INSERT INTO requests (app_key, operation, status, received_at) SELECT '${DEMO_APP_KEY}', 'sendLogs', 200, '${LONG_AGO}' FROM n`
      : `INSERT INTO refused_keys (app_key, operation, status, count, last_seen) SELECT 'filled-' || i, 'sendLogs', 401, 1, '${LONG_AGO}' FROM n`;
  if (db.startsWith('postgres')) {
    const client = new pg.Client(db);
    await client.connect();
    try {
      await client.query(`WITH n(i) AS (SELECT generate_series(0, ${rows - 1})) ${insert}`);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new Database(db);
  try {
    // The service's writer holds the file's lock while it commits.
    sqlite.pragma('busy_timeout = 10000');
    sqlite.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1}) ${insert}`);
  } finally {
    sqlite.close();
  }
}
