// Who is logging: the app id, the device and this tab's session (docs/storage.md#browser-storage-keys). The page owns these
// browser storage keys; the engine, which may live in a worker without localStorage, is handed them.
import { STORAGE_KEYS, type DeviceData } from '../../protocol/index.ts';
import { randomHex } from './random-hex.ts';

export interface Identity {
  appID: string;
  udid: string;
  sessionUUID: string;
  deviceData: DeviceData;
  /** A stored app id differed from this app's: stored ids and data were cleared, so must the tables be.
   * No stored app id is not a change (docs/durability.md). */
  appChanged: boolean;
}

/** First 10 characters of the URL-safe base64 form of the SHA-256 of the app key (docs/wire-format.md#appid-and-intent-urls). */
async function appIdOf(appKey: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(appKey)));
  const base64 = btoa(String.fromCharCode(...digest));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 10);
}

/** Storage that may be missing or refuse (private mode, sandboxed frames): then nothing persists. */
function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    const storage = globalThis[kind];
    const probe = '__sidelog_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

export function canPersist(): boolean {
  return storageOf('localStorage') !== undefined;
}

function readDeviceData(raw: string | null | undefined): DeviceData {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as DeviceData) : {};
  } catch {
    return {};
  }
}

export async function loadIdentity(appKey: string): Promise<Identity> {
  const appID = await appIdOf(appKey);
  const local = storageOf('localStorage');
  const session = storageOf('sessionStorage');
  // Only a stored id that differs is an app change. A missing one is a first visit, or a browser killed before
  // localStorage reached the disk while the browser database did: wiping then would lose what that visit stored.
  const storedAppID = local?.getItem(STORAGE_KEYS.appId) ?? null;
  const appChanged = storedAppID !== null && storedAppID !== appID;
  if (appChanged) for (const key of [STORAGE_KEYS.deviceData, STORAGE_KEYS.deviceUdid]) local?.removeItem(key);
  // Without a stored app id this tab's session may be another app's (localStorage cleared under a tab that kept its
  // sessionStorage): its server id would send this app's logs to that app's session, which the service refuses.
  // A new session costs nothing here: the data stored for any earlier one stays and is uploaded as it is.
  if (storedAppID !== appID)
    for (const key of [STORAGE_KEYS.sessionUdid, STORAGE_KEYS.sessionUuid]) session?.removeItem(key);
  if (storedAppID !== appID) local?.setItem(STORAGE_KEYS.appId, appID);
  const udid = local?.getItem(STORAGE_KEYS.deviceUdid) || randomHex();
  local?.setItem(STORAGE_KEYS.deviceUdid, udid);
  const sessionUUID = session?.getItem(STORAGE_KEYS.sessionUuid) || randomHex();
  session?.setItem(STORAGE_KEYS.sessionUuid, sessionUUID);
  session?.setItem(STORAGE_KEYS.sessionUdid, udid);
  return { appID, udid, sessionUUID, deviceData: readDeviceData(local?.getItem(STORAGE_KEYS.deviceData)), appChanged };
}

/** Keeps the device data map (device keys as last set) in localStorage. */
export function saveDeviceData(data: DeviceData): void {
  storageOf('localStorage')?.setItem(STORAGE_KEYS.deviceData, JSON.stringify(data));
}
