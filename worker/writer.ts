// The writer (spec §4): stores what the tabs send, one step at a time and in order. Logs that arrive
// while a step runs wait in a queue and go in together with the next step. When the log table is full
// (a quota error), the oldest logs of the session give way to one gap entry and the queue is retried;
// nothing else is lost.
import {
  GAP_CLEANUP_COUNT,
  GAP_LOG_TAG,
  LogLevel,
  type DeviceKeyRecord,
  type IssueRecord,
  type StoredLog,
} from '../protocol/index.ts';
import type { Guard } from './guard.ts';
import type { SidelogStorage } from './storage/storage.types.ts';

export interface Writer {
  addLogs(logs: StoredLog[]): void;
  addIssue(issue: IssueRecord): void;
  addDeviceKey(key: DeviceKeyRecord): void;
  /** Resolves once everything added so far is stored (or was refused). */
  settled(): Promise<void>;
}

export interface WriterDeps {
  storage: SidelogStorage;
  guard: Pick<Guard, 'canWrite'>;
  onError: (message: string) => void;
}

/** The times a gap entry covers, whether the removed rows were logs or earlier gap entries. */
export interface GapRange {
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
export function gapEntry(removed: StoredLog[]): StoredLog & { id: number } {
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
  let queue: StoredLog[] = [];
  let scheduled = false;
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

  async function storeQueue(): Promise<void> {
    scheduled = false;
    let size = Infinity;
    while (queue.length > 0) {
      const batch = queue.splice(0, size);
      try {
        await storage.addLogs(batch);
      } catch (error) {
        // Back in front of what arrived meanwhile, so the order holds; a later step retries what is left.
        queue.unshift(...batch);
        if (!isQuotaError(error)) throw error;
        if (await compact(batch[0].sessionUUID)) continue;
        // Nothing left to compact: the batch alone is larger than the room, so it goes in smaller parts.
        if (batch.length === 1) throw error;
        size = Math.ceil(batch.length / 2);
      }
    }
  }

  function step(work: () => Promise<unknown>, what: string, refuse = () => {}): void {
    tail = tail
      .then(() => (guard.canWrite() ? work() : refuse()))
      .then(
        () => undefined,
        (error: unknown) => onError(`Sidelog could not store ${what}: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  return {
    addLogs(logs) {
      if (logs.length === 0) return;
      queue.push(...logs);
      // One step stores whatever has queued up by the time it runs.
      if (scheduled) return;
      scheduled = true;
      step(storeQueue, 'logs', () => {
        scheduled = false;
        queue = [];
      });
    },
    addIssue: (issue) => step(() => storage.addIssue(issue), 'an issue'),
    addDeviceKey: (key) => step(() => storage.addDeviceKey(key), 'a device key'),
    settled: () => tail,
  };
}
