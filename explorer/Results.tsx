// A list read from the API: its loading state or failure, a line when it is empty, else what the page makes of it.
import type { ReactNode } from 'react';
import { LoadState } from './LoadState.tsx';
import type { Loaded } from './use-json.ts';

export function Results<T, Item>({
  loaded,
  items,
  empty,
  children,
}: {
  loaded: Loaded<T>;
  items: (data: T) => readonly Item[];
  empty: string;
  children: (items: readonly Item[], data: T) => ReactNode;
}) {
  if (loaded.state !== 'ready') return <LoadState loaded={loaded} />;
  const list = items(loaded.data);
  return list.length === 0 ? <p className="muted">{empty}</p> : <>{children(list, loaded.data)}</>;
}
