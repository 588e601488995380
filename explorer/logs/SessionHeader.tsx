// The stream of one session opens with what is known of it (docs/facets.md#session-header): its device (name, model,
// OS), app version, first and last line and the time between, how many lines it holds, and the device's keys as they
// stood in that session; then what it is given (how the session is read), and the way back to every session. One
// line or two: the rows below are what is read (docs/explorer.md#the-screen).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ExplorerSession } from '../api.ts';
import { devicePath } from '../address.ts';
import { durationText } from '../format.ts';
import { Time } from '../Time.tsx';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { SessionKeys } from './SessionKeys.tsx';
import { deviceDetails } from './device-details.ts';

export function SessionHeader({
  appId,
  uid,
  close,
  children,
}: {
  appId: string;
  uid: string;
  close(): void;
  children?: ReactNode;
}) {
  const base = `/apps/${encodeURIComponent(appId)}/sessions/${encodeURIComponent(uid)}`;
  const session = useJson<ExplorerSession>(base);
  // An unknown session: the stream below says there are no logs.
  if (session.state !== 'ready') return null;
  const s = session.data;
  const device = deviceDetails(s.device_name, s.device_model, s.os_version);
  return (
    <section className="session-header card" aria-label="Session">
      <h2>
        Session <span className="mono">{s.session_uid}</span>{' '}
        <button
          type="button"
          className="chip-remove"
          aria-label={`Show all sessions, not only ${s.session_uid}`}
          onClick={close}
        >
          ×
        </button>
      </h2>
      <dl className="facts">
        <dt>Device</dt>
        <dd>
          <Link href={href(devicePath(s.udid), appId)}>{s.device_name || s.udid}</Link>
          {device ? <span className="muted"> ({device})</span> : null}
        </dd>
        <dt>App version</dt>
        <dd>
          {s.app_version || '—'}
          {s.app_build ? <span className="muted"> (build {s.app_build})</span> : null}
        </dd>
        <dt>Start</dt>
        <dd>{s.first_at === null ? '—' : <Time value={s.first_at} />}</dd>
        <dt>End</dt>
        <dd>{s.last_at === null ? '—' : <Time value={s.last_at} />}</dd>
        <dt>Duration</dt>
        <dd>{s.first_at === null || s.last_at === null ? '—' : durationText(s.last_at - s.first_at)}</dd>
        <dt>Lines</dt>
        <dd>{s.total.toLocaleString('en')}</dd>
        <dt>Keys</dt>
        <SessionKeys appId={appId} sessionUid={uid} />
      </dl>
      {children}
    </section>
  );
}
