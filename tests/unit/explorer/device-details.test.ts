// The header's details after a device's name (explorer/logs/device-details.ts).
import { expect, test } from 'vitest';
import { deviceDetails } from '../../../explorer/logs/device-details.ts';

test.each([
  // Sidelog's own name for a browser ends with its system.
  ['HeadlessChrome 156 (Linux)', '', 'Linux', ''],
  ['Edge 131 (Windows)', '', 'Windows', ''],
  // An app's own name, with a model and a system of the device's.
  ['Ann laptop', 'Chrome', 'macOS 14', 'Chrome, macOS 14'],
  // A system the name holds only as a word of its own is still given.
  ['Linux box', '', 'Linux', 'Linux'],
  [null, 'Pixel 8', 'Android 15', 'Pixel 8, Android 15'],
  ['Kiosk 3', null, null, ''],
])('%s, model %j, system %j: %j', (name, model, system, details) => {
  expect(deviceDetails(name, model, system)).toBe(details);
});
