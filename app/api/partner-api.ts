// The views' calls to the partner API: GET with `Authorization: Bearer <token>`, answer `{ status, data }`.
import { LOGIN_TIMEOUT_MS } from '../../portal/constants.ts';
import type { PartnerAnswer } from '../../portal/api.types.ts';

/** The service no longer accepts the token: the session is over. */
export class UnauthorizedError extends Error {
  constructor() {
    super('The partner session is no longer valid');
    this.name = 'UnauthorizedError';
  }
}

export async function fetchPartnerData<T>(
  apiHost: string,
  path: string,
  token: string,
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(LOGIN_TIMEOUT_MS);
  const response = await fetch(apiHost + path, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (response.status === 401) throw new UnauthorizedError();
  const body = (await response.json()) as PartnerAnswer<T>;
  if (!response.ok || body.status !== 'success') throw new Error(`Partner API ${path}: ${response.status}`);
  return body.data;
}
