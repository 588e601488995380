// The app's devices, most recently seen first; found by name, udid, or a value of their keys, now or before (an email).
import { DeviceWho } from '../DeviceWho.tsx';
import { EventTime } from '../EventTime.tsx';
import type { ExplorerDevice } from '../api.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { Field, SubmitButton } from '../Field.tsx';
import { useDraft, useQuery } from '../use-query.ts';
import { ResultsTable } from '../ResultsTable.tsx';

export function DevicesPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const [q, setQ] = useDraft(params, 'q');
  const query = new URLSearchParams({ limit: '200' });
  if (params.get('q')) query.set('q', params.get('q')!);
  const list = useJson<{ devices: ExplorerDevice[]; more: boolean }>(
    `/apps/${encodeURIComponent(appId)}/devices?${query}`,
  );
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
        <Field label="Device name, udid or key value" wide>
          {(id) => <input id={id} type="search" value={q} onChange={(event) => setQ(event.target.value)} />}
        </Field>
        <SubmitButton>Search</SubmitButton>
      </form>
      <ResultsTable
        loaded={list}
        items={(data) => data.devices}
        empty="No devices."
        className="devices-table"
        columns={['Device', 'udid', 'OS', 'Language', 'Last seen', { label: 'Sessions', num: true }]}
        row={(device) => (
          <tr key={device.udid}>
            <td>
              <DeviceWho appId={appId} device={device} />
            </td>
            <td className="mono">{device.udid}</td>
            <td>{device.os_version}</td>
            <td>{device.language}</td>
            <td>
              <EventTime at={device.last_at} arrived={device.last_seen} />
            </td>
            <td className="num">{device.sessions}</td>
          </tr>
        )}
      />
    </>
  );
}
