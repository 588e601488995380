// Who a user is, the same on every view (docs/explorer.md#identity): the value of the app's identity key (a device key
// such as `user_id` or `email`, set per app), else the device's name with a short id, so that two devices of one name
// ("realme C55") are told apart wherever a device is shown.
import type { DeviceKeyValue } from '../protocol/records.types.ts';

/** The characters of a udid shown beside a name: enough to tell a user's devices apart at a glance. */
export const SHORT_ID = 8;

/** The longest identity key a setting takes: a device key's name, not a text. */
export const MAX_IDENTITY_KEY = 128;

/** Why `value` cannot be an app's identity key, or undefined when it can (null clears it). */
export function identityKeyProblem(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_IDENTITY_KEY)
    return `'key' must be a device key's name of 1 to ${MAX_IDENTITY_KEY} characters, or null`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return `'key' cannot hold control characters`;
  return undefined;
}

/** A udid's first characters, as shown beside a device's name. */
export const shortId = (udid: string) => udid.slice(0, SHORT_ID);

/** A device as a person knows it without an identity: its name and short id ("realme C55 · 0d273b43"), its short id
 * alone when it sent no name. */
export const deviceName = (name: string, udid: string) => (name ? `${name} · ${shortId(udid)}` : shortId(udid));

/** Who a device's user is: `key value` by the identity key when the device has it, else its name and short id. */
export function whoLabel(device: { name: string; udid: string; who?: DeviceKeyValue }, key: string | null): string {
  if (key && device.who !== undefined && device.who !== null) return `${key} ${String(device.who)}`;
  return deviceName(device.name, device.udid);
}

/** Labels of devices shown together (a facet's, a table's rows), each told apart: where several devices have the same
 * label (one user on a laptop and a phone, each "user_id 17"), each of those gets its short id after it, as a device
 * without an identity has. Rows of one device (its sessions) keep the label as it is. */
export function distinctDeviceLabels(devices: readonly { label: string; udid: string }[]): string[] {
  const udids = new Map<string, Set<string>>();
  for (const { label, udid } of devices) udids.set(label, (udids.get(label) ?? new Set()).add(udid));
  return devices.map(({ label, udid }) => (udids.get(label)!.size > 1 ? deviceName(label, udid) : label));
}

/** Who each device of a table's rows is (whoLabel), told apart as distinctDeviceLabels tells them, by udid. */
export function whoLabels(
  devices: readonly { name: string; udid: string; who?: DeviceKeyValue }[],
  key: string | null,
): Map<string, string> {
  const labels = distinctDeviceLabels(devices.map((device) => ({ label: whoLabel(device, key), udid: device.udid })));
  return new Map(devices.map((device, i) => [device.udid, labels[i]!]));
}
