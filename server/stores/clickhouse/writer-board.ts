// This process on the board of ClickHouse writers (docs/clickhouse.md#the-live-tail-across-hosts): every second it
// publishes its arrival horizon to SIDELOG_DB (server/stores/log-writers.ts), and its live tail and forwarding read up
// to the lowest horizon any writer published, so that neither passes a line another host is writing. A process
// that numbers its own rows publishes its own horizon; a worker whose primary numbers and inserts for it
// (host-inserter.ts) publishes the primary's, asked over their channel.
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

/** Where a process's horizon comes from: its own arrival clock (arrival.ts) when it numbers its rows, or its
 * primary's. */
export interface HorizonSource {
  /** The horizon now, for this process's own reads: no wait. */
  live(): number;
  /** From now on numbers past `follow`, and answers the horizon to publish. */
  sync(follow: number): Promise<number>;
}

/** A process that numbers its own rows. */
export const ownRows = (arrivals: ArrivalClock): HorizonSource => ({
  live: () => arrivals.ownHorizon(),
  sync: async (follow) => {
    arrivals.follow(follow);
    return arrivals.ownHorizon();
  },
});

/** A worker whose primary numbers its rows: `ask` is the channel's question (remote-log-writer.ts). Until the first
 * answer its reads go no further than the shared horizon. */
export function primaryRows(ask: (follow: number) => Promise<number>, arrivals: ArrivalClock): HorizonSource {
  let answered: number | undefined;
  return {
    live: () => answered ?? arrivals.sharedHorizon(),
    sync: async (follow) => (answered = await ask(follow)),
  };
}

interface BoardOptions {
  source: HorizonSource;
  now?: () => number;
  /** PUBLISH_EVERY_MS, or 0 for no timer (tests publish themselves). */
  everyMs?: number;
}

export function joinWriterBoard(store: LogWriterBoard, arrivals: ArrivalClock, options: BoardOptions): WriterBoard {
  const now = options.now ?? Date.now;
  const id = `${hostname()}:${process.pid}:${nanoid(8)}`;
  const { source } = options;
  /** The highest horizon the board held at the last publish. */
  let known = 0;
  let publishedAt = -Infinity;
  let left = false;
  /** The publish under way: the timer's next waits for it rather than overlap it, and so does leave. */
  let publishing: Promise<void> | undefined;

  async function publishOnce(): Promise<void> {
    const at = now();
    try {
      const highest = await store.publishLogWriter(id, await source.sync(known), at, at - WRITER_GONE_MS);
      known = Math.max(known, highest);
      // Past every horizon published before this row was there, before any insert counts on the row: every number
      // given from now on is above both.
      await source.sync(known);
      publishedAt = at;
    } catch (error) {
      console.error(`Sidelog: cannot publish this process's log horizon (${(error as Error).message})`);
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
      if (!rows) return Math.min(source.live(), arrivals.sharedHorizon());
      // A writer's rows below the shared horizon have all landed or never will, whatever its row says.
      const shared = arrivals.sharedHorizon();
      let horizon = source.live();
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
