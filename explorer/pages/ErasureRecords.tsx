// The devices erased on request, for the admin (docs/privacy.md#erasing-a-device): each erasure's record, kept after
// the device's data, so that the admin can show when a person's data went, and how much of it; one that failed midway
// said so, with what went before it stopped.
import { Link } from 'wouter';
import type { ErasureRecord } from '../../explorer-contract/api.types.ts';
import { devicePath } from '../address.ts';
import { absoluteTime } from '../format.ts';
import { erasedCounts } from '../insight/DeviceErasure.tsx';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { ResultsTable } from '../ResultsTable.tsx';

export function ErasureRecords() {
  const records = useJson<ErasureRecord[]>('/erasures');
  return (
    <section aria-labelledby="erasures-title">
      <h2 id="erasures-title">Erased devices</h2>
      <p className="muted">
        Every app's devices erased on request, the newest first: kept after their data, which retention does not touch.
      </p>
      <ResultsTable
        loaded={records}
        items={(data) => data}
        empty="No device erased yet."
        className="erasures-table"
        caption="Erased devices"
        captionHidden
        columns={['Erased', 'App', 'Device', 'By', 'What went']}
        row={(record) => (
          <tr key={`${record.erased_at} ${record.app} ${record.udid}`}>
            <td>{absoluteTime(record.erased_at)}</td>
            <td>{record.app}</td>
            <td className="mono">
              {/* Not finished: the device is still there, for its page's erasure to go on with. */}
              {record.finished ? (
                record.udid
              ) : (
                <Link href={href(devicePath(record.udid), record.appId)}>{record.udid}</Link>
              )}
            </td>
            <td>{record.erased_by}</td>
            <td>
              {erasedCounts(record)}
              {record.finished ? null : <strong> so far, not finished: erase the device again</strong>}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
