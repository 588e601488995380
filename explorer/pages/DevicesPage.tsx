// The app's devices, most recently seen first.
import { useId } from 'react';
import { Link } from 'wouter';
import type { ExplorerDevice } from '../api.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { LoadState } from '../LoadState.tsx';
import { href, useDraft, useQuery } from '../use-query.ts';

export function DevicesPage() {
  const id = useId();
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const [q, setQ] = useDraft(params, 'q');
  const query = new URLSearchParams({ limit: '200' });
  if (params.get('q')) query.set('q', params.get('q')!);
  const list = useJson<{ devices: ExplorerDevice[]; more: boolean }>(`/apps/${encodeURIComponent(appId)}/devices?${query}`);
  return (
    <>
      <form
        className="card issue-filters"
        aria-label="Device filter"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: q.trim() });
        }}
      >
        <div className="field field-wide">
          <label htmlFor={`${id}-q`}>Device name or udid</label>
          <input id={`${id}-q`} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </form>
      <LoadState loaded={list} />
      {list.state === 'ready' ? (
        list.data.devices.length === 0 ? (
          <p className="muted">No devices.</p>
        ) : (
          <table className="table devices-table">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">udid</th>
                <th scope="col">OS</th>
                <th scope="col">Language</th>
                <th scope="col">Last seen</th>
                <th scope="col" className="num">Sessions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.devices.map((device) => (
                <tr key={device.udid}>
                  <td>
                    <Link href={href(`/devices/${encodeURIComponent(device.udid)}`, appId)}>{device.name || '(unnamed)'}</Link>
                  </td>
                  <td className="mono">{device.udid}</td>
                  <td>{device.os_version}</td>
                  <td>{device.language}</td>
                  <td>{new Date(device.last_seen).toLocaleString('en-GB')}</td>
                  <td className="num">{device.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </>
  );
}
