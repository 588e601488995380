// The page's URL for each log line. Reading `location.href` costs about 1 µs in Chromium, as much as the
// rest of a log call; where the Navigation API reports every change of URL (pushState, replaceState,
// hash changes, traversals), the URL is read once per change instead of once per call.

interface NavigationLike extends EventTarget {
  currentEntry?: unknown;
}

/** The page's current URL, and news of its changes where the browser gives them. */
export interface PageURL {
  read(): unknown;
  /** Calls `changed` whenever the URL changes, synchronously, before the change returns (pushState, a hash
   * assignment); false where the browser cannot tell, and then the URL must be read for every call. */
  watch(changed: () => void): boolean;
}

export function createPageURL(): PageURL {
  const navigation = (globalThis as { navigation?: NavigationLike }).navigation;
  return {
    read: () => location.href,
    watch(changed) {
      // A page's own global named `navigation` is not the API.
      if (typeof navigation?.addEventListener !== 'function') return false;
      navigation.addEventListener('currententrychange', changed);
      return true;
    },
  };
}
