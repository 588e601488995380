// The log stream of an app, a session or a device, with its filters, live tail and export; or, with `around`,
// the lines around one log.
import { Link } from 'wouter';
import { API, type AroundLogs } from '../api.ts';
import { AroundView } from '../logs/AroundView.tsx';
import { filterQuery } from '../logs/filter-params.ts';
import { LogFilters } from '../logs/LogFilters.tsx';
import { SearchHighlight } from '../logs/Highlighted.tsx';
import { LogList } from '../logs/LogList.tsx';
import { SavedViews } from '../insight/SavedViews.tsx';
import { MAX_ROWS, useLogStream } from '../logs/use-log-stream.ts';
import { useAppId } from '../use-app.ts';
import { useJson } from '../use-json.ts';
import { href, useQuery } from '../use-query.ts';

function Around({ appId, id }: { appId: string; id: string }) {
  const around = useJson<AroundLogs>(`/apps/${encodeURIComponent(appId)}/logs/${encodeURIComponent(id)}/around?count=50`);
  return (
    <section aria-labelledby="around-title">
      <h2 id="around-title">Lines around the log</h2>
      <p>
        <Link href={href('/logs', appId)}>Back to the stream</Link>
      </p>
      {around.state === 'ready' ? (
        <>
          <p className="muted">
            Session <Link href={href('/logs', appId, { session: around.data.target.session_uid })}>{around.data.target.session_uid}</Link>
          </p>
          <AroundView around={around.data} appId={appId} label="Lines around the log" />
        </>
      ) : around.state === 'failed' ? (
        <p className="notice-error">{around.message}</p>
      ) : (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
    </section>
  );
}

function Scope({ params, change }: { params: URLSearchParams; change(changes: Record<string, undefined>): void }) {
  const session = params.get('session');
  const device = params.get('device');
  if (!session && !device) return null;
  return (
    <p className="scope">
      {session ? (
        <span className="chip">
          Session <strong>{session}</strong>
          <button type="button" className="chip-remove" aria-label={`Show all sessions, not only ${session}`} onClick={() => change({ session: undefined })}>
            ×
          </button>
        </span>
      ) : null}
      {device ? (
        <span className="chip">
          Device <strong>{device}</strong>
          <button type="button" className="chip-remove" aria-label={`Show all devices, not only ${device}`} onClick={() => change({ device: undefined })}>
            ×
          </button>
        </span>
      ) : null}
    </p>
  );
}

function Stream({ appId, params }: { appId: string; params: URLSearchParams }) {
  const filters = filterQuery(params);
  const stream = useLogStream(appId, filters);
  const exportHref = (format: string) => `${API}/apps/${encodeURIComponent(appId)}/logs/export?${filters}${filters ? '&' : ''}format=${format}`;
  return (
    <>
      <div className="stream-toolbar">
        <p className="muted" role="status" aria-live="polite">
          {stream.error
            ? ''
            : stream.loading && stream.logs.length === 0
              ? 'Loading…'
              : `${stream.logs.length.toLocaleString('en')}${stream.more ? '+' : ''} logs${stream.tailing ? `, ${stream.arrived.toLocaleString('en')} new while tailing` : ''}`}
        </p>
        <button type="button" className={stream.tailing ? 'button button-primary' : 'button'} aria-pressed={stream.tailing} onClick={() => stream.setTailing(!stream.tailing)}>
          {stream.tailing ? 'Pause live tail' : 'Live tail'}
        </button>
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
      {!stream.loading && !stream.error && stream.logs.length === 0 ? <p className="muted">No logs match these filters.</p> : null}
      {stream.logs.length > 0 ? (
        <SearchHighlight q={params.get('q') ?? ''}>
          <LogList logs={stream.logs} appId={appId} more={stream.more && !stream.full} onEnd={stream.loadMore} label="Logs" />
        </SearchHighlight>
      ) : null}
      {stream.full ? <p className="muted">The list holds at most {MAX_ROWS.toLocaleString('en')} logs: narrow the filters or the time range to go further.</p> : null}
    </>
  );
}

export function LogsPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const tags = useJson<string[]>(`/apps/${encodeURIComponent(appId)}/tags`);
  const around = params.get('around');
  if (around) return <Around appId={appId} id={around} />;
  return (
    <>
      <SavedViews appId={appId} />
      <LogFilters params={params} change={change} tags={tags.state === 'ready' ? tags.data : []} />
      <Scope params={params} change={change} />
      <Stream appId={appId} params={params} />
    </>
  );
}
