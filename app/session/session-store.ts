// The partner session (docs/portal.md#session): token_id, token and token_date, each under its own localStorage key,
// mirrored in a zustand store so that the routes re-render when it changes.
import { createStore } from 'zustand/vanilla';
import { isExpired, tokenDate } from './token-date.ts';

const SESSION_KEYS = { id: 'token_id', token: 'token', date: 'token_date' } as const;

interface StoredSession {
  id: string;
  token: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface SessionState {
  session: StoredSession | null;
  signIn(id: number | string, token: string, remember: boolean): void;
  signOut(): void;
  /** Re-reads localStorage (another tab signed in or out). */
  reload(): void;
}

function read(storage: Storage): StoredSession | null {
  const id = storage.getItem(SESSION_KEYS.id);
  const token = storage.getItem(SESSION_KEYS.token);
  const date = storage.getItem(SESSION_KEYS.date);
  return id !== null && token ? { id, token, date: date ?? '' } : null;
}

export function createSessionStore(storage: Storage = localStorage) {
  return createStore<SessionState>()((set) => ({
    session: read(storage),
    signIn(id, token, remember) {
      const session = { id: String(id), token, date: tokenDate(new Date(), remember) };
      storage.setItem(SESSION_KEYS.id, session.id);
      storage.setItem(SESSION_KEYS.token, session.token);
      storage.setItem(SESSION_KEYS.date, session.date);
      set({ session });
    },
    signOut() {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
      set({ session: null });
    },
    reload() {
      set({ session: read(storage) });
    },
  }));
}

/** The session if it is present and its token_date has not passed; an expired one counts as absent. */
export function validSession(session: StoredSession | null, now = new Date()): StoredSession | null {
  return session && !isExpired(session.date, now) ? session : null;
}
