// An opened log's ways on: the lines around it in the stream's place (its own link, which Enter on a chosen row
// follows), its session, its device, and its fields to filter by or hide; then the log itself as pretty-printed JSON.
// The same under a row opened in place (the lines around a log) and in the panel beside the stream.
import { Link, useSearch } from 'wouter';
import type { ExplorerLog } from '../api.ts';
import { devicePath } from '../address.ts';
import { href, withChanges } from '../use-query.ts';
import { LogPlace } from './LogPlace.tsx';
import { RowRefine } from './RowRefine.tsx';

/** The log's own address: the lines around it, the view's filters kept, so that Back returns to them
 * (docs/explorer-views.md#context). */
export const aroundHref = (search: string, appId: string, log: ExplorerLog) =>
  `/logs?${withChanges(search, { app: appId, around: String(log.id), older: undefined, newer: undefined, at: undefined })}`;

export function LogActions({ log, appId }: { log: ExplorerLog; appId: string }) {
  const search = useSearch();
  return (
    <>
      <div className="actions">
        <Link className="button" href={aroundHref(search, appId, log)}>
          Lines around
        </Link>
        <Link className="button" href={href('/logs', appId, { session: log.session_uid })}>
          Session
        </Link>
        <Link className="button" href={href(devicePath(log.udid), appId)}>
          Device
        </Link>
      </div>
      <RowRefine log={log} />
      <LogPlace log={log} appId={appId} />
      {/* Focusable: in the panel it scrolls, and a keyboard must reach what it holds. */}
      <pre className="log-json" tabIndex={0}>
        {JSON.stringify(log, null, 2)}
      </pre>
    </>
  );
}
