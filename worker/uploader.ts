// The uploader (docs/uploader.md): runs every 15 s and whenever this engine becomes leader, only
// when online, leader and not already running. Rows are deleted only after the service accepted them;
// a failure leaves them stored and the next runs back off, doubling up to 5 minutes.
import type { LogRecord, SessionRecord, StoredLog } from '../protocol/index.ts';
import { toLogRecord } from './format.ts';
import type { Guard } from './guard.ts';
import { isRefusal, isUnknownSession, refusedMarker } from './refused-logs.ts';
import type { ServiceError } from './service-client.ts';
import type { SidelogStorage } from './storage/storage.types.ts';
import { UPLOAD_BATCH_MAX_BYTES, UPLOAD_BATCH_SIZE, UPLOAD_INTERVAL_MS, UPLOAD_MAX_BACKOFF_MS } from './tuning.ts';
import type { UploadTarget } from './upload-target.types.ts';

export interface UploaderDeps {
  storage: SidelogStorage;
  guard: Guard;
  /** Where it all goes: the logging service (worker/wire-target.ts), or another target. */
  target: UploadTarget;
  debug: (message: string) => void;
  isOnline: () => boolean;
  isLeader: () => boolean;
  /** Sessions some tab still holds: they are kept even when empty. */
  activeSessions: () => Promise<Set<string>>;
  intervalMs?: number;
  maxBackoffMs?: number;
}

export interface Uploader {
  /** Starts the periodic runs. */
  start(): void;
  /** Stops the periodic runs; resolves once a run under way has ended. */
  stop(): Promise<void>;
  /** Runs once now (after the run under way, if any); `force` sends logs whatever the device's status. */
  run(options: { force: boolean }): Promise<void>;
  /** Runs finished, whatever their outcome. */
  runs(): number;
}

/** The delay before the next periodic run after `failures` failed runs in a row. */
export function backoffDelay(failures: number, intervalMs = UPLOAD_INTERVAL_MS, maxMs = UPLOAD_MAX_BACKOFF_MS): number {
  return Math.min(intervalMs * 2 ** failures, maxMs);
}

/** Bytes a field's text can take in JSON at the most: an escape such as \u0001 is 6 bytes for one character. */
const MAX_BYTES_PER_CHAR = 6;
/** The rest of a record: keys, quotes, numbers. */
const RECORD_OVERHEAD_BYTES = 128;

/** An upper bound of a record's size as JSON, from its texts' lengths: no serialising just to measure,
 * since the target serialises the batch anyway. */
