// The lines around one log, in place of the stream and under its filters: newest first, as the stream is, and
// extended up (newer) and down (older) by CONTEXT_STEP lines at a time. How far it reaches is in the address
// (`around`, `newer`, `older`), so a link or a reload opens the same context (docs/explorer-views.md#context).
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AROUND_MAX } from '../../explorer-contract/api.types.ts';
import type { AroundLogs } from '../api.ts';
import { useJson } from '../use-json.ts';
import { href, withChanges, type QueryChange } from '../use-query.ts';
import { AroundView } from './AroundView.tsx';
import { appendWho } from './filter-params.ts';

const CONTEXT_STEP = 25;

/** How many lines one side of the context reaches, from the address. */
function reach(value: string | null): number {
  const lines = Number(value);
  return value !== null && Number.isSafeInteger(lines) && lines >= 0 ? Math.min(lines, AROUND_MAX) : CONTEXT_STEP;
}

/** One side's button to reach CONTEXT_STEP lines further, or why there is none. */
function Extend({
  side,
  reached,
  more,
  change,
}: {
  side: 'older' | 'newer';
  reached: number;
  more: boolean;
  change(changes: QueryChange): void;
}) {
  if (more && reached < AROUND_MAX) {
    return (
      <p>
        <button
          type="button"
          className="button"
          onClick={() => change({ [side]: String(Math.min(reached + CONTEXT_STEP, AROUND_MAX)) })}
        >
          Show {CONTEXT_STEP} {side} lines
        </button>
      </p>
    );
  }
  return (
    <p className="muted">
      {more
        ? `More ${side} lines: open the session to see them.`
        : `The session’s ${side === 'older' ? 'oldest' : 'newest'} line.`}
    </p>
  );
}

export function Context({
  appId,
  id,
  params,
  change,
}: {
  appId: string;
  id: string;
  params: URLSearchParams;
  change(changes: QueryChange): void;
}) {
  const [location] = useLocation();
  const older = reach(params.get('older'));
  const newer = reach(params.get('newer'));
  const loaded = useJson<AroundLogs>(
    `/apps/${encodeURIComponent(appId)}/logs/${encodeURIComponent(id)}/around?${appendWho(`older=${older}&newer=${newer}`, params)}`,
  );
  // The lines already shown stay while a longer context loads, so that extending it keeps the reader's place.
  const [shown, setShown] = useState<AroundLogs | null>(null);
  useEffect(() => {
    if (loaded.state === 'ready') setShown(loaded.data);
  }, [loaded]);
  const around = shown && String(shown.target.id) === id ? shown : null;
  const back = withChanges(params.toString(), { around: undefined, older: undefined, newer: undefined }).toString();
  return (
    <section aria-labelledby="around-title">
      <h2 id="around-title">Lines around the log</h2>
      <p>
        <Link href={`${location}?${back}`}>Back to the stream</Link>
        {around ? (
          <span className="muted">
            {' '}
            · Session{' '}
            <Link href={href('/logs', appId, { session: around.target.session_uid })}>{around.target.session_uid}</Link>
          </span>
        ) : null}
      </p>
      {loaded.state === 'failed' ? <p className="notice-error">{loaded.message}</p> : null}
      {around ? (
        <>
          <Extend side="newer" reached={newer} more={around.moreNewer} change={change} />
          <AroundView around={around} appId={appId} label="Lines around the log" newestFirst />
          <Extend side="older" reached={older} more={around.moreOlder} change={change} />
        </>
      ) : loaded.state === 'loading' ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : null}
    </section>
  );
}
