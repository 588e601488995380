// Who a log is from: its device (its name, else its udid) and a marker of its session, the same colour and short id
// on every log of that session, which opens the session's stream.
import { Link } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { href } from '../use-query.ts';

const HUES = 8;

/** A session's colour among HUES, the same on every row of the session. */
export function sessionHue(uid: string): number {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % HUES;
}

export function LogWho({ log, appId }: { log: ExplorerLog; appId: string }) {
  return (
    <span className="log-who">
      <span className="log-device" title={log.udid}>
        {log.device_name || log.udid}
      </span>
      <Link
        className={`log-session session-hue-${sessionHue(log.session_uid)}`}
        href={href('/logs', appId, { session: log.session_uid })}
        aria-label={`Session ${log.session_uid}`}
      >
        {log.session_uid.slice(0, 8)}
      </Link>
    </span>
  );
}
