// Forwarding's state in SQLite (server/collector/otlp/forwarder.ts): apps' own endpoints, cursors and the lease. The file has
// one writer at a time, and a log's id is one more than the highest stored when it is written, so every id up to the
// highest visible is committed: that highest is the horizon.
import type Database from 'better-sqlite3';
import { columnList } from '../log-columns.ts';
import { toCursor, type CursorRow } from '../store-rows.ts';
import type { ForwardLog, ForwardStore } from '../store.types.ts';
import { now, queries, toLog, toSession, type SessionRow, type Sync } from './rows.ts';

type Reads = 'forwardTargets' | 'forwardingHolder' | 'forwardPage' | 'forwardCursors' | 'forwardLag';

/** Its writes run in the writer thread (docs/local-service.md#the-writer-thread), the horizon too: there it reads
 * between two groups, when every log it can see is committed. */
export function forwardStore(db: Database.Database): {
  reads: Pick<Sync<ForwardStore>, Reads>;
  writes: Omit<Sync<ForwardStore>, Reads>;
} {
  const { one, all } = queries(db);
  const maxLogId = db.prepare(`SELECT ifnull(max(id), 0) FROM logs`).pluck();
  const highestCursor = db.prepare(`SELECT ifnull(max(last_id), 0) FROM forward_cursors`).pluck();
  const page = db.prepare(
    `SELECT l.id, l.session_id, ${columnList('l.')} FROM logs l JOIN sessions s ON s.id = l.session_id
     WHERE l.id > ? AND l.id <= ? AND s.app_key = ? ORDER BY l.id LIMIT ?`,
  );
  const saveCursor = db.prepare(
    `INSERT INTO forward_cursors (app_key, last_id, forwarded, refused, last_forwarded_at, last_error, last_error_at)
     VALUES (@app, ifnull(@lastId, 0), @forwarded, @refused, CASE WHEN @forwarded > 0 THEN @at END, @error, CASE WHEN @error IS NOT NULL THEN @at END)
     ON CONFLICT (app_key) DO UPDATE SET
       last_id = max(last_id, ifnull(@lastId, last_id)),
       forwarded = forwarded + @forwarded, refused = refused + @refused,
       last_forwarded_at = CASE WHEN @forwarded > 0 THEN @at ELSE last_forwarded_at END,
       last_error = CASE WHEN @keepError THEN last_error ELSE @error END,
       last_error_at = CASE WHEN @keepError THEN last_error_at WHEN @error IS NOT NULL THEN @at END`,
  );

  const methods: Sync<ForwardStore> = {
    forwardTargets() {
      return all<{ app_key: string; url: string; headers: string }>(
        `SELECT app_key, url, headers FROM forward_targets ORDER BY app_key`,
      ).map((row) => ({
        appKey: row.app_key,
        url: row.url,
        headers: JSON.parse(row.headers) as Record<string, string>,
      }));
    },
    setForwardTarget(appKey, target) {
      if (target === null) db.prepare(`DELETE FROM forward_targets WHERE app_key = ?`).run(appKey);
      else
        db.prepare(
          `INSERT INTO forward_targets (app_key, url, headers) VALUES (?, ?, ?) ON CONFLICT (app_key) DO UPDATE SET url = excluded.url, headers = excluded.headers`,
        ).run(appKey, target.url, JSON.stringify(target.headers));
    },
    claimForwarding(holder, ms) {
      const at = Date.now();
      const { changes } = db
        .prepare(
          `INSERT INTO forward_lease (id, holder, expires_at) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
           WHERE forward_lease.holder = excluded.holder OR forward_lease.expires_at < ?`,
        )
        .run(holder, at + ms, at);
      return changes === 1;
    },
    releaseForwarding(holder) {
      db.prepare(`DELETE FROM forward_lease WHERE holder = ?`).run(holder);
    },
    forwardingHolder() {
      const row = one<{ holder: string; expires_at: number }>(
        `SELECT holder, expires_at FROM forward_lease WHERE expires_at >= ?`,
        Date.now(),
      );
      return row && { holder: row.holder, expiresAt: new Date(row.expires_at).toISOString() };
    },
    forwardHorizon() {
      const horizon = maxLogId.get() as number;
      // Rows past the highest are gone (retention deleted every log): the next log takes the highest id + 1, so a
      // cursor above it would pass over new logs. Cursors come back down to it, in one write with the check.
      if ((highestCursor.get() as number) <= horizon) return horizon;
      return db
        .transaction(() => {
          const highest = maxLogId.get() as number;
          db.prepare(`UPDATE forward_cursors SET last_id = ? WHERE last_id > ?`).run(highest, highest);
          return highest;
        })
        .immediate();
    },
    forwardPage(appKey, after, upTo, limit) {
      const rows = page.all(after, upTo, appKey, limit) as (Record<string, unknown> & {
        id: number;
        session_id: number;
      })[];
      const logs: ForwardLog[] = rows.map((row) => ({ id: row.id, session_id: row.session_id, ...toLog(row) }));
      const ids = [...new Set(logs.map((log) => log.session_id))];
      const sessions =
        ids.length === 0
          ? []
          : all<SessionRow>(`SELECT * FROM sessions WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids).map(
              toSession,
            );
      return { logs, sessions };
    },
    forwardCursors() {
      return all<CursorRow>(`SELECT * FROM forward_cursors ORDER BY app_key`).map(toCursor);
    },
    saveForwardCursor(appKey, progress) {
      saveCursor.run({
        app: appKey,
        lastId: progress.lastId ?? null,
        forwarded: progress.forwarded ?? 0,
        refused: progress.refused ?? 0,
        error: progress.error ?? null,
        keepError: progress.error === undefined ? 1 : 0,
        at: now(),
      });
    },
    forwardLag(appKey, after, cap) {
      return one<{ n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM logs l JOIN sessions s ON s.id = l.session_id WHERE l.id > ? AND s.app_key = ? LIMIT ?)`,
        after,
        appKey,
        cap,
      )!.n;
    },
  };
  const { forwardTargets, forwardingHolder, forwardPage, forwardCursors, forwardLag, ...writes } = methods;
  return { reads: { forwardTargets, forwardingHolder, forwardPage, forwardCursors, forwardLag }, writes };
}
