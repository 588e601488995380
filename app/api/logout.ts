// Sign-out on the service: revokes the token, so a copy of it (another tab, a stolen localStorage) stops working.
// Best effort: the portal forgets the session whatever the answer, and an unreachable service only means the token
// lives until it expires.
import { LOGIN_TIMEOUT_MS } from '../../portal/constants.ts';
import { PARTNER_API } from '../../portal/api.types.ts';

export async function revokeToken(apiHost: string, token: string): Promise<void> {
  try {
    await fetch(apiHost + PARTNER_API.logout, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
      // The request survives the navigation that follows sign-out.
      keepalive: true,
    });
  } catch {
    // Offline or refused: nothing more to do here.
  }
}
