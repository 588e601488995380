// The apps' webhooks and their outbox (docs/explorer.md#the-webhook), on both databases over the dialect
// (server/stores/dialect.ts): notifications are queued by the transaction that stores an issue (issue-groups.ts in each
// database's folder) and delivered by server/webhooks/notifier.ts. Processes claim notifications one at a time (a lock)
// for a lease, so that each is sent by one of them at a time, and one that dies mid-delivery leaves it to the next
// after the lease.
import { list, sql, type Db, type Split } from './dialect.ts';
import type { PendingNotification, WebhookStore } from './store.types.ts';

/** Any number, the same in every process: one process at a time claims notifications. */
const CLAIM_LOCK = 0x5_1de_0b0;

export function webhookStore(db: Db): Split<WebhookStore, 'setWebhook' | 'claimNotifications' | 'notificationDone'> {
  return {
    reads: {
      async webhook(appKey) {
        const row = await db.one<{ url: string; last_status: string | null; last_at: string | null }>(
          sql`SELECT url, last_status, last_at FROM app_webhooks WHERE app_key = ${appKey}`,
        );
        const { pending } = (await db.one<{ pending: number }>(
          sql`SELECT count(*) AS pending FROM webhook_outbox WHERE app_key = ${appKey}`,
        ))!;
        return { url: row?.url ?? null, last_status: row?.last_status ?? null, last_at: row?.last_at ?? null, pending };
      },
    },
    writes: {
      setWebhook: (appKey, hook, now) =>
        db.transaction(async (tx) => {
          if (hook === null) {
            await tx.run(sql`DELETE FROM app_webhooks WHERE app_key = ${appKey}`);
            await tx.run(sql`DELETE FROM webhook_outbox WHERE app_key = ${appKey}`);
            return;
          }
          await tx.run(
            sql`INSERT INTO app_webhooks (app_key, url, origin, updated_at) VALUES (${appKey}, ${hook.url}, ${hook.origin}, ${now.toISOString()})
                ON CONFLICT (app_key) DO UPDATE SET url = excluded.url, origin = excluded.origin, updated_at = excluded.updated_at`,
          );
        }),
      claimNotifications: (now, perApp, leaseMs, apps) =>
        db.transaction(async (tx) => {
          // One process at a time: each then sees the others' claims, and leaves their apps alone.
          await tx.lock(CLAIM_LOCK);
          // Each app not busy (none of its notifications under a live lease) with something due, those whose oldest
          // due is oldest first: its first `perApp` due notifications. One statement, so that what it reads is what
          // it claims.
          const rows = await tx.all<Omit<PendingNotification, 'url'>>(
            sql`WITH busy AS (SELECT DISTINCT app_key FROM webhook_outbox WHERE claimed_until > ${now}),
                due AS (
                  SELECT o.id, row_number() OVER (PARTITION BY o.app_key ORDER BY o.id) AS n, min(o.id) OVER (PARTITION BY o.app_key) AS first
                  FROM webhook_outbox o JOIN app_webhooks w ON w.app_key = o.app_key
                  WHERE o.next_at <= ${now} AND o.app_key NOT IN (SELECT app_key FROM busy)
                ),
                apps AS (SELECT DISTINCT first FROM due ORDER BY first LIMIT ${apps})
                UPDATE webhook_outbox SET claimed_until = ${now + leaseMs}
                WHERE id IN (SELECT id FROM due WHERE n <= ${perApp} AND first IN (SELECT first FROM apps))
                  AND (claimed_until IS NULL OR claimed_until <= ${now})
                RETURNING id, app_key AS "appKey", event, payload, attempts`,
          );
          if (rows.length === 0) return [];
          // SQLite's RETURNING cannot name a joined table's columns: the URLs are a second read, in the same transaction.
          const hooks = await tx.all<{ app_key: string; url: string }>(
            sql`SELECT app_key, url FROM app_webhooks WHERE app_key IN (${list([...new Set(rows.map((row) => row.appKey))])})`,
          );
          const urls = new Map(hooks.map((hook) => [hook.app_key, hook.url]));
          return rows
            .sort((a, b) => a.id - b.id)
            .flatMap((row) => {
              const url = urls.get(row.appKey);
              return url ? [{ ...row, url }] : [];
            });
        }),
      notificationDone: (id, outcome, now) =>
        db.transaction(async (tx) => {
          const row = await tx.one<{ app_key: string }>(sql`SELECT app_key FROM webhook_outbox WHERE id = ${id}`);
          if (!row) return;
          await tx.run(
            outcome.retryAt
              ? sql`UPDATE webhook_outbox SET attempts = attempts + 1, next_at = ${outcome.retryAt}, claimed_until = NULL WHERE id = ${id}`
              : sql`DELETE FROM webhook_outbox WHERE id = ${id}`,
          );
          await tx.run(
            sql`UPDATE app_webhooks SET last_status = ${outcome.status}, last_at = ${now.toISOString()} WHERE app_key = ${row.app_key}`,
          );
        }),
    },
  };
}
