// A long line's "show all": lists send a log's text cut (docs/explorer-views.md#long-lines); this fetches the whole
// text only when asked, and shows it under the row, the search's hits and redaction marks as in the cut text.
import { useState } from 'react';
import type { ExplorerLog } from '../api.ts';
import { API, ApiError } from '../api.ts';
import { Highlighted } from './Highlighted.tsx';

const COUNT = new Intl.NumberFormat('en-US');

export function ShowAll({ log, appId }: { log: ExplorerLog; appId: string }) {
  const [whole, setWhole] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | string>('idle');
  if (log.t_length == null) return null;
  if (whole !== null)
    return (
      <div className="log-whole-text" aria-label="Whole text">
        <Highlighted text={whole} />
      </div>
    );
  const load = async () => {
    setState('loading');
    try {
      const response = await fetch(`${API}/apps/${encodeURIComponent(appId)}/logs/${log.id}/text`);
      if (!response.ok) throw new ApiError(response.status, `The service answered ${response.status}.`);
      setWhole(await response.text());
    } catch (error) {
      setState(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      <button type="button" className="show-all" disabled={state === 'loading'} onClick={() => void load()}>
        … show all ({COUNT.format(log.t_length)} characters)
      </button>
      {state !== 'idle' && state !== 'loading' ? (
        <span role="alert" className="error">
          {state}
        </span>
      ) : null}
    </>
  );
}
