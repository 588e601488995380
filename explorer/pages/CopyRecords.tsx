// The copies of devices' data given, for the admin (docs/privacy.md#each-copy-is-recorded): who downloaded which
// device's data and when, kept as the erasures' records are, so that the admin can show when a person was given
// their copy, and who else took one; a download cut before the device's end says so.
import type { CopyRecord } from '../../explorer-contract/api.types.ts';
import { absoluteTime, countOf } from '../format.ts';
import { LoadState } from '../LoadState.tsx';
import { TableHead } from '../TableHead.tsx';
import { useJson } from '../use-json.ts';

const copied = (record: CopyRecord) =>
  `${countOf(record.logs, 'log')}${record.of === 'user' ? ", in a copy of a user's data" : ''}`;

export function CopyRecords() {
  const records = useJson<CopyRecord[]>('/copies');
  return (
    <section aria-labelledby="copies-title">
      <h2 id="copies-title">Copies given</h2>
      <p className="muted">
        Every copy of a device's data downloaded, from any app, the newest first: kept as the erasures are.
      </p>
      {records.state !== 'ready' ? (
        <LoadState loaded={records} />
      ) : records.data.length === 0 ? (
        <p className="muted">No copy given yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table erasures-table">
            <caption className="visually-hidden">Copies given</caption>
            <TableHead columns={['Copied', 'App', 'Device', 'By', 'What it held']} />
            <tbody>
              {records.data.map((record) => (
                <tr key={`${record.copied_at} ${record.app} ${record.udid} ${record.copied_by}`}>
                  <td>{absoluteTime(record.copied_at)}</td>
                  <td>{record.app}</td>
                  <td className="mono">{record.udid}</td>
                  <td>{record.copied_by}</td>
                  <td>
                    {copied(record)}
                    {record.finished ? null : (
                      <strong> so far, not to the device's end: cut, or still downloading</strong>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
