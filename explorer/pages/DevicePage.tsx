// One device: what it reported, its keys as they stand and every change of them, its sessions, a copy of all of it
// (docs/privacy.md#a-copy-of-a-device), and for the admin its erasure (docs/privacy.md#erasing-a-device).
import { useState } from 'react';
import { EventTime } from '../EventTime.tsx';
import { Link } from 'wouter';
import {
  ADMIN_VIEWER,
  deviceCopyHref,
  type DeviceDetail,
  type DeviceErasure as Erased,
  type ExplorerSession,
} from '../api.ts';
import { DeviceErasure, ErasedDevice } from '../insight/DeviceErasure.tsx';
import { KeyHistory } from '../insight/KeyHistory.tsx';
import { Layout } from '../Layout.tsx';
import { Time } from '../Time.tsx';
import { LoadState } from '../LoadState.tsx';
import { Results } from '../Results.tsx';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { TableHead } from '../TableHead.tsx';
import { useViewer } from '../viewer-state.ts';
import { DownloadRecords } from './DownloadRecords.tsx';

export function DevicePage({ udid }: { udid: string }) {
  const appId = useAppId();
  const app = appId ? `/apps/${encodeURIComponent(appId)}` : null;
  const device = useJson<DeviceDetail>(app && `${app}/devices/${encodeURIComponent(udid)}`);
  const sessions = useJson<{ sessions: ExplorerSession[] }>(
    app && `${app}/sessions?device=${encodeURIComponent(udid)}&limit=200`,
  );
  const [erased, setErased] = useState<Erased | null>(null);
  // Copies asked for on this page, for the admin's list of them to read again (DownloadRecords).
  const [copiesAsked, setCopiesAsked] = useState(0);
  const admin = useViewer((state) => state.name) === ADMIN_VIEWER;
  if (erased && appId) {
    return (
      <Layout title="Device erased">
        <ErasedDevice appId={appId} name={device.state === 'ready' ? device.data.name || udid : udid} erased={erased} />
      </Layout>
    );
  }
  if (device.state !== 'ready' || !appId) {
    return (
      <Layout title={device.state === 'failed' ? 'Device not found' : 'Device'}>
        <LoadState loaded={device} />
      </Layout>
    );
  }
  const d = device.data;
  return (
    <Layout title={d.name || d.udid}>
      <dl className="facts card">
        <dt>udid</dt>
        <dd className="mono">{d.udid}</dd>
        <dt>OS</dt>
        <dd>{d.os_version}</dd>
        <dt>Language</dt>
        <dd>{d.language}</dd>
        <dt>First seen</dt>
        <dd>
          <EventTime at={d.first_at} arrived={d.first_seen} />
        </dd>
        <dt>Last seen</dt>
        <dd>
          <EventTime at={d.last_at} arrived={d.last_seen} />
        </dd>
      </dl>
      <p>
        <Link className="button" href={href('/logs', appId, { device: d.udid })}>
          All logs of this device
        </Link>{' '}
        <a
          className="button"
          href={deviceCopyHref(appId, d.udid)}
          download
          onClick={() => setCopiesAsked((asked) => asked + 1)}
        >
          Download a copy of its data
        </a>
      </p>
      <h2>Keys</h2>
      {d.keys.length === 0 ? (
        <p className="muted">No keys.</p>
      ) : (
        <table className="table keys-table">
          <TableHead columns={['Key', 'Value']} />
          <tbody>
            {d.keys.map(({ key, value }) => (
              <tr key={key}>
                <td>
                  <Link href={href('/logs', appId, { key, value: String(value) })}>{key}</Link>
                </td>
                <td className="mono">{JSON.stringify(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Key history</h2>
      <KeyHistory appId={appId} udid={d.udid} />
      <h2>Sessions</h2>
      {/* Until they come, a status says so: a reader (or a test) knows the page is not complete yet. */}
      <Results loaded={sessions} items={(data) => data.sessions} empty="No sessions.">
        {(list) => (
          <ul className="session-list">
            {list.map((session) => (
              <li key={session.session_uid}>
                <Link className="session-id" href={href('/logs', appId, { session: session.session_uid })}>
                  {session.session_uid}
                </Link>{' '}
                <span className="muted">
                  {session.last_at === null ? (
                    'no logs'
                  ) : (
                    <>
                      {session.total} logs, last <Time value={session.last_at} />
                    </>
                  )}
                  , version {session.app_version}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Results>
      {/* The admin's: who took a copy of this device's data (docs/privacy.md#each-download-is-recorded). */}
      {admin ? <DownloadRecords device={{ appId, udid: d.udid }} asked={copiesAsked} /> : null}
      <DeviceErasure appId={appId} udid={d.udid} name={d.name || d.udid} onErased={setErased} />
    </Layout>
  );
}
