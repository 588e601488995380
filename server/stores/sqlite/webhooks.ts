// The apps' webhooks and their outbox in SQLite (docs/explorer.md#the-webhook): notifications are queued by the
// transaction that stores an issue (server/stores/sqlite/issue-groups.ts) and delivered by server/webhooks/notifier.ts.
import type Database from 'better-sqlite3';
import type { WebhookSetting } from '../../../explorer-contract/insight.types.ts';
import type { PendingNotification, WebhookStore } from '../store.types.ts';
import { promised, type Sync } from './rows.ts';

export function createWebhookStore(db: Database.Database): WebhookStore {
  return promised<WebhookStore>(webhookStoreSync(db));
}

/** Its writes (setWebhook, claimNotifications, notificationDone) run in the writer thread (server/stores/sqlite/writer.types.ts). */
export function webhookStoreSync(db: Database.Database): Sync<WebhookStore> {
  const setting = db.prepare(`SELECT url, last_status, last_at FROM app_webhooks WHERE app_key = ?`);
  const pending = db.prepare(`SELECT count(*) FROM webhook_outbox WHERE app_key = ?`).pluck();
  // Each app not busy (none of its notifications under a live lease) with something due, those whose oldest due is
  // oldest first: its first `perApp` due notifications. One statement, so that what it reads is what it claims.
  const claim = db.prepare(
    `WITH busy AS (SELECT DISTINCT app_key FROM webhook_outbox WHERE claimed_until > @now),
     due AS (
       SELECT o.id, row_number() OVER (PARTITION BY o.app_key ORDER BY o.id) AS n, min(o.id) OVER (PARTITION BY o.app_key) AS first
       FROM webhook_outbox o JOIN app_webhooks w ON w.app_key = o.app_key
       WHERE o.next_at <= @now AND o.app_key NOT IN (SELECT app_key FROM busy)
     ),
     apps AS (SELECT DISTINCT first FROM due ORDER BY first LIMIT @apps)
     UPDATE webhook_outbox SET claimed_until = @until
     WHERE id IN (SELECT id FROM due WHERE n <= @perApp AND first IN (SELECT first FROM apps))
       AND (claimed_until IS NULL OR claimed_until <= @now)
     RETURNING id, app_key AS appKey, event, payload, attempts`,
  );
  const urlOf = db.prepare(`SELECT url FROM app_webhooks WHERE app_key = ?`).pluck();
  return {
    webhook(appKey) {
      const row = setting.get(appKey) as Omit<WebhookSetting, 'pending'> | undefined;
      return {
        url: row?.url ?? null,
        last_status: row?.last_status ?? null,
        last_at: row?.last_at ?? null,
        pending: pending.get(appKey) as number,
      };
    },
    setWebhook(appKey, hook, now) {
      db.transaction(() => {
        if (hook === null) {
          db.prepare(`DELETE FROM app_webhooks WHERE app_key = ?`).run(appKey);
          db.prepare(`DELETE FROM webhook_outbox WHERE app_key = ?`).run(appKey);
          return;
        }
        db.prepare(
          `INSERT INTO app_webhooks (app_key, url, origin, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (app_key) DO UPDATE SET url = excluded.url, origin = excluded.origin, updated_at = excluded.updated_at`,
        ).run(appKey, hook.url, hook.origin, now.toISOString());
      })();
    },
    claimNotifications(now, perApp, leaseMs, apps) {
      return db.transaction(() => {
        const rows = claim.all({ now, until: now + leaseMs, perApp, apps }) as Omit<PendingNotification, 'url'>[];
        return rows
          .sort((a, b) => a.id - b.id)
          .flatMap((row) => {
            const url = urlOf.get(row.appKey) as string | undefined;
            return url ? [{ ...row, url }] : [];
          });
      })();
    },
    notificationDone(id, outcome, now) {
      db.transaction(() => {
        const appKey = db.prepare(`SELECT app_key FROM webhook_outbox WHERE id = ?`).pluck().get(id) as
          string | undefined;
        if (appKey === undefined) return;
        if (outcome.retryAt)
          db.prepare(
            `UPDATE webhook_outbox SET attempts = attempts + 1, next_at = ?, claimed_until = NULL WHERE id = ?`,
          ).run(outcome.retryAt, id);
        else db.prepare(`DELETE FROM webhook_outbox WHERE id = ?`).run(id);
        db.prepare(`UPDATE app_webhooks SET last_status = ?, last_at = ? WHERE app_key = ?`).run(
          outcome.status,
          now.toISOString(),
          appKey,
        );
      })();
    },
  };
}
