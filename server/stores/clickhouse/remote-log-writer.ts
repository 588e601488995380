// A worker's log writer when its primary is the host's inserter (host-inserter.ts, docs/clickhouse.md#one-inserter-per-host):
// the batch is prepared here (parsed, hashed, one string of JSON lines) and sent over the IPC channel; it resolves
// with the batch's counts once the primary says ClickHouse acknowledged the insert holding it. A primary that cannot
// be reached, or that goes while batches wait, fails them as ClickHouse unavailable (503 with Retry-After): none of
// them was acknowledged to a client.
import { batchCalls, type BatchCounts, type LogWriter } from './log-writer.ts';
import type { PreparedBatch } from './log-rows.ts';
import {
  horizonRequest,
  insertRequest,
  isHorizonReply,
  isInsertReply,
  type HorizonRequest,
  type InsertRequest,
} from './host-inserter.ts';
import { ClickHouseUnavailable } from './unavailable.ts';

/** What a worker's `process` is to its primary: the IPC channel's end. */
export interface PrimaryChannel {
  send?(
    message: InsertRequest | HorizonRequest,
    handle: undefined,
    options: undefined,
    callback: (error: Error | null) => void,
  ): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
}

export interface RemoteLogWriter extends Pick<LogWriter, 'addLogs' | 'store' | 'submit' | 'drain'> {
  /** The primary numbers its rows past `follow` and answers its own horizon (host-inserter.ts), for this worker to
   * publish on the board of writers (writer-board.ts). */
  primaryHorizon(follow: number): Promise<number>;
}

/** A question to the primary not yet answered: its answer settles it (the channel's message listener). */
interface Pending<T> {
  done: Promise<T>;
  resolve(answer: T): void;
  reject(error: Error): void;
}

export function createRemoteLogWriter(channel: PrimaryChannel): RemoteLogWriter {
  let next = 0;
  const waiting = new Map<number, Pending<BatchCounts>>();
  const horizons = new Map<number, Pending<number>>();
  const gone = () => new ClickHouseUnavailable('the inserter of this host (the primary process) is not reachable');

  channel.on('message', (message) => {
    if (isHorizonReply(message)) {
      const asked = horizons.get(message.id);
      horizons.delete(message.id);
      if (message.horizon !== undefined) asked?.resolve(message.horizon);
      else asked?.reject(new ClickHouseUnavailable(message.error ?? 'the inserter answered no horizon'));
      return;
    }
    if (!isInsertReply(message)) return;
    const batch = waiting.get(message.id);
    if (!batch) return;
    waiting.delete(message.id);
    if (message.counts) batch.resolve(message.counts);
    else if (message.error?.unavailable) batch.reject(new ClickHouseUnavailable(message.error.message));
    else batch.reject(new Error(message.error?.message ?? 'the inserter answered nothing'));
  });
  channel.on('disconnect', () => {
    for (const pending of [waiting, horizons]) {
      for (const asked of pending.values()) asked.reject(gone());
      pending.clear();
    }
  });

  /** Sends the question numbered `id` (`message(id)`), kept in `pending` until the primary answers it; a channel
   * that cannot carry it fails it as unreachable. */
  function ask<T>(
    pending: Map<number, Pending<T>>,
    message: (id: number) => InsertRequest | HorizonRequest,
  ): Promise<T> {
    if (!channel.send) return Promise.reject(gone());
    const id = ++next;
    let resolve!: (answer: T) => void;
    let reject!: (error: Error) => void;
    const done = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
    pending.set(id, { done, resolve, reject });
    try {
      channel.send(message(id), undefined, undefined, (error) => {
        if (error && pending.delete(id)) reject(gone());
      });
    } catch {
      pending.delete(id);
      reject(gone());
    }
    return done;
  }

  return {
    ...batchCalls((batch: PreparedBatch) => ask(waiting, (id) => insertRequest(id, batch))),
    primaryHorizon: (follow) => ask(horizons, (id) => horizonRequest(id, follow)),
    async drain() {
      while (waiting.size > 0) await Promise.allSettled([...waiting.values()].map((batch) => batch.done));
    },
  };
}
