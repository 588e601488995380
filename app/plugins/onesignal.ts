// Push notifications through the OneSignal web SDK (docs/portal.md#start-up). Loaded only with an app id.
// If its setup has not finished within PUSH_SETUP_TIMEOUT_MS, that is logged and nothing else happens.
import { PUSH_SETUP_TIMEOUT_MS } from '../../portal/constants.ts';
import { loadScript } from './load-script.ts';

export const ONESIGNAL_SDK_URL = 'https://cdn.onesignal.com/sdks/web/v16/OneSignalSDK.page.js';
export const ONESIGNAL_NOT_SETUP = 'OneSignal is not setup correctly.';

interface OneSignalSdk {
  init(options: { appId: string; allowLocalhostAsSecureOrigin?: boolean }): Promise<void>;
}

declare global {
  interface Window {
    /** The SDK's documented start-up queue: functions it calls with itself once loaded. */
    OneSignalDeferred?: ((sdk: OneSignalSdk) => unknown)[];
  }
}

export function startOneSignal(appId: string, sdkURL = ONESIGNAL_SDK_URL): HTMLScriptElement | null {
  if (!appId) return null;
  let setUp = false;
  const timer = setTimeout(() => {
    if (!setUp) console.warn(ONESIGNAL_NOT_SETUP);
  }, PUSH_SETUP_TIMEOUT_MS);
  window.OneSignalDeferred = window.OneSignalDeferred ?? [];
  window.OneSignalDeferred.push(async (sdk) => {
    await sdk.init({ appId, allowLocalhostAsSecureOrigin: location.hostname === 'localhost' });
    setUp = true;
    clearTimeout(timer);
  });
  return loadScript(sdkURL, { defer: '' });
}
