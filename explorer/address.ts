// How ids go into the page's address and come out of it: encoded once (encodeURIComponent, as a path segment or by
// URLSearchParams) and decoded once. wouter 3 runs decodeURI over the address before it matches routes and before
// useSearch answers (molefrog/wouter#493), which decodes some escapes (a space, letters beyond ASCII, %25) but not
// those of reserved characters (%2F, %3F, %40, …): a udid `user@example.com` came out of the route as
// `user%40example.com`, the page encoded that again, and the API found no such device. So the router reads the
// address with every '%' escaped, which wouter's decodeURI undoes exactly, and a route's id is decoded here, once.
import { useBrowserLocation, useSearch } from 'wouter/use-browser-location';

const escapePercents = (text: string) => text.replaceAll('%', '%25');

/** The router's location hook: the path as the browser holds it (ids encoded once). */
export function useAddressPath(): ReturnType<typeof useBrowserLocation> {
  const [path, navigate] = useBrowserLocation();
  return [escapePercents(path), navigate];
}

/** The router's search hook: the query string as the browser holds it, for URLSearchParams to decode once. */
export const useAddressSearch = (): string => escapePercents(useSearch());

/** A route's parameter (an id as its path segment holds it) to the id. */
export function idParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Not an escape this page made (a hand-typed '%'): the text as it stands.
    return segment;
  }
}

/** The paths of the views that name an id in their path. */
export const devicePath = (udid: string) => `/devices/${encodeURIComponent(udid)}`;
export const issuePath = (uid: string) => `/issues/${encodeURIComponent(uid)}`;
