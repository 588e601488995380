// Who is signed in and which apps there are: asked once after sign-in, shared by every view.
import { createStore, useStore } from 'zustand';
import { getJson, type ExplorerApp } from './api.ts';

interface ViewerState {
  status: 'unknown' | 'signed-in' | 'signed-out';
  name: string;
  apps: ExplorerApp[];
  /** Asks the API who is signed in (a 401 means no one) and, if someone is, the apps. */
  check(): Promise<void>;
  signedOut(): void;
}

export const viewerStore = createStore<ViewerState>()((set) => ({
  status: 'unknown',
  name: '',
  apps: [],
  async check() {
    try {
      const me = await getJson<{ name: string | null }>('/viewer');
      if (me.name === null) return set({ status: 'signed-out', name: '', apps: [] });
      const apps = await getJson<ExplorerApp[]>('/apps');
      set({ status: 'signed-in', name: me.name, apps });
    } catch {
      set({ status: 'signed-out', name: '', apps: [] });
    }
  },
  signedOut() {
    set({ status: 'signed-out', name: '', apps: [] });
  },
}));

export function useViewer<T>(select: (state: ViewerState) => T): T {
  return useStore(viewerStore, select);
}
