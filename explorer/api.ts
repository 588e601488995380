// The explorer's calls to its API (server/explorer/api.ts; its answers are explorer-contract/api.types.ts). A 401
// means the sign-in is missing or over: the page goes to the sign-in, which brings it back here afterwards.
import { EXPLORER_API as API } from '../explorer-contract/api.types.ts';

export type * from '../explorer-contract/api.types.ts';
export type * from '../explorer-contract/insight.types.ts';
export type * from '../explorer-contract/stack-frames.types.ts';
export { ADMIN_VIEWER } from '../explorer-contract/insight.types.ts';
export { API };

/** A device's copy, and every device of a user's, downloaded by a link (docs/privacy.md#a-copy-of-a-device). */
export const deviceCopyHref = (appId: string, udid: string) =>
  `${API}/apps/${encodeURIComponent(appId)}/devices/${encodeURIComponent(udid)}/copy`;
export const userCopyHref = (value: string) => `${API}/identity/copy?${new URLSearchParams({ value })}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let onSignInRequired: () => void = () => {};
/** What to do when the API answers 401 (the app sets it to go to the sign-in). */
export function setSignInRequired(handler: () => void): void {
  onSignInRequired = handler;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(`${API}${path}`, { signal, headers: { Accept: 'application/json' } });
  if (response.status === 401) {
    onSignInRequired();
    throw new ApiError(401, 'Sign-in required.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, body.error ?? `The service answered ${response.status}.`);
  }
  return (await response.json()) as T;
}

export async function postJson<T>(
  path: string,
  body: unknown,
  method: 'POST' | 'DELETE' = 'POST',
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

/** The message of a refused change, for the page to show. */
export const refusal = (answer: { status: number; body: unknown }) =>
  (answer.body as { error?: string }).error ?? `The service answered ${answer.status}.`;
