// One API read for a component: refetched when its path changes, abandoned when the component goes.
import { useEffect, useState } from 'react';
import { getJson } from './api.ts';

/** While a new path loads, `previous` is the last answer shown, so that a view can keep it (marked as loading)
 * rather than blank it on every change of a filter. */
export type Loaded<T> =
  | { state: 'loading'; previous?: T }
  | { state: 'ready'; data: T }
  | { state: 'failed'; message: string };

/** The answer to show: the one loaded, or while the next loads, the one before. */
export const shownData = <T>(loaded: Loaded<T>): T | undefined =>
  loaded.state === 'ready' ? loaded.data : loaded.state === 'loading' ? loaded.previous : undefined;

/** `version`: a change reads the path again (after the page changed what it shows). */
export function useJson<T>(path: string | null, version = 0): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    setLoaded((current) => ({ state: 'loading', previous: shownData(current) }));
    getJson<T>(path, abort.signal).then(
      (data) => setLoaded({ state: 'ready', data }),
      (error: unknown) => {
        if (!abort.signal.aborted)
          setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => abort.abort();
  }, [path, version]);
  return loaded;
}
