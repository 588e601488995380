// The saved views' alerts, checked every minute beside the collector (docs/explorer.md#alerts): each process looks
// for the checks due, claims them in the database (so that several processes on one PostgreSQL database check each
// once), counts each view's logs in its last M minutes as the explorer counts the view, and records a firing or a
// clearing, whose notification the webhook outbox delivers. The clock is the caller's: tests drive `checkDue(now)`.
import { parseLogFilters } from '../../explorer-contract/log-filters.ts';
import { viewCount } from '../explorer/view-count.ts';
import type { ExplorerQueries } from '../stores/explorer-queries.types.ts';
import type { AlertStore, DueAlert } from '../stores/store.types.ts';
import { alertStep } from './alert-step.ts';

/** How often an alert is checked; also how late a firing can be. */
export const ALERT_CHECK_MS = 60_000;
/** Claimed per look; the look claims again while it finds this many. */
const BATCH = 50;
const MINUTE = 60_000;

export interface AlertChecks {
  /** Checks the alerts due at `now` (epoch ms); how many it checked. */
  checkDue(now?: number): Promise<number>;
  stop(): Promise<void>;
}

/** The view's filters over the window before `now`: the view's own range gives way to it. */
export function alertFilter(due: DueAlert, now: number) {
  const filters = parseLogFilters(new URLSearchParams(due.query));
  return { appKey: due.appKey, ...filters, from: now - due.alert.minutes * MINUTE, to: now };
}

export function startAlertChecks(
  store: AlertStore,
  queries: ExplorerQueries,
  options: { intervalMs?: number; timer?: boolean } = {},
): AlertChecks {
  const intervalMs = options.intervalMs ?? ALERT_CHECK_MS;

  async function check(due: DueAlert, now: number): Promise<void> {
    const filter = alertFilter(due, now);
    const { count, capped } = await viewCount(queries, filter);
    if (alertStep(due, count, now, capped))
      await store.recordAlert(due, { count, window: { from: filter.from, to: now } });
  }

  async function checkDue(now = Date.now()): Promise<number> {
    let checked = 0;
    for (;;) {
      const due = await store.claimAlertChecks(now, now + intervalMs, BATCH);
      for (const alert of due) {
        // One view's failure (its query no longer parses, a read refused) leaves the others checked.
        await check(alert, now).catch((error: unknown) =>
          console.error(`alert of saved view ${alert.viewId}:`, (error as Error).message),
        );
      }
      checked += due.length;
      if (due.length < BATCH) return checked;
    }
  }

  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = checkDue(Date.now())
      .catch((error: unknown) => console.error('alert checks:', (error as Error).message))
      .finally(() => {
        if (!stopped) schedule();
      });
  };
  // Unref'd: the checks alone keep no process alive.
  const schedule = () => (timer = setTimeout(tick, intervalMs)).unref();
  if (options.timer !== false) schedule();
  return {
    checkDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
