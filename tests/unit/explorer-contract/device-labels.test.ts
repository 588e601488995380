// Devices shown together each told apart (explorer-contract/identity.ts, distinctDeviceLabels and whoLabels): the device
// facet beside the stream, where one user's four sessions on four browsers each read "user_id 1", and the tables of
// sessions, occurrences and sequences, where one device's rows keep their label.
import { expect, test } from 'vitest';
import { distinctDeviceLabels, whoLabels } from '../../../explorer-contract/identity.ts';

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

test("a table's rows of one device keep its label; two devices of one user get their short ids", () => {
  const rows = [
    { udid: 'b2f0fef8120db74ff9fe86ff0ec1c11b', name: 'Chrome 156 (Linux)', who: 17 },
    { udid: 'b2f0fef8120db74ff9fe86ff0ec1c11b', name: 'Chrome 156 (Linux)', who: 17 },
    { udid: 'd-bob', name: 'Bob phone', who: 42 },
    { udid: 'd-bob', name: 'Bob phone', who: 42 },
    { udid: '18e6b2e5ea74e593ea11b4abaa65362b', name: 'Firefox 140 (Linux)', who: 17 },
    { udid: 'd-cy', name: 'Cy tablet', who: null },
  ];
  expect(Object.fromEntries(whoLabels(rows, 'user_id'))).toEqual({
    b2f0fef8120db74ff9fe86ff0ec1c11b: 'user_id 17 · b2f0fef8',
    'd-bob': 'user_id 42',
    '18e6b2e5ea74e593ea11b4abaa65362b': 'user_id 17 · 18e6b2e5',
    'd-cy': 'Cy tablet · d-cy',
  });
  // Without an identity key, each device by its name and short id already.
  expect([...whoLabels(rows, null).values()]).toEqual([
    'Chrome 156 (Linux) · b2f0fef8',
    'Bob phone · d-bob',
    'Firefox 140 (Linux) · 18e6b2e5',
    'Cy tablet · d-cy',
  ]);
});
