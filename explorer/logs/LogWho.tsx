// Who a log is from: its device's value of the view's key (`who=`, else the app's identity key:
// docs/explorer.md#identity), else its name and a short id, so two devices of one name differ; and a marker of its
// session, the same colour and short id on every log of that session, which opens the session's stream
// (docs/facets.md#who).
import { Link } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { href } from '../use-query.ts';
import { deviceName } from '../../explorer-contract/identity.ts';
import { useIdentityKey } from '../use-app.ts';

const HUES = 8;

/** A session's colour among HUES, the same on every row of the session. */
function sessionHue(uid: string): number {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % HUES;
}

export function LogWho({ log, appId, who: chosen }: { log: ExplorerLog; appId: string; who: string | null }) {
  const identity = useIdentityKey();
  const who = chosen ?? identity;
  const name = deviceName(log.device_name, log.udid);
  const value = who === null || log.who === undefined || log.who === null ? undefined : String(log.who);
  return (
    <span className="log-who">
      {value !== undefined ? (
        <span className="log-device" title={`${name} (${log.udid})`}>
          <span className="log-who-key">{who}</span> {value}
        </span>
      ) : (
        <span className="log-device" title={log.udid}>
          {name}
          {chosen === null ? null : <span className="log-who-key"> (no {chosen})</span>}
        </span>
      )}
      <Link
        className={`log-session session-hue-${sessionHue(log.session_uid)}`}
        href={href('/logs', appId, { session: log.session_uid })}
        // Named by what it shows (WCAG 2.5.3: a voice user says what they see), the whole id in its title.
        title={`Session ${log.session_uid}`}
      >
        <span className="visually-hidden">Session </span>
        {log.session_uid.slice(0, 8)}
      </Link>
    </span>
  );
}
