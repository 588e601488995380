// A facet's devices each told apart (explorer-contract/identity.ts, distinctDeviceLabels): the device facet beside the
// stream, where one user's four sessions on four browsers each read "user_id 1".
import { expect, test } from 'vitest';
import { distinctDeviceLabels } from '../../../explorer-contract/identity.ts';

test('devices of one label each get their short id; a label of one device stays as it is', () => {
  expect(
    distinctDeviceLabels([
      { label: 'user_id 17', udid: 'b2f0fef8120db74ff9fe86ff0ec1c11b' },
      { label: 'user_id 42', udid: 'd-bob' },
      { label: 'user_id 17', udid: '18e6b2e5ea74e593ea11b4abaa65362b' },
      { label: 'Cy tablet · d-cy', udid: 'd-cy' },
    ]),
  ).toEqual(['user_id 17 · b2f0fef8', 'user_id 42', 'user_id 17 · 18e6b2e5', 'Cy tablet · d-cy']);
});
