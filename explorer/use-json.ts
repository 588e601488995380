// One API read for a component: refetched when its path changes, abandoned when the component goes.
import { useEffect, useState } from 'react';
import { getJson } from './api.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

/** `version`: a change reads the path again (after the page changed what it shows). */
export function useJson<T>(path: string | null, version = 0): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const abort = new AbortController();
    setLoaded({ state: 'loading' });
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
