// The bench's view of the local collector, through its admin API: a fresh app per page, and what arrived.
import { readAllPages } from '../server/admin/admin-pages.ts';
import type { Intake } from './control-server.ts';

export interface Delivery {
  /** Epoch ms at which the last line of the burst was seen accepted, or null if not all were. */
  doneAt: number | null;
  /** Lines of the burst accepted by the end of the wait. */
  delivered: number;
  /** Lines of the burst that had not arrived by the end of the wait. */
  missing: number;
  /** Lines received more than once (a resent batch, say), whether or not the collector kept the copy. */
  duplicated: number;
}

const POLL_MS = 50;
/** Delivery is over when nothing new has arrived for this long since the first line came in… */
const STILL_MS = 2000;
/** …or when this long has passed (@bugfender/sdk's forced send waits for its next 15 s tick). */
const GIVE_UP_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The burst's line number, which every line's text carries ('cart opened #12 {...}'). */
const lineNumber = (text: unknown) => Number(/#(\d+)\b/.exec(String(text))?.[1] ?? NaN);

export function createCollectorAdmin(serviceURL: string, adminToken: string) {
  async function admin<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${serviceURL}/sidelog/admin/api/${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    });
    if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A whole list: the admin API answers a page at a time. */
  const all = <T>(path: string) =>
    readAllPages<T>(
      (page) => fetch(`${serviceURL}${page}`, { headers: { Authorization: `Bearer ${adminToken}` } }),
      `/sidelog/admin/api/${path}`,
    );

  /** Polls until `seen()` reaches `count` (returns when) or stops growing. */
  async function waitFor(seen: () => Promise<number> | number, count: number): Promise<number | null> {
    const start = Date.now();
    let last = -1;
    let lastChange = start;
    for (;;) {
      const now = Date.now();
      const current = await seen();
      if (current >= count) return now;
      if (current !== last) [last, lastChange] = [current, now];
      if ((current > 0 && now - lastChange > STILL_MS) || now - start > GIVE_UP_MS) return null;
      await sleep(POLL_MS);
    }
  }

  return {
    /** A new app on the collector. Not enabled: devices upload only when forced, so the bench decides when. */
    createApp: (key: string) => admin('apps', { method: 'POST', body: JSON.stringify({ key, enabled: false }) }),

    /** Waits for the burst's lines at the collector, then counts what was lost or received twice. */
    async delivery(appKey: string, count: number): Promise<Delivery> {
      const query = `app=${encodeURIComponent(appKey)}`;
      const doneAt = await waitFor(async () => {
        const batches = await all<{ stored: number }>(`batches?${query}`);
        return batches.reduce((sum, batch) => sum + batch.stored, 0);
      }, count);
      const logs = await all<{ t?: string }>(`logs?${query}`);
      const batches = await all<{ count: number; stored: number }>(`batches?${query}`);
      const numbers = new Set(logs.map((log) => lineNumber(log.t)).filter((n) => n >= 0 && n < count));
      const received = batches.reduce((sum, batch) => sum + batch.count, 0);
      const gaps = logs.length - logs.filter((log) => lineNumber(log.t) >= 0).length;
      return {
        doneAt: numbers.size === count ? doneAt : null,
        delivered: numbers.size,
        missing: count - numbers.size,
        duplicated: Math.max(0, received - gaps - numbers.size),
      };
    },
  };
}

/** The same for the bench's own intake (contenders with their own wire format). */
export async function intakeDelivery(intake: Intake, count: number): Promise<Delivery> {
  const start = Date.now();
  let last = -1;
  let lastChange = start;
  while (intake.firstArrival.size < count) {
    const now = Date.now();
    if (intake.firstArrival.size !== last) [last, lastChange] = [intake.firstArrival.size, now];
    if ((last > 0 && now - lastChange > STILL_MS) || now - start > GIVE_UP_MS) break;
    await sleep(POLL_MS);
  }
  const numbers = new Set([...intake.firstArrival.keys()].map(lineNumber).filter((n) => n >= 0 && n < count));
  const doneAt = numbers.size === count ? Math.max(...intake.firstArrival.values()) : null;
  return {
    doneAt,
    delivered: numbers.size,
    missing: count - numbers.size,
    duplicated: intake.lines - intake.firstArrival.size,
  };
}
