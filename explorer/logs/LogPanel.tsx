// The chosen log, beside the stream (docs/explorer.md#the-screen): its level and time, its whole text as the list
// sends it, the issue a `bf_issue` line marks, where it was logged, its session and device with the device's keys as
// they stood in that session, and its ways on (LogActions). The rows stay one line high; this is where a log is read.
import { Link } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { devicePath, issuePath } from '../address.ts';
import { absoluteTime, levelOf } from '../format.ts';
import { RedactedText } from '../RedactedText.tsx';
import { useZone } from '../time-zone.ts';
import { href } from '../use-query.ts';
import { Highlighted } from './Highlighted.tsx';
import { LogActions } from './LogActions.tsx';
import { SessionKeys } from './SessionKeys.tsx';

export const LOG_PANEL = 'log-panel';

export function LogPanel({ log, appId, close }: { log: ExplorerLog; appId: string; close(): void }) {
  const zone = useZone();
  const level = levelOf(log.ll);
  const place = log.f ? `${log.f}${log.l ? `:${log.l}` : ''}${log.m ? ` ${log.m}()` : ''}` : '';
  return (
    <section id={LOG_PANEL} className="log-panel card" aria-label="Chosen log">
      <div className="log-panel-head">
        <h2>
          <span className={`level-badge level-${level.name}`}>{level.label}</span> {absoluteTime(log.at, zone)}
        </h2>
        <button type="button" className="button button-quiet" onClick={close}>
          Close
        </button>
      </div>
      <div className="log-panel-text" tabIndex={0}>
        {log.t ? <Highlighted text={log.t} /> : <span className="muted">(no text)</span>}
        {log.t_length != null ? (
          <p className="muted">
            Cut to {(log.t ?? '').length.toLocaleString('en')} of {log.t_length.toLocaleString('en')} characters: "show
            all" on its row reads it whole.
          </p>
        ) : null}
      </div>
      <dl className="facts log-panel-facts">
        {log.tg ? (
          <>
            <dt>Tag</dt>
            <dd>
              <RedactedText text={log.tg} />
            </dd>
          </>
        ) : null}
        {log.tg === 'bf_issue' && log.t ? (
          // The line's text is the issue's uid (docs/explorer-views.md#issue-lines).
          <>
            <dt>Issue</dt>
            <dd>
              <Link href={href(issuePath(log.t), appId)}>
                {log.issue_title ? <RedactedText text={log.issue_title} /> : log.t}
              </Link>
            </dd>
          </>
        ) : null}
        {place ? (
          <>
            <dt>Logged at</dt>
            <dd className="mono">
              <RedactedText text={place} />
            </dd>
          </>
        ) : null}
        {log.u ? (
          <>
            <dt>URL</dt>
            <dd className="mono log-url">
              <RedactedText text={log.u} />
            </dd>
          </>
        ) : null}
        <dt>Session</dt>
        <dd>
          <Link href={href('/logs', appId, { session: log.session_uid })}>{log.session_uid}</Link>
        </dd>
        <dt>Device</dt>
        <dd>
          <Link href={href(devicePath(log.udid), appId)}>{log.device_name || log.udid}</Link>
          {log.device_name ? <span className="muted mono"> {log.udid}</span> : null}
        </dd>
        <dt>Keys</dt>
        <SessionKeys appId={appId} sessionUid={log.session_uid} />
      </dl>
      <LogActions log={log} appId={appId} />
    </section>
  );
}
