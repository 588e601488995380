// Which zone the explorer writes times in: the viewer's own, or UTC. A preference of the viewer's, kept in this
// browser, not in the address: the times a link carries are absolute (ISO, UTC), so a shared link names the same
// moments in any zone (docs/explorer-views.md#time).
import { createStore, useStore } from 'zustand';

/** The viewer's time zone ('local') or UTC. */
export type Zone = 'local' | 'utc';

const KEY = 'sidelog-explorer-zone';

function stored(): Zone {
  try {
    return localStorage.getItem(KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local';
  }
}

export const zoneStore = createStore<{ zone: Zone; setZone(zone: Zone): void }>()((set) => ({
  zone: stored(),
  setZone(zone) {
    try {
      localStorage.setItem(KEY, zone);
    } catch {
      // Storage refused (a private window's quota): the choice lasts as long as the page.
    }
    set({ zone });
  },
}));

export const useZone = (): Zone => useStore(zoneStore, (state) => state.zone);
