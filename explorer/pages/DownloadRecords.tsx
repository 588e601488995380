// The files of stored data downloaded, for the admin (docs/privacy.md#each-download-is-recorded): every device's copy
// and every export of a view's logs, who took it and when, kept as the erasures' records are, so that the admin can
// show when a person was given their copy and who else took their data out; a download cut before its end says so.
// On Settings, every app's; on a device's page, the copies of that device's data, with one taken there once recorded.
import { useEffect, useState } from 'react';
import type { DownloadRecord } from '../../explorer-contract/api.types.ts';
import { absoluteTime, countOf } from '../format.ts';
import { shownData, useJson, type Loaded } from '../use-json.ts';
import { ResultsTable } from '../ResultsTable.tsx';

/** How often, and how many times at most, the list is read again after a copy was asked for on the page. */
const AWAIT_EVERY_MS = 1_000;
const AWAIT_TRIES = 30;

/** The records, read again after each copy the page asked for (`asked` grows) until the newest is a record more than
 * there was and reached its end, or AWAIT_TRIES reads later: the service records a download before its first byte,
 * but the page cannot see the browser's download begin or end. */
function useRecordsAfterAsking(path: string, asked: number): Loaded<DownloadRecord[]> {
  const [version, setVersion] = useState(0);
  const records = useJson<DownloadRecord[]>(path, version);
  const newest = shownData(records)?.[0];
  // A record as the list names it (it has no id of its own): who took what, when.
  const newestKey = newest && `${newest.downloaded_at} ${newest.downloaded_by} ${newest.of} ${newest.udid}`;
  /** The list awaited, by its path: another device's page awaits nothing of this one's. */
  const [awaited, setAwaited] = useState<{ path: string; before?: string; tries: number } | null>(null);
  const awaiting = awaited?.path === path ? awaited : null;
  // Follows `asked` while rendering, as React's docs adjust state to a prop (use-following.ts).
  const [seen, setSeen] = useState(asked);
  if (seen !== asked) {
    setSeen(asked);
    setAwaited({ path, before: newestKey, tries: 0 });
  }
  useEffect(() => {
    if (!awaiting || records.state === 'loading') return;
    const arrived = newestKey !== undefined && newestKey !== awaiting.before && newest!.finished;
    if (arrived || awaiting.tries >= AWAIT_TRIES) return setAwaited(null);
    const next = setTimeout(() => {
      setAwaited({ ...awaiting, tries: awaiting.tries + 1 });
      setVersion((v) => v + 1);
    }, AWAIT_EVERY_MS);
    return () => clearTimeout(next);
  }, [awaiting, records, newest, newestKey]);
  // Read again in the background, the list stays as it was meanwhile, not "Loading…" (a new path's list loads as any).
  return awaiting && records.state === 'loading' && records.previous
    ? { state: 'ready', data: records.previous }
    : records;
}

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

/** Settings' list of every app's downloads; with `device`, its page's list of the copies of its data (the admin's),
 * read again as a copy the page asked for (`asked` counts them) is recorded. */
export function DownloadRecords({ device, asked = 0 }: { device?: { appId: string; udid: string }; asked?: number }) {
  const records = useRecordsAfterAsking(
    device
      ? `/apps/${encodeURIComponent(device.appId)}/devices/${encodeURIComponent(device.udid)}/downloads`
      : '/downloads',
    asked,
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
      <ResultsTable
        loaded={records}
        items={(data) => data}
        empty={device ? 'No copy of its data given yet.' : 'Nothing downloaded yet.'}
        className="downloads-table"
        caption={title}
        captionHidden
        columns={['Downloaded', 'App', 'What', 'By', 'Logs']}
        row={(record, index) => (
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
        )}
      />
    </section>
  );
}
