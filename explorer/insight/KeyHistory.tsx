// A device's key history (docs/explorer.md#device-key-history): every change of its keys, oldest first, each with
// the value before it and a link to the device's lines around that moment in the stream; a key set again to the value
// it had is no change, and the service leaves it out.
import { Link } from 'wouter';
import type { KeyHistoryEntry } from '../api.ts';
import { absoluteTime } from '../format.ts';
import { Results } from '../Results.tsx';
import { useJson } from '../use-json.ts';
import { href } from '../use-query.ts';
import { TableHead } from '../TableHead.tsx';

/** The stream's window around a change: what the device logged just before and just after it. */
const AROUND_CHANGE_MS = 5 * 60_000;

const shown = (value: KeyHistoryEntry['value']) => (value === null ? '(none)' : JSON.stringify(value));

export function KeyHistory({ appId, udid }: { appId: string; udid: string }) {
  const history = useJson<KeyHistoryEntry[]>(
    `/apps/${encodeURIComponent(appId)}/devices/${encodeURIComponent(udid)}/key-history`,
  );
  return (
    <Results loaded={history} items={(data) => data} empty="No key was ever set.">
      {(changes) => (
        <table className="table key-history-table">
          <caption>
            Oldest first, as the collector received them; a key set again to the value it had is left out
          </caption>
          <TableHead columns={['Received', 'Key', 'Before', 'After', { label: 'Lines around', hidden: true }]} />
          <tbody>
            {changes.map((change, i) => {
              const at = Date.parse(change.received_at);
              return (
                <tr key={i}>
                  <td className="nowrap">{absoluteTime(at)}</td>
                  <td>{change.key}</td>
                  <td className="mono">{shown(change.previous)}</td>
                  <td className="mono">{change.value === null ? '(removed)' : shown(change.value)}</td>
                  <td>
                    <Link
                      href={href('/logs', appId, {
                        device: udid,
                        from: new Date(at - AROUND_CHANGE_MS).toISOString(),
                        to: new Date(at + AROUND_CHANGE_MS).toISOString(),
                      })}
                      aria-label={`Lines around the change of ${change.key} at ${absoluteTime(at)}`}
                    >
                      Lines around
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Results>
  );
}
