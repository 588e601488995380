// Loads one partner API resource for a view. A 401 ends the session, which sends the partner to '/'.
import { useEffect, useState } from 'react';
import { fetchPartnerData, UnauthorizedError } from '../api/partner-api.ts';
import { config } from '../config.ts';
import { sessionStore, useSession } from '../session/session.ts';

export type PartnerData<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error' };

export function usePartnerData<T>(path: string): PartnerData<T> {
  const token = useSession((state) => state.session?.token);
  const [result, setResult] = useState<PartnerData<T>>({ state: 'loading' });
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setResult({ state: 'loading' });
    fetchPartnerData<T>(config.apiHost, path, token, controller.signal).then(
      (data) => setResult({ state: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof UnauthorizedError) sessionStore.getState().signOut();
        else setResult({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [path, token]);
  return result;
}
