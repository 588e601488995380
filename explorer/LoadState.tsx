// What a view shows while its data loads, or when it could not: the same words and roles on every page, so a screen
// reader hears "Loading…" as a status and a failure as what it is.
import type { Loaded } from './use-json.ts';

export function LoadState({ loaded }: { loaded: Loaded<unknown> }) {
  if (loaded.state === 'failed') return <p className="notice-error">{loaded.message}</p>;
  if (loaded.state === 'loading')
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  return null;
}
