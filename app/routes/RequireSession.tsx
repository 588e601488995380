// Guards the five views (docs/portal.md#routes): without a stored, unexpired token the partner goes to '/'.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { validSession } from '../session/session-store.ts';
import { useSession } from '../session/session.ts';

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession((state) => validSession(state.session));
  return session ? <>{children}</> : <Redirect to="/" replace />;
}
