// The apps' webhooks and their outbox in PostgreSQL (docs/explorer.md#the-webhook), as in SQLite
// (server/stores/sqlite/webhooks.ts). Processes claim notifications one at a time (an advisory lock) for a lease, so that each
// is sent by one of them at a time, and one that dies mid-delivery leaves it to the next after the lease.
import type pg from 'pg';
import type { PendingNotification, WebhookStore } from '../store.types.ts';
import { sql, transaction } from './client.ts';

/** Any number, the same in every process: one process at a time claims notifications. */
const CLAIM_LOCK = 0x5_1de_0b0;

export function createWebhookStore(pool: pg.Pool): WebhookStore {
  const { one, run } = sql(pool);
  return {
    async webhook(appKey) {
      const row = await one<{ url: string; last_status: string | null; last_at: string | null }>(
        `SELECT url, last_status, last_at FROM app_webhooks WHERE app_key = $1`,
        appKey,
      );
      const pending = (await one<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_outbox WHERE app_key = $1`,
        appKey,
      ))!.n;
      return { url: row?.url ?? null, last_status: row?.last_status ?? null, last_at: row?.last_at ?? null, pending };
    },
    async setWebhook(appKey, hook, now) {
      await transaction(pool, async (client) => {
        const db = sql(client);
        if (hook === null) {
          await db.run(`DELETE FROM app_webhooks WHERE app_key = $1`, appKey);
          await db.run(`DELETE FROM webhook_outbox WHERE app_key = $1`, appKey);
          return;
        }
        await db.run(
          `INSERT INTO app_webhooks (app_key, url, origin, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (app_key) DO UPDATE SET url = excluded.url, origin = excluded.origin, updated_at = excluded.updated_at`,
          appKey,
          hook.url,
          hook.origin,
          now.toISOString(),
        );
      });
    },
    async claimNotifications(now, perApp, leaseMs, apps) {
      // As on SQLite (server/stores/sqlite/webhooks.ts), one process at a time: each then sees the others' claims, and leaves
      // their apps alone.
      const rows = await transaction(pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
        return sql(client).all<PendingNotification>(
          `WITH busy AS (SELECT DISTINCT app_key FROM webhook_outbox WHERE claimed_until > $1),
           due AS (
             SELECT o.id, row_number() OVER (PARTITION BY o.app_key ORDER BY o.id) AS n, min(o.id) OVER (PARTITION BY o.app_key) AS first
             FROM webhook_outbox o JOIN app_webhooks w ON w.app_key = o.app_key
             WHERE o.next_at <= $1 AND o.app_key NOT IN (SELECT app_key FROM busy)
           ),
           apps AS (SELECT DISTINCT first FROM due ORDER BY first LIMIT $4)
           UPDATE webhook_outbox o SET claimed_until = $2 FROM app_webhooks w
           WHERE o.id IN (SELECT id FROM due WHERE n <= $3 AND first IN (SELECT first FROM apps))
             AND (o.claimed_until IS NULL OR o.claimed_until <= $1) AND w.app_key = o.app_key
           RETURNING o.id, o.app_key AS "appKey", o.event, o.payload, o.attempts, w.url`,
          now,
          now + leaseMs,
          perApp,
          apps,
        );
      });
      return rows.sort((a, b) => Number(a.id) - Number(b.id));
    },
    async notificationDone(id, outcome, now) {
      const done = outcome.retryAt
        ? await one<{ app_key: string }>(
            `UPDATE webhook_outbox SET attempts = attempts + 1, next_at = $2, claimed_until = NULL WHERE id = $1 RETURNING app_key`,
            id,
            outcome.retryAt,
          )
        : await one<{ app_key: string }>(`DELETE FROM webhook_outbox WHERE id = $1 RETURNING app_key`, id);
      if (done)
        await run(
          `UPDATE app_webhooks SET last_status = $1, last_at = $2 WHERE app_key = $3`,
          outcome.status,
          now.toISOString(),
          done.app_key,
        );
    },
  };
}
