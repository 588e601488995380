// A device as every view names it (docs/explorer.md#identity): by the app's identity key where the device has it
// (`user_id u-42`), else its name and a short id ("realme C55 · 0d273b43"), linked to the device's page, its whole
// udid in the title.
import { Link } from 'wouter';
import type { DeviceKeyValue } from '../protocol/records.types.ts';
import { devicePath } from './address.ts';
import { whoLabel } from '../explorer-contract/identity.ts';
import { useIdentityKey } from './use-app.ts';
import { href } from './use-query.ts';

export function DeviceWho({
  appId,
  device,
}: {
  appId: string;
  device: { udid: string; name: string; who?: DeviceKeyValue };
}) {
  const key = useIdentityKey();
  return (
    <Link
      href={href(devicePath(device.udid), appId)}
      title={device.name ? `${device.name} (${device.udid})` : device.udid}
    >
      {whoLabel(device, key)}
    </Link>
  );
}
