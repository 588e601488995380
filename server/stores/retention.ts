// Log retention (SIDELOG_RETENTION_DAYS, 30 by default; 0 keeps everything): every few minutes the service notes
// how far each table has grown (Store.markRetention) and deletes what arrived more than the retention period ago,
// a small batch per step with a turn of the event loop between steps, so that ingest never waits on more than one
// batch's delete. It runs on a full disk too (docs/local-service.md#a-full-disk): that is when it is needed.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { storageFault } from '../http/errors.ts';
import type { RetentionStore } from './store.types.ts';

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per step: a few milliseconds of SQLite's time. */
const RETENTION_BATCH = 2000;
/** The smallest step, to which a full database brings it: one row, whose notes in the word index (a delete entry
 * per word of its text) take a few KB. */
const MIN_BATCH = 1;
/** How often marks are taken and old rows deleted; also how precise the age of a deleted row is. */
const RETENTION_INTERVAL_MS = 10 * 60 * 1000;

interface Retention {
  /** One pass at `now`: a mark, then every batch of rows older than the period. How many rows it deleted. */
  runOnce(now?: Date): Promise<number>;
  stop(): Promise<void>;
}

/** SIDELOG_RETENTION_DAYS as a number of days; refuses anything else with a clear message. */
export function retentionDays(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return DEFAULT_RETENTION_DAYS;
  const days = Number(setting);
  if (!Number.isFinite(days) || days < 0)
    throw new Error(`SIDELOG_RETENTION_DAYS must be a number of days (0 keeps logs for ever), not '${setting}'`);
  return days;
}

export function startRetention(
  store: RetentionStore,
  options: { days: number; intervalMs?: number; batch?: number; timer?: boolean },
): Retention {
  let stopped = false;
  let running: Promise<number> | undefined;
  const batch = options.batch ?? RETENTION_BATCH;

  async function pass(now: Date): Promise<number> {
    if (options.days <= 0) return 0;
    // A full disk may refuse the mark (a few rows); the deletes that free room must run all the same.
    await store.markRetention(now).catch((error: unknown) => {
      if (!storageFault(error)) throw error;
      console.error(
        'retention: could not note the marks of this pass (deleting by the older ones):',
        (error as Error).message,
      );
    });
    const cutoff = new Date(now.getTime() - options.days * DAY_MS);
    let deleted = 0;
    let size = batch;
    for (;;) {
      if (stopped) return deleted;
      let step: number;
      try {
        step = await store.pruneBefore(cutoff, size);
      } catch (error) {
        // A delete needs some room of its own (the search indexes note what it drops): on a full database, smaller
        // steps, until one fits and frees room for the next, which may be larger again.
        if (storageFault(error)?.status !== 507 || size <= MIN_BATCH) throw error;
        size = Math.max(MIN_BATCH, Math.floor(size / 4));
        continue;
      }
      if (step === 0) return deleted;
      deleted += step;
      size = Math.min(batch, size * 4);
      await yieldToEventLoop();
    }
  }
  const runOnce = (now = new Date()) => {
    running = (running ?? Promise.resolve(0)).then(() => pass(now));
    return running;
  };
  const onError = (error: unknown) => console.error('retention:', error);
  const timer =
    options.timer === false
      ? undefined
      : setInterval(() => void runOnce().catch(onError), options.intervalMs ?? RETENTION_INTERVAL_MS);
  timer?.unref();
  if (options.timer !== false) void runOnce().catch(onError);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
