// The log stream of an app, a session or a device, with its filters, volume, count, facets, live tail and export,
// and beside it the chosen log (docs/explorer.md#the-screen); a session read oldest first, with a time to jump to;
// or, with `around`, the lines around one log in the stream's place, under the same filters.
import { useFollowing } from '../use-following.ts';
import { Link } from 'wouter';
import { searchNotes } from '../../explorer-contract/search-notes.ts';
import { API } from '../api.ts';
import { ColumnsControl } from '../logs/ColumnsControl.tsx';
import { Context } from '../logs/Context.tsx';
import { FacetPanel } from '../logs/FacetPanel.tsx';
import { filterQuery, appendWho } from '../logs/filter-params.ts';
import { Histogram } from '../logs/Histogram.tsx';
import { FieldCounts } from '../logs/FieldCounts.tsx';
import { streamStatus, useLogCount } from '../logs/log-count.ts';
import { LogFilters } from '../logs/LogFilters.tsx';
import { SearchHighlight } from '../logs/Highlighted.tsx';
import { LogList } from '../logs/LogList.tsx';
import { LogPanel } from '../logs/LogPanel.tsx';
import { jumpOf, oldestFirst, SessionReading } from '../logs/SessionReading.tsx';
import { SavedViews } from '../insight/SavedViews.tsx';
import { AlertList } from '../insight/AlertList.tsx';
import { ScopeChip } from '../ScopeChip.tsx';
import { ScanNotice } from '../logs/ScanNotice.tsx';
import { SessionHeader } from '../logs/SessionHeader.tsx';
import { MAX_ROWS, useLogStream } from '../logs/use-log-stream.ts';
import { useTags } from '../kept-answers.ts';
import { useAppId } from '../use-app.ts';
import { useQuery, type QueryChange } from '../use-query.ts';

/** The device a stream is narrowed to, with the way back to every device (a session's header has its own). */
function Scope({ params, change }: { params: URLSearchParams; change(changes: Record<string, undefined>): void }) {
  const device = params.get('device');
  if (!device) return null;
  return (
    <ScopeChip
      title="Device"
      value={device}
      removeLabel={`Show all devices, not only ${device}`}
      onRemove={() => change({ device: undefined })}
    />
  );
}

/** Stream parameters that are not filters: how the list reads, not what it holds. */
const READING = ['order', 'at'];

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
  const session = params.get('session');
  const oldest = oldestFirst(params);
  const jump = session ? jumpOf(params) : undefined;
  const stream = useLogStream(appId, appendWho(filters, params), { oldestFirst: oldest, jump });
  const count = useLogCount(appId, filters);
  // A jump chooses the log it landed on; new filters, a log that is no longer listed.
  const [chosen, setChosen] = useFollowing<number | undefined>(String(stream.landed), () => stream.landed);
  const chosenLog = chosen === undefined ? undefined : stream.logs.find((log) => log.id === chosen);
  const exportHref = (format: string) =>
    `${API}/apps/${encodeURIComponent(appId)}/logs/export?${filters}${filters ? '&' : ''}format=${format}`;
  const tailable = !oldest && jump === undefined;
  return (
    <>
      <div className="stream-main">
        <Histogram appId={appId} filters={filters} change={change} />
        <div className="stream-toolbar">
          <p className="muted" role="status" aria-live="polite">
            {streamStatus(stream, count)}
            {stream.replacing && stream.logs.length > 0 ? <span className="busy-note"> · updating…</span> : null}
          </p>
          {tailable ? (
            <button
              type="button"
              className={stream.tailing ? 'button button-primary' : 'button'}
              aria-pressed={stream.tailing}
              onClick={() => stream.setTailing(!stream.tailing)}
            >
              {stream.tailing ? 'Pause live tail' : 'Live tail'}
            </button>
          ) : null}
          <SavedViews appId={appId} inline />
          <AlertList appId={appId} />
          <ColumnsControl />
          <Link className="button" href={`/patterns?${withoutReading(params)}`}>
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
        {stream.moreAbove ? (
          <button type="button" className="button load-above" disabled={stream.loading} onClick={stream.loadAbove}>
            {oldest ? 'Load older' : 'Load newer'}
          </button>
        ) : null}
        {!stream.loading && !stream.error && stream.logs.length === 0 && stream.scan?.complete !== false ? (
          <div role="status" className="no-logs">
            <p className="muted">
              {jump === undefined ? 'No logs match these filters.' : 'No log at or after that time.'}
            </p>
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
              chosen={chosenLog?.id}
              onChoose={setChosen}
              landed={stream.landed}
            />
          </SearchHighlight>
        ) : null}
        {stream.more && !stream.full && stream.logs.length > 0 ? (
          <button type="button" className="button load-below" disabled={stream.loading} onClick={stream.loadMore}>
            {oldest ? 'Load newer' : 'Load older'}
          </button>
        ) : null}
        <ScanNotice stream={stream} />
        {stream.full ? (
          <p className="muted">
            The list holds at most {MAX_ROWS.toLocaleString('en')} logs: narrow the filters or the time range to go
            further.
          </p>
        ) : null}
      </div>
      <div className="stream-side">
        {chosenLog ? (
          <SearchHighlight q={params.get('q') ?? ''}>
            <LogPanel log={chosenLog} appId={appId} close={() => setChosen(undefined)} />
          </SearchHighlight>
        ) : null}
        {/* Beside the list, not above it: the list keeps the screen's height (docs/explorer.md#the-screen). */}
        <FieldCounts appId={appId} filters={filters} />
        <FacetPanel appId={appId} filters={filters} />
      </div>
    </>
  );
}

/** The view's filters without how its list reads. */
function withoutReading(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams(params);
  for (const name of READING) kept.delete(name);
  return kept;
}

export function LogsPage() {
  const appId = useAppId()!;
  const [params, change] = useQuery();
  const tags = useTags(appId);
  const around = params.get('around');
  return (
    <>
      <LogFilters params={params} change={change} tags={tags} />
      <Scope params={params} change={change} />
      {params.get('session') ? (
        <SessionHeader
          appId={appId}
          uid={params.get('session')!}
          close={() => change({ session: undefined, order: undefined, at: undefined })}
        >
          {around ? null : <SessionReading params={params} change={change} />}
        </SessionHeader>
      ) : null}
      <div className="logs-with-facets">
        {around ? (
          <div>
            <Context appId={appId} id={around} params={params} change={change} />
          </div>
        ) : (
          <Stream appId={appId} params={params} change={change} />
        )}
      </div>
    </>
  );
}
