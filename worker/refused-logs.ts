// A batch the service refuses for what it holds (400, or 413 for its size) would be refused again on every
// retry, and block every later log of its session. The uploader splits such a batch to find the log or logs
// refused, and sends a marker in the place of each: a log of its own tag that says why, at the original's time
// and level, so that the gap is visible on the service. The marker goes before the log is let go: a marker
// refused in turn shows that the refusal is not about the data (a service or proxy refusing everything), so the
// log is kept and the run retried with backoff, rather than any log being lost to it. Failures of the service
// (5xx, timeouts, the network) are not refusals: those batches stay as they are and are retried
// (docs/durability.md).
import { REFUSED_LOG_TAG, UNKNOWN_SESSION_REASON, type StoredLog } from '../protocol/index.ts';
import { ServiceError } from './service-client.ts';

/** Statuses that refuse the request's body itself, not the service being unwell. */
const REFUSING_STATUSES = new Set([400, 413]);

export function isRefusal(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.status !== undefined && REFUSING_STATUSES.has(error.status);
}

/** A refusal of the session named, not of the data: the service no longer holds the session (its retention deleted
 * it), so the session is registered again rather than its logs split and replaced (docs/uploader.md#refused-batches). */
export function isUnknownSession(error: unknown): boolean {
  return isRefusal(error) && error.status === 400 && error.reason === UNKNOWN_SESSION_REASON;
}

/** What a log holds, in characters, for the marker to tell how large the refused log was. */
const sizeOf = (log: StoredLog) =>
  (log.t?.length ?? 0) + (log.tg?.length ?? 0) + (log.m?.length ?? 0) + (log.f?.length ?? 0) + (log.u?.length ?? 0);

/** The marker standing for `log`: same session, time and level; the refusal's status and reason as its text. */
export function refusedMarker(log: StoredLog, error: ServiceError): StoredLog {
  const reason = error.reason ? `: ${error.reason}` : '';
  return {
    sessionUUID: log.sessionUUID,
    x: log.x,
    at: log.at,
    ...(log.ll !== undefined && { ll: log.ll }),
    tg: REFUSED_LOG_TAG,
    t: `Sidelog: the service refused this log (${error.status}${reason}); it held ${sizeOf(log)} characters of text.`,
  };
}
