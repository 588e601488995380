import { expect, test } from 'vitest';
import { createGuard } from '../../../worker/guard.ts';

test('defaults: the app is valid, the device is not enabled, nothing forced', () => {
  const guard = createGuard();
  expect([guard.isAppValid, guard.isDeviceEnabled, guard.isForceEnabled]).toEqual([true, false, false]);
});

test.each`
  appValid | deviceEnabled | forced   | canWrite | canUpload
  ${true}  | ${false}      | ${false} | ${true}  | ${false}
  ${true}  | ${true}       | ${false} | ${true}  | ${true}
  ${true}  | ${false}      | ${true}  | ${true}  | ${true}
  ${true}  | ${true}       | ${true}  | ${true}  | ${true}
  ${false} | ${false}      | ${false} | ${false} | ${false}
  ${false} | ${true}       | ${false} | ${false} | ${false}
  ${false} | ${false}      | ${true}  | ${false} | ${false}
  ${false} | ${true}       | ${true}  | ${false} | ${false}
`('app valid $appValid, device enabled $deviceEnabled, forced $forced: write $canWrite, upload $canUpload', (row) => {
  const guard = createGuard();
  guard.isAppValid = row.appValid;
  guard.isDeviceEnabled = row.deviceEnabled;
  guard.isForceEnabled = row.forced;
  expect(guard.canWrite()).toBe(row.canWrite);
  expect(guard.canUpload()).toBe(row.canUpload);
});
