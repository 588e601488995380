// Finding a user across apps (docs/explorer.md#finding-a-user-across-apps): `GET identity?value=` looks the value up
// by each readable app's own identity key and answers, app by app, the devices whose key holds it now. What the
// page and the service both read: the answer's shape, a page's size, and which values are refused.
import type { DeviceKeyValue } from '../protocol/records.types.ts';
import { FIELD_CAPS } from '../protocol/limits.ts';

/** The path under EXPLORER_API. */
export const IDENTITY_SEARCH_PATH = '/identity';
/** The devices an app lists by default, and at most (`limit=`): a page, with `more` when the app has more. */
export const IDENTITY_PAGE = 20;
export const MAX_IDENTITY_PAGE = 100;

/** A device whose identity key holds the value: who (the key's value, as the device set it), its sessions, its
 * last log's own time (null before any log) and the app version of its latest session. */
export interface IdentityDevice {
  udid: string;
  name: string;
  who: DeviceKeyValue;
  sessions: number;
  last_at: number | null;
  version: string | null;
}

/** One readable app: searched by its identity key, or listed as not searched when it has none. */
export type IdentityApp = { key: string; appId: string } & (
  | { identityKey: string; devices: IdentityDevice[]; more: boolean }
  | { identityKey: null }
);

/** `GET identity?value=`: every app the viewer may read, those with a match first, then those searched without
 * one, then those with no identity key; each group by key. */
export interface IdentitySearch {
  value: string;
  apps: IdentityApp[];
}

/** Why `value` cannot be looked up, or undefined when it can: a device key's value, not empty, without NUL (which
 * neither store can hold). */
export function identityValueProblem(value: string | null): string | undefined {
  if (value === null || value.trim() === '') return `'value' must be the user's value of the identity key`;
  if (value.length > FIELD_CAPS.deviceKeyValue)
    return `'value' is longer than a device key's value can be (${FIELD_CAPS.deviceKeyValue} characters)`;
  if (value.includes('\u0000')) return `'value' cannot hold the NUL character (U+0000)`;
  return undefined;
}
