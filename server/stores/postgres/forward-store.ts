// Forwarding's state in PostgreSQL (server/collector/otlp/forwarder.ts): apps' own endpoints, cursors, and the lease that lets
// one of many processes forward at a time (its expiry on the database's clock).
// Its horizon is the log horizon (server/stores/postgres/log-horizon.ts).
import type pg from 'pg';
import { columnList } from '../log-columns.ts';
import { now, toCursor, toLog, toSession, type CursorRow, type SessionRow } from '../store-rows.ts';
import type { ForwardStore } from '../store.types.ts';
import { sql } from './client.ts';
import { createLogHorizon } from './log-horizon.ts';

export function createForwardStore(pool: pg.Pool): ForwardStore {
  const { one, all, run } = sql(pool);
  const horizon = createLogHorizon(pool);

  return {
    async forwardTargets() {
      const rows = await all<{ app_key: string; url: string; headers: string }>(
        `SELECT app_key, url, headers FROM forward_targets ORDER BY app_key`,
      );
      return rows.map((row) => ({
        appKey: row.app_key,
        url: row.url,
        headers: JSON.parse(row.headers) as Record<string, string>,
      }));
    },
    async setForwardTarget(appKey, target) {
      if (target === null) await run(`DELETE FROM forward_targets WHERE app_key = $1`, appKey);
      else
        await run(
          `INSERT INTO forward_targets (app_key, url, headers) VALUES ($1, $2, $3) ON CONFLICT (app_key) DO UPDATE SET url = excluded.url, headers = excluded.headers`,
          appKey,
          target.url,
          JSON.stringify(target.headers),
        );
    },
    async claimForwarding(holder, ms) {
      const row = await one(
        `INSERT INTO forward_lease (id, holder, expires_at) VALUES (1, $1, now() + $2::float8 * interval '1 millisecond')
         ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE forward_lease.holder = excluded.holder OR forward_lease.expires_at < now()
         RETURNING holder`,
        holder,
        ms,
      );
      return row !== undefined;
    },
    async releaseForwarding(holder) {
      await run(`DELETE FROM forward_lease WHERE holder = $1`, holder);
    },
    async forwardingHolder() {
      const row = await one<{ holder: string; expires_at: Date }>(
        `SELECT holder, expires_at FROM forward_lease WHERE expires_at >= now()`,
      );
      return row && { holder: row.holder, expiresAt: row.expires_at.toISOString() };
    },
    forwardHorizon: horizon,
    async forwardPage(appKey, after, upTo, limit) {
      const rows = await all<Record<string, unknown> & { id: number; session_id: number }>(
        `SELECT l.id, l.session_id, ${columnList('l.')} FROM logs l JOIN sessions s ON s.id = l.session_id
         WHERE l.id > $1 AND l.id <= $2 AND s.app_key = $3 ORDER BY l.id LIMIT $4`,
        after,
        upTo,
        appKey,
        limit,
      );
      const logs = rows.map((row) => ({ id: row.id, session_id: row.session_id, ...toLog(row) }));
      const ids = [...new Set(logs.map((log) => log.session_id))];
      const sessions =
        ids.length === 0
          ? []
          : (await all<SessionRow>(`SELECT * FROM sessions WHERE id = ANY($1::int[])`, ids)).map(toSession);
      return { logs, sessions };
    },
    async forwardCursors() {
      return (await all<CursorRow>(`SELECT * FROM forward_cursors ORDER BY app_key`)).map(toCursor);
    },
    async saveForwardCursor(appKey, progress) {
      const forwarded = progress.forwarded ?? 0;
      const error = progress.error ?? null;
      await run(
        `INSERT INTO forward_cursors (app_key, last_id, forwarded, refused, last_forwarded_at, last_error, last_error_at)
         VALUES ($1, coalesce($2::bigint, 0), $3::bigint, $4::bigint, CASE WHEN $3::bigint > 0 THEN $5::text END, $6::text, CASE WHEN $6::text IS NOT NULL THEN $5::text END)
         ON CONFLICT (app_key) DO UPDATE SET
           last_id = greatest(forward_cursors.last_id, coalesce($2::bigint, forward_cursors.last_id)),
           forwarded = forward_cursors.forwarded + $3::bigint, refused = forward_cursors.refused + $4::bigint,
           last_forwarded_at = CASE WHEN $3::bigint > 0 THEN $5::text ELSE forward_cursors.last_forwarded_at END,
           last_error = CASE WHEN $7::boolean THEN forward_cursors.last_error ELSE $6::text END,
           last_error_at = CASE WHEN $7::boolean THEN forward_cursors.last_error_at WHEN $6::text IS NOT NULL THEN $5::text END`,
        appKey,
        progress.lastId ?? null,
        forwarded,
        progress.refused ?? 0,
        now(),
        error,
        progress.error === undefined,
      );
    },
    async forwardLag(appKey, after, cap) {
      const row = await one<{ n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM logs l JOIN sessions s ON s.id = l.session_id WHERE l.id > $1 AND s.app_key = $2 LIMIT $3) AS waiting`,
        after,
        appKey,
        cap,
      );
      return row?.n ?? 0;
    },
  };
}
