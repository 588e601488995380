// This process on the board of ClickHouse writers (docs/clickhouse.md#the-live-tail-across-hosts): every second it
// publishes its arrival horizon to SIDELOG_DB (server/stores/log-writers.ts), and its live tail and forwarding read up
// to the lowest horizon any writer published, so that neither passes a line another host is writing. A process
// that numbers its own rows publishes its own horizon; a worker whose primary inserts for it (host-inserter.ts) does
// not know the primary's, and publishes the shared one, which holds every host's tail that far back while it runs.
import { hostname } from 'node:os';
import { nanoid } from 'nanoid';
import type { LogWriterBoard } from '../store.types.ts';
import type { ArrivalClock } from './arrival.ts';

/** How often a process publishes its horizon: the tail of the other hosts follows this one's writes this far behind. */
export const PUBLISH_EVERY_MS = 1000;
/** A process that could not publish for this long refuses its batches (503 with Retry-After) until it can: long, since
 * the counts' ledger lets a process go on storing while SIDELOG_DB refuses its writes for a while
 * (docs/clickhouse.md#counts-owed-kept-and-paid). */
export const WRITER_STALE_MS = 5 * 60_000;
/** A row not refreshed for this long is deleted by the next publish: its process has refused every batch for
 * WRITER_GONE_MS - WRITER_STALE_MS, longer than any insert of its can take, so no row of its can still land. Until
 * then a killed process's row holds every tail at the shared horizon. */
export const WRITER_GONE_MS = 10 * 60_000;

export interface WriterBoard {
  /** Settles once the first publish was tried (it may have failed: `current` says). */
  readonly first: Promise<void>;
  /** The live tail's and forwarding's horizon: no row of this process's, nor of any other writer's, below it is still
   * to land. */
  horizon(): Promise<number>;
  /** Whether this process may insert: its row was refreshed within WRITER_STALE_MS. */
  current(): boolean;
  /** Publishes now (the timer does it every PUBLISH_EVERY_MS; tests call it). */
  publish(): Promise<void>;
  /** Stops publishing and takes the row off the board, once nothing of this process's is still being inserted. */
  leave(): Promise<void>;
}

interface BoardOptions {
  /** Whether this process numbers the rows it writes (arrival.ts), or its primary does. */
  numbers: boolean;
  now?: () => number;
  /** PUBLISH_EVERY_MS, or 0 for no timer (tests publish themselves). */
  everyMs?: number;
}

export function joinWriterBoard(store: LogWriterBoard, arrivals: ArrivalClock, options: BoardOptions): WriterBoard {
  const now = options.now ?? Date.now;
  const id = `${hostname()}:${process.pid}:${nanoid(8)}`;
  /** What this process publishes, and takes for its own rows: its own horizon, or the shared one. */
  const own = () => (options.numbers ? arrivals.ownHorizon() : arrivals.sharedHorizon());
  let publishedAt = -Infinity;
  let left = false;
  /** The publish under way: the timer's next waits for it rather than overlap it, and so does leave. */
  let publishing: Promise<void> | undefined;

  async function publishOnce(): Promise<void> {
    const at = now();
    try {
      // Its own horizon before it follows the others': every number it gives later is above both.
      const highest = await store.publishLogWriter(id, own(), at, at - WRITER_GONE_MS);
      if (options.numbers) arrivals.follow(highest);
      publishedAt = at;
    } catch (error) {
      console.error(`Sidelog: cannot publish this process's log horizon to SIDELOG_DB (${(error as Error).message})`);
    }
  }
  const publish = () =>
    left ? Promise.resolve() : (publishing ??= publishOnce().finally(() => (publishing = undefined)));

  const first = publish();
  const every = options.everyMs ?? PUBLISH_EVERY_MS;
  const timer = every > 0 ? setInterval(() => void publish(), every) : undefined;
  timer?.unref();

  return {
    first,
    async horizon() {
      // Unread, the other writers may be anywhere past the shared horizon.
      const rows = await store.logWriters().catch(() => undefined);
      if (!rows) return Math.min(own(), arrivals.sharedHorizon());
      // A writer's rows below the shared horizon have all landed or never will, whatever its row says.
      const shared = arrivals.sharedHorizon();
      let horizon = own();
      for (const row of rows) if (row.writer !== id) horizon = Math.min(horizon, Math.max(row.horizon, shared));
      return horizon;
    },
    current: () => now() - publishedAt < WRITER_STALE_MS,
    publish,
    async leave() {
      left = true;
      clearInterval(timer);
      await publishing;
      await store.removeLogWriter(id).catch(() => undefined);
    },
  };
}
