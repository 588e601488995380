// One inserter per host (docs/clickhouse.md#one-inserter-per-host): with SIDELOG_PROCESSES above 1 the primary process
// writes every worker's batches to ClickHouse through one group commit. ClickHouse 18.16 costs about 40 ms of server CPU
// per INSERT whatever its size, so the host's batches in one INSERT cost it about half what each process's own did; and
// the check before the insert sees every batch of the host, as one writer's does. A worker prepares its batch
// (log-rows.ts: parsed, hashed, its rows as one string of JSON lines) and sends it over the cluster's IPC channel
// (remote-log-writer.ts); the primary answers each with its counts once ClickHouse has acknowledged the insert holding
// it, or with the error, and then nothing of that group was acknowledged.
import type { BatchCounts, LogWriter } from './log-writer.ts';
import type { PreparedBatch } from './log-rows.ts';
import { asUnavailable, ClickHouseUnavailable } from './unavailable.ts';

const INSERT = 'sidelog:insert-logs';
const INSERTED = 'sidelog:inserted-logs';
const HORIZON = 'sidelog:logs-horizon';
const HORIZON_IS = 'sidelog:logs-horizon-is';

export interface InsertRequest {
  type: typeof INSERT;
  id: number;
  batch: PreparedBatch;
}
export interface InsertReply {
  type: typeof INSERTED;
  id: number;
  counts?: BatchCounts;
  /** Why the batch was not stored; `unavailable`: ClickHouse down, slow or behind (the collector's 503). */
  error?: { message: string; unavailable: boolean };
}

/** A worker's question for the board of writers (writer-board.ts): the primary numbers its rows past `follow`, the
 * highest horizon the board holds, and answers its own horizon, which the worker publishes. */
export interface HorizonRequest {
  type: typeof HORIZON;
  id: number;
  follow: number;
}
export interface HorizonReply {
  type: typeof HORIZON_IS;
  id: number;
  horizon?: number;
  error?: string;
}

export const insertRequest = (id: number, batch: PreparedBatch): InsertRequest => ({ type: INSERT, id, batch });
export const horizonRequest = (id: number, follow: number): HorizonRequest => ({ type: HORIZON, id, follow });
export const isInsertReply = (message: unknown): message is InsertReply =>
  (message as InsertReply | null)?.type === INSERTED;
export const isHorizonReply = (message: unknown): message is HorizonReply =>
  (message as HorizonReply | null)?.type === HORIZON_IS;
const isInsertRequest = (message: unknown): message is InsertRequest =>
  (message as InsertRequest | null)?.type === INSERT;
const isHorizonRequest = (message: unknown): message is HorizonRequest =>
  (message as HorizonRequest | null)?.type === HORIZON;

/** The primary's side: answers each worker's request through one writer, opened at the first request (by then the
 * worker that sent it has migrated the tables) and again at the next one if opening failed. Other messages are not
 * its: it ignores them. */
export function createHostInserter(openWriter: () => Promise<Pick<LogWriter, 'submit' | 'arrivals'>>) {
  let writer: Promise<Pick<LogWriter, 'submit' | 'arrivals'>> | undefined;
  const open = () =>
    (writer ??= openWriter().catch((error: unknown) => {
      writer = undefined;
      throw error;
    }));
  return async function answer(message: unknown, reply: (answer: InsertReply | HorizonReply) => void): Promise<void> {
    if (isHorizonRequest(message)) {
      try {
        const { arrivals } = await open();
        arrivals.follow(message.follow);
        reply({ type: HORIZON_IS, id: message.id, horizon: arrivals.ownHorizon() });
      } catch (error) {
        reply({ type: HORIZON_IS, id: message.id, error: (error as Error | null)?.message ?? String(error) });
      }
      return;
    }
    if (!isInsertRequest(message)) return;
    try {
      const counts = await (await open()).submit(message.batch);
      reply({ type: INSERTED, id: message.id, counts });
    } catch (error) {
      const failure = asUnavailable(error);
      reply({
        type: INSERTED,
        id: message.id,
        error: {
          message: (failure as Error | null)?.message ?? String(failure),
          unavailable: failure instanceof ClickHouseUnavailable,
        },
      });
    }
  };
}