function maxJSONBytes(record: LogRecord): number {
  const chars = (record.t?.length ?? 0) + (record.tg?.length ?? 0) + (record.m?.length ?? 0) + (record.f?.length ?? 0) + (record.u?.length ?? 0);
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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The leading logs that go in one batch (fitBatch). */
const fit = (logs: StoredLog[]) => logs.slice(0, fitBatch(logs).length);

/** Sessions uploaded at once. Each session's own requests go one after another, in order; several sessions (tabs)
 * share the wait for the service. Below the browser's six connections per host. */
const PARALLEL_SESSIONS = 4;

export function createUploader(deps: UploaderDeps): Uploader {
  const { storage, guard, target, debug } = deps;
  let running: Promise<void> | undefined;
  let again: { force: boolean; done: Promise<void> } | undefined;
  let failures = 0;
  let finished = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  /** Registers the session if it has no id yet; returns its id. */
  async function register(session: SessionRecord): Promise<number> {
    if (session.id !== undefined) return session.id;
    const id = await target.registerSession(session.payload);
    await storage.setSessionId(session.uuid, id);
    return id;
  }

  /** Uploads one session (docs/uploader.md#steps); throws at the first failure, leaving the rest stored. A session
   * the service no longer holds (its retention deleted it while the logs waited) is registered again, once a run. */
  async function uploadSession(session: SessionRecord, force: boolean, active: Set<string>): Promise<void> {
    try {
      await uploadSessionOnce(session, force, active);
    } catch (error) {
      if (session.id === undefined || !isUnknownSession(error)) throw error;
      debug(`Sidelog: the service no longer knows session ${session.uuid}; registering it again`);
      await uploadSessionOnce({ ...session, id: undefined }, force, active);
    }
  }

  async function uploadSessionOnce(session: SessionRecord, force: boolean, active: Set<string>): Promise<void> {
    const uuid = session.uuid;
    const issues = await storage.issues(uuid);
    const mayProcess = guard.canUpload();
    const sendLogs = issues.length > 0 || mayProcess || force;
    const pendingLogs = sendLogs ? await storage.countLogs(uuid) : 0;
    const keys = issues.length > 0 || mayProcess ? await storage.deviceKeys(uuid) : [];
    if (issues.length === 0 && pendingLogs === 0 && keys.length === 0) {
      if (!active.has(uuid) && (await isEmpty(uuid))) await storage.deleteSession(uuid);
      return;
    }
    const sessionId = await register(session);
    for (const issue of issues) {
      await target.sendIssue(sessionId, issue.data);
      await storage.deleteIssues([issue.id!]);
    }
    if (sendLogs) await sendLogsOf(uuid, sessionId);
    for (const { id, data } of keys) {
      await target.sendKey(data.key, data.value);
      await storage.deleteDeviceKeys([id!]);
    }
    if (!active.has(uuid) && (await isEmpty(uuid))) await storage.deleteSession(uuid);
  }

  /** The session's logs, oldest first, one batch at a time: while a batch is in flight the next is read, and an
   * accepted batch is deleted while the next is in flight, so the service is never left waiting for the database. */
  async function sendLogsOf(uuid: string, sessionId: number): Promise<void> {
    const deleting: Promise<void>[] = [];
    try {
      let batch = fit(await storage.oldestLogs(uuid, UPLOAD_BATCH_SIZE));
      while (batch.length > 0) {
        const next = logsAfter(uuid, batch);
        // Read ahead: a batch that fails leaves the next unread for now, but its read must not be an unhandled rejection.
        next.catch(() => {});
        await sendBatch(sessionId, batch, deleting);
        batch = fit(await next);
      }
    } finally {
      // The run ends only once every accepted batch is deleted; a deletion that failed fails the run.
      await Promise.all(deleting);
    }
  }

  /** The batch after `sent` (which stays stored until accepted): the session's logs after its last one. */
  const logsAfter = (uuid: string, sent: StoredLog[]) => storage.logsAfter(uuid, sent[sent.length - 1].id!, UPLOAD_BATCH_SIZE);

  /** Sends a batch and, once accepted, starts deleting it (into `deleting`). A refused batch is split, halves in
   * order, until the refused log is alone; a marker then goes in its place (refusedInPlace). Throws at the first
   * failure that is not a refusal of the data, leaving the rest stored. */
  async function sendBatch(sessionId: number, logs: StoredLog[], deleting: Promise<void>[]): Promise<void> {
    try {
      await target.sendLogs(sessionId, logs.map(toLogRecord));
    } catch (error) {
      if (!isRefusal(error) || isUnknownSession(error)) throw error;
      if (logs.length === 1) return refusedInPlace(sessionId, logs[0], error, deleting);
      const half = Math.ceil(logs.length / 2);
      await sendBatch(sessionId, logs.slice(0, half), deleting);
      return sendBatch(sessionId, logs.slice(half), deleting);
    }
    deleteSent(logs, deleting);
  }

  /** A log refused alone: its marker goes on its own, at once, so that it keeps the log's place on the wire. The
   * service taking the marker shows it was the log it refused: the log is deleted. A marker refused in turn shows
   * the refusal is not about the data (a service or proxy refusing everything, a session it no longer knows): the
   * log stays stored and the run fails, to be retried with backoff like a 5xx (refused-logs.ts). */
  async function refusedInPlace(sessionId: number, log: StoredLog, error: ServiceError, deleting: Promise<void>[]): Promise<void> {
    await target.sendLogs(sessionId, [toLogRecord(refusedMarker(log, error))]);
    debug(`Sidelog: the service refused a log (${message(error)}); a marker took its place`);
    deleteSent([log], deleting);
  }

  function deleteSent(logs: StoredLog[], deleting: Promise<void>[]): void {
    const deleted = storage.deleteLogs(logs.map((log) => log.id!));
    // Awaited by sendLogsOf; handled here so that a failure is not reported as unhandled meanwhile.
    deleted.catch(() => {});
    deleting.push(deleted);
  }

  async function isEmpty(uuid: string): Promise<boolean> {
    const counts = await Promise.all([storage.countLogs(uuid), storage.countIssues(uuid), storage.countDeviceKeys(uuid)]);
    return counts.every((count) => count === 0);
  }

  async function runOnce(force: boolean): Promise<void> {
    if (!deps.isOnline() || !deps.isLeader() || !guard.isAppValid) return;
    // Sessions that already have ids first: their data can go without a registration.
    const sessions = (await storage.sessions()).sort((a, b) => Number(a.id === undefined) - Number(b.id === undefined));
    // Asked after the sessions are read: a tab counts as active before its session is stored.
    const active = await deps.activeSessions();
    let failed = false;
    const queue = [...sessions];
    const uploadNext = async (): Promise<void> => {
      for (let session = queue.shift(); session; session = queue.shift()) {
        try {
          await uploadSession(session, force, active);
        } catch (error) {
          failed = true;
          debug(`Sidelog could not upload session ${session.uuid}: ${message(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SESSIONS, queue.length) }, uploadNext));
    failures = failed ? failures + 1 : 0;
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run({ force: false }), backoffDelay(failures, deps.intervalMs, deps.maxBackoffMs));
  }

  function run({ force }: { force: boolean }): Promise<void> {
    if (running) {
      // Not two at once: one more run follows the one under way, forced if any caller asked for it.
      if (!again) {
        again = {
          force,
          done: running.then(() => {
            const next = again!.force;
            again = undefined;
            return run({ force: next });
          }),
        };
      } else again.force ||= force;
      return again.done;
    }
    running = runOnce(force)
      .catch((error: unknown) => debug(`Sidelog's upload failed: ${message(error)}`))
      .finally(() => {
        running = undefined;
        finished++;
        schedule();
      });
    return running;
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await (again?.done ?? running);
    },
    run,
    runs: () => finished,
  };
}
