// A device as every view names it (docs/explorer.md#identity): by the app's identity key where the device has it
// (`user_id u-42`), else its name and a short id ("realme C55 · 0d273b43"), linked to the device's page, its whole
// udid in the title. A table of several devices gives each its label from whoLabels, which tells apart those that
// read the same.
import { Link } from 'wouter';
import type { DeviceKeyValue } from '../protocol/records.types.ts';
import { devicePath } from './address.ts';
import { whoLabel, whoLabels } from '../explorer-contract/identity.ts';
import { useIdentityKey } from './use-app.ts';
import { href } from './use-query.ts';

export function DeviceWho({
  appId,
  device,
  label,
}: {
  appId: string;
  device: { udid: string; name: string; who?: DeviceKeyValue };
  /** Its label among the devices of a table (whoLabels); without it, its own. */
  label?: string;
}) {
  const key = useIdentityKey();
  return (
    <Link
      href={href(devicePath(device.udid), appId)}
      title={device.name ? `${device.name} (${device.udid})` : device.udid}
    >
      {label ?? whoLabel(device, key)}
    </Link>
  );
}

/** The labels of the devices of a table's rows (whoLabels), for each row's DeviceWho: none while nothing is loaded. */
export function useWhoLabels(
  devices: readonly { udid: string; name: string; who?: DeviceKeyValue }[] | undefined,
): Map<string, string> {
  const key = useIdentityKey();
  return whoLabels(devices ?? [], key);
}
