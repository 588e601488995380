// The view's state lives in the address (so every view is a link someone can share): read the query string, and
// change some of its parameters while keeping the others.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export type QueryChange = Record<string, string | string[] | undefined | null>;

export function withChanges(search: string, changes: QueryChange): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    params.delete(name);
    if (Array.isArray(value)) for (const item of value) params.append(name, item);
    else if (value !== undefined && value !== null && value !== '') params.set(name, value);
  }
  return params;
}

export function useQuery(): [
  URLSearchParams,
  (changes: QueryChange, options?: { replace?: boolean; path?: string }) => void,
] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const change = useCallback(
    (changes: QueryChange, options: { replace?: boolean; path?: string } = {}) => {
      const next = withChanges(search, changes).toString();
      navigate(`${options.path ?? location}${next ? `?${next}` : ''}`, { replace: options.replace });
    },
    [search, location, navigate],
  );
  return [params, change];
}

/** A field's text as it is typed, starting from the address's `name` and following it when that parameter changes
 * (another one changing, as a choice that applies at once, keeps what is typed and not yet applied). */
export function useDraft(params: URLSearchParams, name: string): [string, (text: string) => void] {
  const applied = params.get(name) ?? '';
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  return [draft, setDraft];
}

/** A link's href to `path` with the current app kept and `params` set. */
export function href(path: string, appId: string, params: Record<string, string | undefined> = {}): string {
  const query = withChanges('', { app: appId, ...params }).toString();
  return `${path}?${query}`;
}
