// One session's logs on their way to the target (docs/uploader.md#batches): oldest first, one batch in flight at a
// time, the next read while it is, and each accepted batch deleted while the next is in flight. A refused batch is
// split until its refused logs are alone, and a marker takes the place of each (worker/refused-logs.ts).
import type { LogRecord, StoredLog } from '../protocol/index.ts';
import { toLogRecord } from './format.ts';
import { refusedMarker } from './refused-logs.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import { UPLOAD_BATCH_MAX_BYTES, UPLOAD_BATCH_SIZE } from './tuning.ts';
import type { Refused, RegisteredSession, Setback, UploadTarget } from './upload-target.types.ts';

export interface LogUploadDeps {
  storage: SidelogStorage;
  target: UploadTarget;
  debug: (message: string) => void;
}

/** Bytes a field's text can take in JSON at the most: an escape such as \u0001 is 6 bytes for one character. */
const MAX_BYTES_PER_CHAR = 6;
/** The rest of a record: keys, quotes, numbers. */
const RECORD_OVERHEAD_BYTES = 128;

/** An upper bound of a record's size as JSON, from its texts' lengths: no serialising just to measure,
 * since the target serialises the batch anyway. */
function maxJSONBytes(record: LogRecord): number {
  const chars =
    (record.t?.length ?? 0) +
    (record.tg?.length ?? 0) +
    (record.m?.length ?? 0) +
    (record.f?.length ?? 0) +
    (record.u?.length ?? 0);
  return RECORD_OVERHEAD_BYTES + MAX_BYTES_PER_CHAR * chars;
}

/** The leading logs whose JSON surely fits in `maxBytes` (always at least one, so a batch never stalls). */
export function fitBatch(logs: StoredLog[], maxBytes = UPLOAD_BATCH_MAX_BYTES): LogRecord[] {
  const batch: LogRecord[] = [];
  let bytes = 0;
  for (const log of logs) {
    const record = toLogRecord(log);
    bytes += maxJSONBytes(record);
    if (batch.length > 0 && bytes > maxBytes) break;
    batch.push(record);
  }
  return batch;
}

/** The leading logs that go in one batch (fitBatch). */
const fit = (logs: StoredLog[]) => logs.slice(0, fitBatch(logs).length);

/** Sends a registered session's logs; resolves once every accepted batch is deleted, to the setback that stopped
 * it, if any (the logs from the one it stopped at stay stored). */
export type LogUpload = (session: RegisteredSession) => Promise<Setback | undefined>;

export function createLogUpload({ storage, target, debug }: LogUploadDeps): LogUpload {
  /** The batch after `sent` (which stays stored until accepted): the session's logs after its last one. */
  const logsAfter = (uuid: string, sent: StoredLog[]) =>
    storage.logsAfter(uuid, sent[sent.length - 1].id!, UPLOAD_BATCH_SIZE);

  /** Sends a batch and, once accepted, starts deleting it (into `deleting`). A refused batch is split, halves in
   * order, until the refused log is alone; a marker then goes in its place (refusedInPlace). */
  async function sendBatch(
    session: RegisteredSession,
    logs: StoredLog[],
    deleting: Promise<void>[],
  ): Promise<Setback | undefined> {
    const sent = await target.sendLogs(session, logs.map(toLogRecord));
    if (sent.outcome === 'accepted') {
      if (sent.dropped)
        debug(
          `Sidelog: the service took a batch of ${logs.length} logs but did not keep ${sent.dropped.count}: ${sent.dropped.reason}`,
        );
      deleteSent(logs, deleting);
      return undefined;
    }
    if (sent.outcome !== 'refused') return sent;
    if (logs.length === 1) return refusedInPlace(session, logs[0], sent, deleting);
    const half = Math.ceil(logs.length / 2);
    return (await sendBatch(session, logs.slice(0, half), deleting)) ?? sendBatch(session, logs.slice(half), deleting);
  }

  /** A log refused alone: its marker goes on its own, at once, so that it keeps the log's place on the wire. The
   * target taking the marker shows it was the log it refused: the log is deleted. A marker refused in turn (or not
   * taken at all) shows the refusal is not about the data: the log stays stored and the session stops there. */
  async function refusedInPlace(
    session: RegisteredSession,
    log: StoredLog,
    refusal: Refused,
    deleting: Promise<void>[],
  ): Promise<Setback | undefined> {
    const sent = await target.sendLogs(session, [toLogRecord(refusedMarker(log, refusal.reason))]);
    if (sent.outcome !== 'accepted') return sent;
    debug(`Sidelog: the service refused a log (${refusal.reason}); a marker took its place`);
    deleteSent([log], deleting);
    return undefined;
  }

  function deleteSent(logs: StoredLog[], deleting: Promise<void>[]): void {
    const deleted = storage.deleteLogs(logs.map((log) => log.id!));
    // Awaited at the end of the session's logs; handled here so that a failure is not reported as unhandled meanwhile.
    deleted.catch(() => {});
    deleting.push(deleted);
  }

  return async (session) => {
    const deleting: Promise<void>[] = [];
    try {
      let batch = fit(await storage.oldestLogs(session.uuid, UPLOAD_BATCH_SIZE));
      while (batch.length > 0) {
        const next = logsAfter(session.uuid, batch);
        // Read ahead: a batch that stops the session leaves the next unread, but its read must not be an unhandled rejection.
        next.catch(() => {});
        const setback = await sendBatch(session, batch, deleting);
        if (setback) return setback;
        batch = fit(await next);
      }
      return undefined;
    } finally {
      // Done only once every accepted batch is deleted; a deletion that failed fails the run.
      await Promise.all(deleting);
    }
  };
}
