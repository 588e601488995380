// The browser a device ran in, as the service reads it for an issue group's analytics
// (docs/explorer.md#an-issue-groups-analytics). Bugfender's SDK names it in `device_type`; Sidelog's page sends that
// field empty, as its wire format says, and names the device `<browser> <version> (<OS>)` unless the app gave a name
// of its own (defaultDeviceName in app/logging/device-info.ts: "Chrome 131 (Windows)", or from the user agent
// "Firefox/133.0 (X11; Linux x86_64)"). Such a name is read back only when its brackets hold the device's own OS, so
// an app's own name ("Kiosk 3 (hall)") names no browser. Here, beside the contract, so that the page's tests read
// back what the page makes (tests/browser/sidelog/device-name.test.ts) without the page loading it.

/** The browser's name without its version, or undefined when the device named none. */
export function deviceBrowser(device: {
  type: string | null;
  name: string | null;
  os: string | null;
}): string | undefined {
  if (device.type) return device.type;
  const suffix = ` (${device.os})`;
  if (!device.os || !device.name?.endsWith(suffix)) return undefined;
  const browser = device.name.slice(0, -suffix.length).replace(/[ /][\d.]+$/, '');
  return browser || undefined;
}
