// The log stream of an app, a session or a device, with its filters, volume, count, facets, live tail and export;
// or, with `around`, the lines around one log in the stream's place, under the same filters.
import { Link } from 'wouter';
import { searchNotes } from '../../explorer-contract/search-notes.ts';
import { API } from '../api.ts';
import { ColumnsControl } from '../logs/ColumnsControl.tsx';
import { Context } from '../logs/Context.tsx';
import { FacetPanel } from '../logs/FacetPanel.tsx';
import { filterQuery, appendWho } from '../logs/filter-params.ts';
import { Histogram } from '../logs/Histogram.tsx';
import { streamStatus, useLogCount } from '../logs/log-count.ts';
import { LogFilters } from '../logs/LogFilters.tsx';
import { SearchHighlight } from '../logs/Highlighted.tsx';
import { LogList } from '../logs/LogList.tsx';
import { SavedViews } from '../insight/SavedViews.tsx';
import { ScanNotice } from '../logs/ScanNotice.tsx';
import { SessionHeader } from '../logs/SessionHeader.tsx';
import { MAX_ROWS, useLogStream } from '../logs/use-log-stream.ts';
import { useTags } from '../kept-answers.ts';
import { useAppId } from '../use-app.ts';
import { useQuery, type QueryChange } from '../use-query.ts';

function Scope({ params, change }: { params: URLSearchParams; change(changes: Record<string, undefined>): void }) {
  const session = params.get('session');
  const device = params.get('device');
  if (!session && !device) return null;
  return (
    <p className="scope">
      {session ? (
        <span className="chip">
          Session <strong>{session}</strong>
          <button
            type="button"
            className="chip-remove"
            aria-label={`Show all sessions, not only ${session}`}
            onClick={() => change({ session: undefined })}
          >
            ×
          </button>
        </span>
      ) : null}
      {device ? (
        <span className="chip">
          Device <strong>{device}</strong>
          <button
            type="button"
            className="chip-remove"
            aria-label={`Show all devices, not only ${device}`}
            onClick={() => change({ device: undefined })}
          >
            ×
          </button>
        </span>
      ) : null}
    </p>
  );
}

function Stream({
  appId,
  params,
  change,
}: {
  appId: string;
  params: URLSearchParams;
  change(changes: QueryChange): void;
}) {
  const filters = filterQuery(params);
  const stream = useLogStream(appId, appendWho(filters, params));
  const count = useLogCount(appId, filters);
  const exportHref = (format: string) =>
    `${API}/apps/${encodeURIComponent(appId)}/logs/export?${filters}${filters ? '&' : ''}format=${format}`;
  return (
    <>
      <Histogram appId={appId} filters={filters} change={change} />
      <div className="stream-toolbar">
        <p className="muted" role="status" aria-live="polite">
          {streamStatus(stream, count)}
        </p>
        <button
          type="button"
          className={stream.tailing ? 'button button-primary' : 'button'}
          aria-pressed={stream.tailing}
          onClick={() => stream.setTailing(!stream.tailing)}
        >
          {stream.tailing ? 'Pause live tail' : 'Live tail'}
        </button>
        <ColumnsControl />
        <Link className="button" href={`/patterns?${params}`}>
          Patterns
        </Link>
        <a className="button" href={exportHref('ndjson')} download>
          Export NDJSON
        </a>
        <a className="button" href={exportHref('csv')} download>
          Export CSV
        </a>
      </div>
      {stream.error ? <p className="notice-error">{stream.error}</p> : null}
      {!stream.loading && !stream.error && stream.logs.length === 0 && stream.scan?.complete !== false ? (
        <div role="status" className="no-logs">
          <p className="muted">No logs match these filters.</p>
          {searchNotes(params).map((note) => (
            <p key={note} className="search-note">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      {stream.logs.length > 0 ? (
        <SearchHighlight q={params.get('q') ?? ''}>
          <LogList
            logs={stream.logs}
            appId={appId}
            more={stream.more && !stream.full}
            onEnd={stream.loadMore}
            busy={stream.replacing}
            label="Logs"
          />
        </SearchHighlight>
      ) : null}
      <ScanNotice stream={stream} />
      {stream.full ? (
        <p className="muted">
          The list holds at most {MAX_ROWS.toLocaleString('en')} logs: narrow the filters or the time range to go
          further.
        </p>
      ) : null}
    </>
  );
}

export function LogsPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const tags = useTags(appId);
  const around = params.get('around');
  return (
    <>
      <SavedViews appId={appId} />
      <LogFilters params={params} change={change} tags={tags} />
      <Scope params={params} change={change} />
      {params.get('session') ? <SessionHeader appId={appId} uid={params.get('session')!} /> : null}
      <div className="logs-with-facets">
        <div>
          {around ? (
            <Context appId={appId} id={around} params={params} change={change} />
          ) : (
            <Stream appId={appId} params={params} change={change} />
          )}
        </div>
        {around ? null : <FacetPanel appId={appId} filters={filterQuery(params)} />}
      </div>
    </>
  );
}
