// Exports tell the truth (docs/local-service.md#exports): when the database fails after the first byte of an export,
// the connection is cut, and the client's download fails instead of ending cleanly with part of the logs. On SQLite the
// page holding the oldest logs (the export's last) is damaged on disk; on PostgreSQL the database goes away (its
// connections terminated, new ones refused) while the client has read only the beginning.
import Database from 'better-sqlite3';
import { closeSync, openSync, writeSync } from 'node:fs';
import pg from 'pg';
import { expect, test } from 'vitest';
import { explorerCookie } from '../../../bench/explorer-cookie.ts';
import type { LogRecord } from '../../../protocol/records.types.ts';
import { appIdOf } from '../../../server/stores/app-id.ts';
import { DEMO_APP_KEY } from '../../../server/partner/demo.ts';
import { startService } from '../../../server/service.ts';
import type { Store } from '../../../server/stores/store.types.ts';
import { sessionPayload } from '../../../fixtures/wire-bodies.ts';
import { createTestDatabase, STORE_KINDS, type StoreKind } from './test-databases.ts';

const TOKEN = 'export-cut-token';
const START = Date.UTC(2026, 10, 1);
/** Enough that the export cannot sit whole in the sockets' buffers while the client reads nothing (PostgreSQL). */
const LOGS: Record<StoreKind, number> = { sqlite: 3_000, postgres: 40_000 };

/** Logs as a client sends them (SQLite). */
const batch = (from: number, count: number): LogRecord[] =>
  Array.from({ length: count }, (_, k) => ({
    x: new Date(START + from + k).toISOString(),
    at: START + from + k,
    t: `exported line ${from + k} ${'x'.repeat(200)}`,
    ll: 4,
  }));

/** Many logs at once, with SQL, as the collector would have stored them (PostgreSQL). */
async function insertLogs(url: string, sessionId: number, count: number): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(
      `INSERT INTO logs (session_id, x, t, at, ll, content_hash)
       SELECT $1, to_char(to_timestamp(($2::float8 + i) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'exported line ' || i || ' ' || repeat('x', 200), $2::float8 + i, 4, md5(i::text)
       FROM generate_series(0, $3 - 1) AS i`,
      [sessionId, START, count],
    );
  } finally {
    await client.end();
  }
}

/** Damages, on disk, the page of `logs` that holds its oldest rows. */
function damageOldestLogs(path: string): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const { pageno } = db
    .prepare(`SELECT pageno FROM dbstat WHERE name = 'logs' AND pagetype = 'leaf' ORDER BY path LIMIT 1`)
    .get() as { pageno: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const file = openSync(path, 'r+');
  writeSync(file, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (pageno - 1) * pageSize);
  closeSync(file);
}

/** Terminates the database's connections and refuses new ones, as a server going down would. */
async function takeDatabaseAway(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client(Object.assign(new URL(url), { pathname: '/postgres' }).toString());
  await admin.connect();
  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [name],
  );
  await admin.end();
}

test.each(STORE_KINDS)(
  'on %s, an export the database fails after its first byte is cut, and the client sees it fail',
  async (kind) => {
    const database = await createTestDatabase(kind);
    let store: Store | undefined;
    const service = await startService({
      db: database.db,
      adminToken: TOKEN,
      retentionDays: 0,
      beforeRoutes: (_app, opened) => (store = opened),
    });
    try {
      const sessionId = await store!.putSession(DEMO_APP_KEY, sessionPayload('exported'));
      if (kind === 'sqlite')
        for (let from = 0; from < LOGS[kind]; from += 500)
          await store!.addLogs(DEMO_APP_KEY, sessionId, batch(from, 500));
      else await insertLogs(database.db, sessionId, LOGS[kind]);
      await store!.settled();
      if (kind === 'sqlite') damageOldestLogs(database.db);

      const answer = await fetch(
        `${service.url}/sidelog/explorer/api/apps/${appIdOf(DEMO_APP_KEY)}/logs/export?format=ndjson`,
        {
          headers: { Cookie: await explorerCookie(service.url, TOKEN) },
        },
      );
      expect(answer.status).toBe(200);
      const reader = answer.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      if (kind === 'postgres') await takeDatabaseAway(database.db);

      const newlines = (chunk: Uint8Array) => chunk.reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 0);
      let lines = newlines(first.value!);
      const rest = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return 'ended cleanly';
          lines += newlines(value);
        }
      })();
      await expect(rest).rejects.toThrow();
      // What arrived is the beginning of the export, not all of it.
      expect(lines).toBeGreaterThan(0);
      expect(lines).toBeLessThan(LOGS[kind]);
    } finally {
      await service.close();
      if (kind === 'postgres') {
        const name = new URL(database.db).pathname.slice(1);
        const admin = new pg.Client(Object.assign(new URL(database.db), { pathname: '/postgres' }).toString());
        await admin.connect();
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      await database.drop();
    }
  },
  60_000,
);
