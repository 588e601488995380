// The name Sidelog gives a device when the app gives none (app/logging/device-info.ts), as real browsers make it, read
// back by the service for an issue group's browsers (protocol/device-browser.ts): Sidelog's wire format sends
// `device_type` empty, so that name is where the explorer finds the browser.
import { afterEach, expect, test } from 'vitest';
import { defaultDeviceName, deviceInfo } from '../../../app/logging/device-info.ts';
import { resolveOptions } from '../../../protocol/index.ts';
import { deviceBrowser } from '../../../protocol/device-browser.ts';

/** What the service reads of a device this page describes, named by default. */
function browserOfThisPage(): string | undefined {
  const options = resolveOptions(
    { appKey: 'device-name' },
    { origin: location.origin, deviceName: defaultDeviceName() },
  );
  const device = deviceInfo(options, 'udid', {});
  return deviceBrowser({ type: device.device_type, name: device.name, os: device.os_version });
}

afterEach(() => {
  // The own properties below shadow the navigator's getters; deleting them brings the browser's back.
  for (const name of ['userAgentData', 'userAgent', 'platform']) Reflect.deleteProperty(navigator, name);
});

test("Chromium's own name, from its brands", () => {
  const { brands } = (navigator as Navigator & { userAgentData: { brands: { brand: string }[] } }).userAgentData;
  const brand = brands.find((b) => !/Not.?A.?Brand|^Chromium$/.test(b.brand))!.brand;
  expect(browserOfThisPage()).toBe(brand);
});

test.each([
  ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Safari',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  ],
])('%s, from a user agent without brands', (browser, userAgent) => {
  Object.defineProperty(navigator, 'userAgentData', { value: undefined, configurable: true });
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
  expect(browserOfThisPage()).toBe(browser);
});
