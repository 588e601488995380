// The portal's one session store and its React hook. Other tabs signing in or out are followed.
import { useStore } from 'zustand';
import { createSessionStore, type SessionState } from './session-store.ts';

export const sessionStore = createSessionStore();

addEventListener('storage', (event) => {
  if (event.storageArea === localStorage) sessionStore.getState().reload();
});

export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(sessionStore, select);
}
