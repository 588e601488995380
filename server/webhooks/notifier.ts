// Delivers the notifications that new and reopened issue groups queue for their app's webhook
// (docs/explorer.md#the-webhook). It runs beside the collector, never in its requests: storing an issue only adds a
// row to the outbox, in the issue's own transaction, and this loop sends it. Delivery is at least once: a
// notification leaves the outbox when its webhook answered 2xx, and is tried again with a growing delay otherwise,
// up to MAX_ATTEMPTS. One process at a time holds each (a lease), so several processes never send one twice unless a
// process dies mid-delivery. Fair between apps: each look claims a batch per app, each app's sent in order, the apps
// side by side, and the loop looks again without waiting for them; an app whose batch is still out is left alone
// until it is done, so that a receiver that never answers holds up its own app's notifications only.
import { postOutbound } from '../outbound/outbound-post.ts';
import { redirectNote } from '../outbound/redirect-note.ts';
import type { PendingNotification, WebhookStore } from '../stores/store.types.ts';

/** How often the outbox is looked at: a notification leaves within about this of its issue. */
const NOTIFIER_INTERVAL_MS = 1_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 12;
/** Taken per app and look; a claim lasts long enough for all of them to time out one after the other. */
const BATCH = 10;
const LEASE_MS = BATCH * DELIVERY_TIMEOUT_MS + 10_000;
/** Apps whose batches a process sends at once: one app's receiver holds up one of them at most. */
const MAX_APPS_AT_ONCE = 32;

/** After the nth failure: 1 s, 2 s, 4 s … at most 10 minutes (about 40 minutes in all before giving up). */
const retryDelay = (failures: number) => Math.min(1_000 * 2 ** (failures - 1), 10 * 60_000);

export interface Notifier {
  /** Sends what is due at `now`, and waits until it is sent (or failed); how many it tried. */
  deliverDue(now?: number): Promise<number>;
  stop(): Promise<void>;
}

export function startNotifier(store: WebhookStore, options: { intervalMs?: number; timer?: boolean } = {}): Notifier {
  async function deliver(notification: PendingNotification, now: number): Promise<void> {
    let status: string;
    let delivered = false;
    try {
      // Through server/outbound/: never to a private address unless allowed, no redirect followed, no answer read.
      const answer = await postOutbound(notification.url, {
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'sidelog-webhook/1',
          'X-Sidelog-Event': notification.event,
          'X-Sidelog-Delivery': String(notification.id),
        },
        body: notification.payload,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxAnswerBytes: 0,
      });
      const redirected = redirectNote(answer, notification.url);
      status = redirected ? `${answer.status} ${redirected}` : String(answer.status);
      delivered = answer.status >= 200 && answer.status < 300;
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      status = code === 'ETIMEDOUT' ? `no answer in ${DELIVERY_TIMEOUT_MS / 1000} s` : `failed: ${message}`;
    }
    const failures = notification.attempts + 1;
    const retryAt = delivered || failures >= MAX_ATTEMPTS ? null : now + retryDelay(failures);
    const shown = delivered
      ? status
      : retryAt === null
        ? `${status}; gave up after ${failures} attempts`
        : `${status}; will retry`;
    await store.notificationDone(notification.id, { status: shown, retryAt }, new Date());
  }

  /** Apps' batches being sent, by this process. */
  let sending = 0;
  const unfinished = new Set<Promise<void>>();

  /** Claims what is due at `now` and starts sending it: `sent` settles once it is all done. */
  async function start(now: number): Promise<{ claimed: number; sent: Promise<void> }> {
    if (sending >= MAX_APPS_AT_ONCE) return { claimed: 0, sent: Promise.resolve() };
    const due = await store.claimNotifications(now, BATCH, LEASE_MS, MAX_APPS_AT_ONCE - sending);
    const byApp = new Map<string, PendingNotification[]>();
    for (const notification of due) {
      const batch = byApp.get(notification.appKey);
      if (batch) batch.push(notification);
      else byApp.set(notification.appKey, [notification]);
    }
    const batches = [...byApp.values()].map(async (batch) => {
      sending++;
      try {
        // In order: a receiver sees an app's notifications as they were queued (a failed one is retried after later
        // ones).
        for (const notification of batch) await deliver(notification, now);
      } finally {
        sending--;
      }
    });
    const sent = Promise.all(batches).then(() => undefined);
    const tracked = sent.catch(() => undefined).finally(() => unfinished.delete(tracked));
    unfinished.add(tracked);
    return { claimed: due.length, sent };
  }

  async function deliverDue(now = Date.now()): Promise<number> {
    const { claimed, sent } = await start(now);
    await sent;
    return claimed;
  }

  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const report = (error: unknown) => console.error('webhook notifier:', (error as Error).message);
  // A look claims and starts; the next is scheduled without waiting for what it sends.
  const tick = () => {
    running = start(Date.now())
      .then(({ sent }) => void sent.catch(report))
      .catch(report)
      .finally(() => {
        if (!stopped) schedule();
      });
  };
  // Unref'd: the notifier alone keeps no process alive.
  const schedule = () => (timer = setTimeout(tick, options.intervalMs ?? NOTIFIER_INTERVAL_MS)).unref();
  if (options.timer !== false) schedule();
  return {
    deliverDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(unfinished);
    },
  };
}
