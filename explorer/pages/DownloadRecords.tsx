// The files of stored data downloaded, for the admin (docs/privacy.md#each-download-is-recorded): every device's copy
// and every export of a view's logs, who took it and when, kept as the erasures' records are, so that the admin can
// show when a person was given their copy and who else took their data out; a download cut before its end says so.
// On Settings, every app's; on a device's page, the copies of that device's data.
import type { DownloadRecord } from '../../explorer-contract/api.types.ts';
import { absoluteTime, countOf } from '../format.ts';
import { Results } from '../Results.tsx';
import { TableHead } from '../TableHead.tsx';
import { useJson } from '../use-json.ts';

/** What the file held, as a sentence's start: the device copied, or the view exported as its address reads. */
function what(record: DownloadRecord) {
  if (record.of !== 'export')
    return (
      <>
        {record.of === 'user' ? "A user's copy: device " : 'Copy of device '}
        <span className="mono">{record.udid}</span>
      </>
    );
  const view = [...new URLSearchParams(record.view ?? '')];
  return (
    <>
      {`Export (${record.format.toUpperCase()}) of `}
      {view.length === 0 ? (
        'all its logs'
      ) : (
        <span className="mono">{view.map(([name, value]) => `${name}=${value}`).join(' ')}</span>
      )}
    </>
  );
}

/** Settings' list of every app's downloads; with `device`, its page's list of the copies of its data (the admin's). */
export function DownloadRecords({ device }: { device?: { appId: string; udid: string } }) {
  const records = useJson<DownloadRecord[]>(
    device
      ? `/apps/${encodeURIComponent(device.appId)}/devices/${encodeURIComponent(device.udid)}/downloads`
      : '/downloads',
  );
  const title = device ? 'Copies of its data given' : 'Downloads';
  return (
    <section aria-labelledby="downloads-title">
      <h2 id="downloads-title">{title}</h2>
      <p className="muted">
        {device
          ? "Each copy of this device's data downloaded, its own or in a copy of its user's, the newest first. Erasing the device leaves them, on Settings."
          : "Every copy of a device's data and every export of logs, from any app, the newest first: kept as the erasures are. An export's search is not kept, only that it had one (…)."}
      </p>
      <Results
        loaded={records}
        items={(data) => data}
        empty={device ? 'No copy of its data given yet.' : 'Nothing downloaded yet.'}
      >
        {(list) => (
          <div className="table-scroll">
            <table className="table downloads-table">
              <caption className="visually-hidden">{title}</caption>
              <TableHead columns={['Downloaded', 'App', 'What', 'By', 'Logs']} />
              <tbody>
                {list.map((record, index) => (
                  <tr key={`${record.downloaded_at} ${index}`}>
                    <td>{absoluteTime(record.downloaded_at)}</td>
                    <td>{record.app}</td>
                    <td>{what(record)}</td>
                    <td>{record.downloaded_by}</td>
                    <td>
                      {countOf(record.logs, 'log')}
                      {record.finished ? null : <strong> so far, not to its end: cut, or still downloading</strong>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Results>
    </section>
  );
}
