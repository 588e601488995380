// The login call (docs/portal.md#login-screen): POST {api-host}/mobile/api/v1/partner/auth/ with a 10 s timeout.
import { LOGIN_TIMEOUT_MS } from '../../portal/constants.ts';
import { PARTNER_API, type AuthFailureField, type AuthRequest } from '../../portal/api.types.ts';

type LoginResult =
  | { kind: 'success'; token: string; id: number }
  | { kind: 'failure'; fields: AuthFailureField | null; message: string }
  /** No answer within the timeout, a network error, or an answer that is not the API's JSON. */
  | { kind: 'unreachable' };

const FAILURE_FIELDS: readonly string[] = ['email', 'password', 'both'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the answer's fields the portal relies on (docs/portal.md#login-screen): status, data.token, data.id, meta
 * (or data.meta). */
function readAuthAnswer(body: unknown): LoginResult {
  if (!isRecord(body)) return { kind: 'unreachable' };
  const { status, data } = body;
  if (status === 'success' && isRecord(data) && typeof data.token === 'string' && data.token !== '') {
    return { kind: 'success', token: data.token, id: Number(data.id) };
  }
  if (status === 'failure') {
    const meta =
      typeof body.meta === 'string' ? body.meta : isRecord(data) && typeof data.meta === 'string' ? data.meta : '';
    const field = isRecord(data) ? data.field : data;
    return {
      kind: 'failure',
      fields: typeof field === 'string' && FAILURE_FIELDS.includes(field) ? (field as AuthFailureField) : null,
      message: meta,
    };
  }
  return { kind: 'unreachable' };
}

export async function login(apiHost: string, credentials: AuthRequest): Promise<LoginResult> {
  try {
    const response = await fetch(apiHost + PARTNER_API.auth, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
      signal: AbortSignal.timeout(LOGIN_TIMEOUT_MS),
    });
    // A refusal may come with any status (200 or 4xx); the JSON body decides.
    return readAuthAnswer(await response.json());
  } catch {
    return { kind: 'unreachable' };
  }
}
