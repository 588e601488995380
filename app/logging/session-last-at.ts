// The highest `at` a page of this tab's session used, kept in sessionStorage as the page goes away, so that the
// next page of the session (a reload) starts above it even if the engine's stored record of the session is
// gone by then (docs/durability.md). The engine keeps `at` increasing per session in any case.
const KEY = 'bf_session_last_at';

export function saveSessionLastAt(at: number): void {
  try {
    sessionStorage.setItem(KEY, String(at));
  } catch {
    // No sessionStorage: the engine's record of the session is all there is.
  }
}

export function loadSessionLastAt(): number | undefined {
  try {
    const at = Number(sessionStorage.getItem(KEY) ?? NaN);
    return Number.isFinite(at) ? at : undefined;
  } catch {
    return undefined;
  }
}
