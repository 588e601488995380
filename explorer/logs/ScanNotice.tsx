// Under a search holding a fragment whose page ended on its budget (docs/explorer.md#fragments): how far back it read
// and how many logs, and "search further" to read on from there. The list does not read on by itself: each further
// read costs a budget of its own.
import { absoluteTime, isoTime } from '../format.ts';
import { useZone } from '../time-zone.ts';
import type { LogStream } from './use-log-stream.ts';

export function ScanNotice({ stream }: { stream: LogStream }) {
  const zone = useZone();
  const scan = stream.scan;
  if (!scan || scan.complete || scan.scannedTo === null || stream.full) return null;
  return (
    <p className="muted scan-notice">
      Searched back to <time dateTime={isoTime(scan.scannedTo)}>{absoluteTime(scan.scannedTo, zone)}</time> (
      {scan.scanned.toLocaleString('en')} logs);{' '}
      <button type="button" className="scan-further" onClick={stream.searchFurther} disabled={stream.loading}>
        search further
      </button>
    </p>
  );
}
