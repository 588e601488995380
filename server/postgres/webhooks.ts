// The apps' webhooks and their outbox in PostgreSQL (docs/explorer.md#the-webhook), as in SQLite
// (server/sqlite/webhooks.ts). Processes claim notifications with SKIP LOCKED and a lease, so that each is sent by one
// of them at a time, and one that dies mid-delivery leaves it to the next after the lease.
import type pg from 'pg';
import type { WebhookStore } from '../store.types.ts';
import { sql, transaction } from './client.ts';

export function createWebhookStore(pool: pg.Pool): WebhookStore {
  const { one, all, run } = sql(pool);
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
    async claimNotifications(now, limit, leaseMs) {
      return all(
        `WITH due AS (
           SELECT id FROM webhook_outbox WHERE next_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
         ), claimed AS (
           UPDATE webhook_outbox o SET claimed_until = $3 FROM due WHERE o.id = due.id RETURNING o.id, o.app_key, o.event, o.payload, o.attempts
         )
         SELECT c.id, c.app_key AS "appKey", c.event, c.payload, c.attempts, w.url FROM claimed c JOIN app_webhooks w ON w.app_key = c.app_key ORDER BY c.id`,
        now,
        limit,
        now + leaseMs,
      );
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
