// The device info and session payload sent to the service, with exactly the fields of docs/wire-format.md#device and
// docs/wire-format.md#session.
import type { DeviceData, DeviceInfo, ResolvedOptions, SessionPayload } from '../../protocol/index.ts';
import { SDK_VERSION } from './sdk-version.ts';

interface UserAgentData {
  platform?: string;
  brands?: { brand: string; version: string }[];
}

function userAgentData(): UserAgentData | undefined {
  return (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
}

/** The operating system, as far as the browser says. */
function osVersion(): string {
  const ua = navigator.userAgent;
  const match = /\(([^)]+)\)/.exec(ua);
  return userAgentData()?.platform || (match ? match[1] : navigator.platform) || 'unknown';
}

/** A readable default device name: the browser and its system, e.g. 'Chromium 156 (Linux)'. */
export function defaultDeviceName(): string {
  // The browser's own brand over the engine's, neither of them a GREASE brand ("Not)A;Brand").
  const brands = userAgentData()?.brands?.filter((b) => !/Not.?A.?Brand/i.test(b.brand)) ?? [];
  const brand = brands.find((b) => b.brand !== 'Chromium') ?? brands[0];
  const browser = brand ? `${brand.brand} ${brand.version}` : (navigator.userAgent.split(' ').pop() ?? 'Browser');
  return `${browser} (${osVersion()})`;
}

export function deviceInfo(options: ResolvedOptions, udid: string, keyValues: DeviceData): DeviceInfo {
  return {
    udid,
    name: options.deviceName,
    device_type: '',
    firebase_test_lab: false,
    key_values: keyValues,
    language: navigator.language,
    os_version: osVersion(),
    sdk_type: 'web',
    sdk_version: SDK_VERSION,
    build: options.build,
    version: options.version,
  };
}

export function sessionPayload(
  options: ResolvedOptions,
  device: DeviceInfo,
  sessionUUID: string,
  startedAt: number,
): SessionPayload {
  return {
    device,
    orientation: 0,
    batteryLevel: -1,
    ram_total: 0,
    ram_free: 0,
    ram_used: 0,
    language: navigator.language,
    time: new Date(startedAt).toISOString(),
    sdk_type: 'web',
    sdk_version: SDK_VERSION,
    session_uid: sessionUUID,
    app_version: { app: { key: options.appKey }, version: options.version, build: options.build },
  };
}
