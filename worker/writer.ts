// The writer (docs/storage.md#writer): stores what the tabs send, one step at a time and in order. Logs that arrive
// while a step runs wait in a queue and go in together with the next step, each page write as a batch that
// the storage may skip as already stored (docs/durability.md). When the log table is full
// (a quota error), the oldest logs of the session give way to one gap entry and the queue is retried;
// nothing else is lost.
import {
  GAP_CLEANUP_COUNT,
  GAP_LOG_TAG,
  LogLevel,
  type DeviceKeyRecord,
  type IssueRecord,
  type SessionRecord,
  type StoredLog,
} from '../protocol/index.ts';
import type { Guard } from './guard.ts';
import type { LogBatch, RunMark } from './storage/log-batches.ts';
import type { SidelogStorage } from './storage/storage.types.ts';

export interface Writer {
  /** Adds logs, all of one session; `mark` names the page's write they came in (docs/durability.md). */
  addLogs(logs: StoredLog[], mark?: RunMark): void;
  /** Adds the session if it is not stored yet (a rescued write's session), in order with the other writes. */
  ensureSession(session: SessionRecord): void;
  addIssue(issue: IssueRecord): void;
  addDeviceKey(key: DeviceKeyRecord): void;
  /** Resolves once everything added so far is stored (or was refused). */
  settled(): Promise<void>;
  /** Logs a failed step could not store wait for the next one: the page must not be told they are stored. */
  holdsUnstored(): boolean;
}

interface WriterDeps {
  storage: SidelogStorage;
  guard: Pick<Guard, 'canWrite'>;
  onError: (message: string) => void;
}

/** The times a gap entry covers, whether the removed rows were logs or earlier gap entries. */
interface GapRange {
  start: number;
  end: number;
}

function rangeOf(log: StoredLog): GapRange {
  if (log.tg === GAP_LOG_TAG && log.t) {
    try {
      const range = JSON.parse(log.t) as GapRange;
      if (typeof range.start === 'number' && typeof range.end === 'number') return range;
    } catch {
      // An ordinary log that happens to use the tag: its own time is its range.
    }
  }
  return { start: log.at, end: log.at };
}

/** One entry standing for `removed` (oldest first), in the place of the first of them. */
function gapEntry(removed: StoredLog[]): StoredLog & { id: number } {
  const first = removed[0];
  const range = { start: rangeOf(first).start, end: rangeOf(removed[removed.length - 1]).end };
  return {
    id: first.id!,
    sessionUUID: first.sessionUUID,
    x: new Date(range.start).toISOString(),
    at: range.start,
    tg: GAP_LOG_TAG,
    ll: LogLevel.Warning,
    t: JSON.stringify(range),
  };
}

const isQuotaError = (error: unknown) => error instanceof Error && error.name === 'QuotaExceededError';

export function createWriter({ storage, guard, onError }: WriterDeps): Writer {
  /** The batches of the log step not yet running: logs that arrive meanwhile join it. */
  let open: LogBatch[] | undefined;
  /** Batches a failed step could not store: they go first in the next log step. */
  const failed: LogBatch[] = [];
  let tail: Promise<void> = Promise.resolve();

  /** Frees room: the oldest logs of the session (or, if it has too few, of any session) become one gap entry. */
  async function compact(sessionUUID: string): Promise<boolean> {
    let oldest = await storage.oldestLogs(sessionUUID, GAP_CLEANUP_COUNT);
    if (oldest.length < 2) oldest = await storage.oldestLogsOfAll(GAP_CLEANUP_COUNT);
    if (oldest.length < 2) return false;
    await storage.deleteLogs(oldest.slice(1).map((log) => log.id!));
    await storage.putLog(gapEntry(oldest));
    return true;
  }

  /** A batch too large for the room left, in two. Only the second half keeps the write's mark: the first
   * stored alone must not mark the whole write as stored. */
  function halve({ logs, mark }: LogBatch): LogBatch[] {
    const half = Math.ceil(logs.length / 2);
    return [
      { logs: logs.slice(0, half), mark, partial: true },
      { logs: logs.slice(half), mark },
    ];
  }

  async function storeBatches(queue: LogBatch[]): Promise<void> {
    let size = Infinity;
    while (queue.length > 0) {
      const batches = queue.splice(0, size);
      try {
        await storage.addLogBatches(batches);
      } catch (error) {
        // Back in front, so the order holds; what is left is retried below or by a later step.
        queue.unshift(...batches);
        if (!isQuotaError(error)) {
          failed.unshift(...queue.splice(0));
          throw error;
        }
        if (await compact(batches[0].logs[0].sessionUUID)) continue;
        // Nothing left to compact: the batches alone are larger than the room, so they go in smaller parts.
        if (batches.length > 1) size = Math.ceil(batches.length / 2);
        else if (batches[0].logs.length > 1) {
          queue.splice(0, 1, ...halve(batches[0]));
          size = 1;
        } else throw error;
      }
    }
  }

  function step(work: () => Promise<unknown>, what: string, refuse = () => {}): void {
    tail = tail
      .then(() => (guard.canWrite() ? work() : refuse()))
      .then(
        () => undefined,
        (error: unknown) =>
          onError(`Sidelog could not store ${what}: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  /** Any other write closes the open log step: logs after it are stored after it. */
  function otherStep(work: () => Promise<unknown>, what: string): void {
    open = undefined;
    step(work, what);
  }

  return {
    addLogs(logs, mark) {
      if (logs.length === 0) return;
      if (open) {
        open.push({ logs, mark });
        return;
      }
      // One step stores whatever has queued up by the time it runs.
      const queue: LogBatch[] = [{ logs, mark }];
      open = queue;
      const close = () => {
        if (open === queue) open = undefined;
      };
      step(
        () => {
          close();
          return storeBatches([...failed.splice(0), ...queue]);
        },
        'logs',
        close,
      );
    },
    ensureSession: (session) => otherStep(() => storage.ensureSession(session), 'a session'),
    addIssue: (issue) => otherStep(() => storage.addIssue(issue), 'an issue'),
    addDeviceKey: (key) => otherStep(() => storage.addDeviceKey(key), 'a device key'),
    settled: () => tail,
    holdsUnstored: () => failed.length > 0,
  };
}
