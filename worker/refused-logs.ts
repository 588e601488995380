// A batch the target refuses for what it holds would be refused again on every retry, and block every later log
// of its session. The uploader splits such a batch to find the log or logs refused (worker/log-upload.ts), and
// sends a marker in the place of each: a log of its own tag that says why, at the original's time and level, so
// that the gap is visible on the service. The marker goes before the log is let go: a marker refused in turn
// shows that the refusal is not about the data (a service or proxy refusing everything), so the log is kept and
// the run retried with backoff, rather than any log being lost to it (docs/durability.md).
import { REFUSED_LOG_TAG, type StoredLog } from '../protocol/index.ts';

/** What a log holds, in characters, for the marker to tell how large the refused log was. */
const sizeOf = (log: StoredLog) =>
  (log.t?.length ?? 0) + (log.tg?.length ?? 0) + (log.m?.length ?? 0) + (log.f?.length ?? 0) + (log.u?.length ?? 0);

/** The marker standing for `log`: same session, time and level; the target's reason for refusing it as its text. */
export function refusedMarker(log: StoredLog, reason: string): StoredLog {
  return {
    sessionUUID: log.sessionUUID,
    x: log.x,
    at: log.at,
    ...(log.ll !== undefined && { ll: log.ll }),
    tg: REFUSED_LOG_TAG,
    t: `Sidelog: the service refused this log (${reason}); it held ${sizeOf(log)} characters of text.`,
  };
}
