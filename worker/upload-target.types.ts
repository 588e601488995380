// Where the uploader sends what is stored, and what it hears back (docs/uploader.md#targets-and-outcomes). The
// uploader decides what goes, when and in which order; a target turns each step into its requests and answers with
// an outcome, whatever its transport: it does not reject. What its statuses mean stays inside it: the logging
// service's wire format is one target (worker/wire-target.ts); another backend is one more file that implements this.
// Mode C's send as the page is hidden goes through a keepalive flavour of the same target, whose requests outlive
// the page (worker/keepalive.ts). OTLP/HTTP is the other target (worker/otlp-target.ts).
import type { DeviceKeyValue, IssueData, LogRecord, SessionPayload } from '../protocol/index.ts';

/** The session a step belongs to: the id the target gave it, and Sidelog's own record of it (its uuid, and what
 * registered it), which a target without sessions of its own sends with each step instead. */
export interface RegisteredSession {
  id: number;
  uuid: string;
  payload: SessionPayload;
}

/** The target took it: the uploader deletes it. */
interface Accepted {
  outcome: 'accepted';
}

/** The target refuses this data for what it holds, so sending it again would fail for ever. `reason` says why, in
 * the target's words (it goes into the marker that takes a refused log's place). A refused batch is split until
 * the refused logs are alone: no target names them. */
export interface Refused {
  outcome: 'refused';
  reason: string;
}

/** The target no longer holds the session the step named (its retention deleted it, or its store was reset): the
 * uploader registers the session again and sends under the new id. */
interface UnknownSession {
  outcome: 'unknown-session';
  reason: string;
}

/** Nothing was taken, for a cause that passes (the target failing, slow, overloaded or unreachable, or an answer
 * that could not be read): everything stays stored, and the next runs back off. `afterMs`: the target asked not to
 * be sent anything sooner (Retry-After). */
interface RetryLater {
  outcome: 'retry-later';
  reason: string;
  afterMs?: number;
}

/** Every outcome but acceptance: what stops a step. */
export type Setback = Refused | UnknownSession | RetryLater;

/** A step's outcome; an accepted one may carry what the step gives back. */
export type Outcome<Given extends object = object> = (Accepted & Given) | Setback;

/** Logs of an accepted batch that the target let go rather than store (OTLP's partial success and its rejected
 * count, the wire's `skipped`): they are not sent again, since the target took the batch. */
export interface Dropped {
  count: number;
  reason: string;
}

export interface UploadTarget {
  /** Registers a session: accepted with the id the target gave it, which comes back with each later step (a target
   * without sessions of its own may give any number). */
  registerSession(payload: SessionPayload): Promise<Outcome<{ sessionId: number }>>;
  sendIssue(session: RegisteredSession, issue: IssueData): Promise<Outcome>;
  /** At most UPLOAD_BATCH_SIZE logs (worker/tuning.ts), oldest first. */
  sendLogs(session: RegisteredSession, logs: LogRecord[]): Promise<Outcome<{ dropped?: Dropped }>>;
  sendKey(key: string, value: DeviceKeyValue): Promise<Outcome>;
}
