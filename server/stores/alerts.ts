// Saved views' alerts and their firings (docs/explorer.md#alerts), on both databases over the dialect
// (server/stores/dialect.ts). A check is claimed in the database (its next time moved on under a lock), so that several
// processes on one PostgreSQL database check each alert once; a firing or a clearing is recorded, and its notification
// queued in the webhook outbox (delivered by server/webhooks/notifier.ts), in one transaction.
import type { AlertFiring, ViewAlert } from '../../explorer-contract/view-alert.ts';
import { alertPayload } from '../alerts/alert-payload.ts';
import { MAX_PENDING_NOTIFICATIONS } from '../explorer/issue-grouping.ts';
import { list, sql, type Db, type Split, type Sql } from './dialect.ts';
import type { AlertStore, DueAlert } from './store.types.ts';

/** Any number, the same in every process, other than the outbox's: one process at a time claims alert checks. */
const ALERT_CLAIM_LOCK = 0x5_1de_a1e;

interface ConditionRow {
  kind: string;
  threshold: number | null;
  minutes: number;
}
interface FiringRow extends ConditionRow {
  id: number;
  view_id: string;
  view_name: string;
  fired_at: number;
  count: number;
  cleared_at: number | null;
  cleared_count: number | null;
}

const FIRING_COLUMNS = sql`f.id, f.view_id, f.view_name, f.kind, f.threshold, f.minutes, f.fired_at, f.count, f.cleared_at, f.cleared_count`;

export const conditionOf = (row: ConditionRow): ViewAlert =>
  row.kind === 'above'
    ? { kind: 'above', count: row.threshold!, minutes: row.minutes }
    : { kind: 'none', minutes: row.minutes };

const iso = (ms: number) => new Date(ms).toISOString();

const firingOf = (row: FiringRow): AlertFiring => ({
  id: row.id,
  view_id: row.view_id,
  view_name: row.view_name,
  condition: conditionOf(row),
  fired_at: iso(row.fired_at),
  count: row.count,
  cleared_at: row.cleared_at === null ? null : iso(row.cleared_at),
  cleared_count: row.cleared_count,
});

const sameCondition = (a: ViewAlert, b: ViewAlert) =>
  a.kind === b.kind && a.minutes === b.minutes && (a.kind === 'none' || a.count === (b as typeof a).count);

/** The alerts of the saved views `viewIds` (a subquery, or a list) and their history, in the caller's transaction: a
 * view deleted takes them with it (docs/explorer.md#alerts). */
export async function deleteViewAlerts(tx: Db, viewIds: Sql): Promise<void> {
  await tx.run(sql`DELETE FROM view_alerts WHERE view_id IN (${viewIds})`);
  await tx.run(sql`DELETE FROM alert_firings WHERE view_id IN (${viewIds})`);
}

