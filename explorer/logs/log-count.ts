// The stream's status line: how many logs the view matches, counted by the service (exact, or past COUNT_CAP
// "100,000+" for a view the rollup cannot count), while the stream shows them page by page (docs/volume-and-counts.md#counts).
import type { LogCount } from '../api.ts';
import { shownData, useJson } from '../use-json.ts';
import type { LogStream } from './use-log-stream.ts';

/** "1 log", "12 logs", "100,000+ logs". */
function logsText(count: number, more = false): string {
  return `${count.toLocaleString('en')}${more ? '+' : ''} ${count === 1 && !more ? 'log' : 'logs'}`;
}

export function useLogCount(appId: string, filters: string): LogCount | undefined {
  const count = useJson<LogCount>(`/apps/${encodeURIComponent(appId)}/logs/count?${filters}`);
  // While the next view's count is read, the one shown stays (beside the rows that stay too).
  return shownData(count);
}

/** What the status line says: the count once the service has given it (with what the tail has added since), till
 * then what the stream holds. */
export function streamStatus(stream: LogStream, count: LogCount | undefined): string {
  if (stream.error) return '';
  if (stream.loading && stream.logs.length === 0) return 'Loading…';
  const matched = count
    ? logsText(count.count + stream.arrived, count.capped)
    : logsText(stream.logs.length, stream.more);
  return `${matched}${stream.tailing ? `, ${stream.arrived.toLocaleString('en')} new while tailing` : ''}`;
}