export function alertStore(db: Db): Split<AlertStore, 'setViewAlert' | 'claimAlertChecks' | 'recordAlert'> {
  return {
    reads: {
      async alertFirings(appKey, viewer, limit) {
        const rows = await db.all<FiringRow>(
          sql`SELECT ${FIRING_COLUMNS} FROM alert_firings f JOIN saved_views v ON v.id = f.view_id
              WHERE f.app_key = ${appKey} AND (v.shared = 1 OR v.owner = ${viewer}) ORDER BY f.id DESC LIMIT ${limit}`,
        );
        return rows.map(firingOf);
      },
    },
    writes: {
      setViewAlert: (appKey, viewId, who, alert, now) =>
        db.transaction(async (tx) => {
          const view = await tx.one<{ id: string }>(
            sql`SELECT id FROM saved_views WHERE app_key = ${appKey} AND id = ${viewId}
                  AND (owner = ${who.viewer} OR ${who.anyOwner ? 1 : 0} = 1)`,
          );
          if (!view) return false;
          await tx.lock(`alert:${viewId}`);
          // The open firing was of the condition being replaced: it closes, with no count and no message.
          await tx.run(
            sql`UPDATE alert_firings SET cleared_at = ${now}
                WHERE id = (SELECT firing_id FROM view_alerts WHERE view_id = ${viewId}) AND cleared_at IS NULL`,
          );
          if (alert === null) {
            await tx.run(sql`DELETE FROM view_alerts WHERE view_id = ${viewId}`);
            return true;
          }
          const threshold = alert.kind === 'above' ? alert.count : null;
          await tx.run(
            sql`INSERT INTO view_alerts (view_id, app_key, kind, threshold, minutes, next_check_at, firing_id, last_fired_at)
                VALUES (${viewId}, ${appKey}, ${alert.kind}, ${threshold}, ${alert.minutes}, 0, NULL, NULL)
                ON CONFLICT (view_id) DO UPDATE SET kind = excluded.kind, threshold = excluded.threshold,
                  minutes = excluded.minutes, next_check_at = excluded.next_check_at, firing_id = NULL, last_fired_at = NULL`,
          );
          return true;
        }),
      claimAlertChecks: (now, nextAt, limit) =>
        db.transaction(async (tx) => {
          // One process at a time: the next sees the checks moved on, and takes none of them.
          await tx.lock(ALERT_CLAIM_LOCK);
          const claimed = await tx.all<
            ConditionRow & { view_id: string; app_key: string; firing_id: number | null; last_fired_at: number | null }
          >(
            sql`UPDATE view_alerts SET next_check_at = ${nextAt}
                WHERE view_id IN (SELECT view_id FROM view_alerts WHERE next_check_at <= ${now} ORDER BY next_check_at, view_id LIMIT ${limit})
                RETURNING view_id, app_key, kind, threshold, minutes, firing_id, last_fired_at`,
          );
          if (claimed.length === 0) return [];
          const views = await tx.all<{ id: string; name: string; path: string; query: string; app_id: string }>(
            sql`SELECT v.id, v.name, v.path, v.query, a.app_id FROM saved_views v JOIN apps a ON a.key = v.app_key
                WHERE v.id IN (${list(claimed.map((row) => row.view_id))})`,
          );
          const byId = new Map(views.map((view) => [view.id, view]));
          return claimed
            .sort((a, b) => (a.view_id < b.view_id ? -1 : 1))
            .flatMap((row): DueAlert[] => {
              const view = byId.get(row.view_id);
              if (!view) return [];
              return [
                {
                  viewId: row.view_id,
                  appKey: row.app_key,
                  appId: view.app_id,
                  name: view.name,
                  path: view.path,
                  query: view.query,
                  alert: conditionOf(row),
                  firingId: row.firing_id,
                  lastFiredAt: row.last_fired_at,
                },
              ];
            });
        }),
      recordAlert: (due, check) =>
        db.transaction(async (tx) => {
          await tx.lock(`alert:${due.viewId}`);
          const now = check.window.to;
          const current = await tx.one<ConditionRow & { firing_id: number | null }>(
            sql`SELECT kind, threshold, minutes, firing_id FROM view_alerts WHERE view_id = ${due.viewId}`,
          );
          // Changed, removed, or recorded by another check meanwhile: this check's outcome is stale.
          if (!current || current.firing_id !== due.firingId || !sameCondition(conditionOf(current), due.alert))
            return null;
          let firingId: number;
          if (due.firingId === null) {
            const threshold = due.alert.kind === 'above' ? due.alert.count : null;
            firingId = (await tx.one<{ id: number }>(
              sql`INSERT INTO alert_firings (app_key, view_id, view_name, kind, threshold, minutes, fired_at, count)
                  VALUES (${due.appKey}, ${due.viewId}, ${due.name}, ${due.alert.kind}, ${threshold}, ${due.alert.minutes}, ${now}, ${check.count})
                  RETURNING id`,
            ))!.id;
            await tx.run(
              sql`UPDATE view_alerts SET firing_id = ${firingId}, last_fired_at = ${now} WHERE view_id = ${due.viewId}`,
            );
          } else {
            firingId = due.firingId;
            await tx.run(
              sql`UPDATE alert_firings SET cleared_at = ${now}, cleared_count = ${check.count} WHERE id = ${firingId}`,
            );
            await tx.run(sql`UPDATE view_alerts SET firing_id = NULL WHERE view_id = ${due.viewId}`);
          }
          const firing = firingOf(
            (await tx.one<FiringRow>(sql`SELECT ${FIRING_COLUMNS} FROM alert_firings f WHERE f.id = ${firingId}`))!,
          );
          const hook = await tx.one<{ origin: string }>(
            sql`SELECT origin FROM app_webhooks WHERE app_key = ${due.appKey}`,
          );
          if (hook) {
            const event = due.firingId === null ? 'alert.fired' : 'alert.cleared';
            const payload = alertPayload(event, due.appId, { ...due, id: due.viewId }, firing, check, hook.origin);
            // Queued only while the app's outbox has room, as an issue group's are.
            await tx.run(
              sql`INSERT INTO webhook_outbox (app_key, event, payload, attempts, next_at)
                  SELECT CAST(${due.appKey} AS TEXT), CAST(${event} AS TEXT), CAST(${JSON.stringify(payload)} AS TEXT), 0, CAST(${now} AS BIGINT)
                  WHERE (SELECT count(*) FROM webhook_outbox WHERE app_key = ${due.appKey}) < ${MAX_PENDING_NOTIFICATIONS}`,
            );
          }
          return firing;
        }),
    },
  };
}
