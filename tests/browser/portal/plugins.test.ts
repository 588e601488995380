// The start-up plugins (docs/portal.md#start-up): nothing loads unconfigured; OneSignal's
// 30 s setup deadline; the analytics tag's options; the CRM script's per-minute cache-busting value.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Sidelog } from 'sidelog';
import { readConfig, type PortalConfig } from '../../../app/config.ts';
import { ANALYTICS_TAG_URL, startAnalytics } from '../../../app/plugins/analytics.ts';
import { crmWidgetSrc, startCrmWidget } from '../../../app/plugins/crm-widget.ts';
import { ONESIGNAL_NOT_SETUP, ONESIGNAL_SDK_URL, startOneSignal } from '../../../app/plugins/onesignal.ts';
import { startPlugins } from '../../../app/plugins/start-plugins.ts';
import { PUSH_SETUP_TIMEOUT_MS } from '../../../portal/constants.ts';
import { version as PORTAL_VERSION } from '../../../package.json';

vi.mock('sidelog', () => ({
  Sidelog: { init: vi.fn(async () => {}), setDeviceKey: vi.fn(), getUserFeedback: vi.fn() },
}));

const UNCONFIGURED: PortalConfig = {
  apiHost: location.origin,
  sidelogAppKey: 'sidelog-demo-key',
  appVersion: PORTAL_VERSION,
  appBuild: '',
  oneSignalAppId: '',
  analyticsCounterId: '',
  crmWidgetURL: '',
  printStylesheetURL: '',
};

/** Local addresses that answer 404, as an unreachable third party would fail. */
const LOCAL_SDK = `${location.origin}/no-such-sdk.js`;

let scriptsBefore: Set<Element>;
const addedScripts = () => [...document.querySelectorAll('script')].filter((script) => !scriptsBefore.has(script));

beforeEach(() => {
  scriptsBefore = new Set(document.querySelectorAll('script'));
});

afterEach(() => {
  for (const script of addedScripts()) script.remove();
  delete window.ym;
  delete window.OneSignalDeferred;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(Sidelog.init)
    .mockReset()
    .mockImplementation(async () => {});
});

describe('with nothing configured', () => {
  test("the build-time settings default to the page origin, the demo Sidelog key, the package's version, and no third party", () => {
    expect(readConfig()).toEqual({
      apiHost: location.origin,
      sidelogAppKey: 'sidelog-demo-key',
      appVersion: PORTAL_VERSION,
      appBuild: '',
      oneSignalAppId: '',
      analyticsCounterId: '',
      crmWidgetURL: '',
      printStylesheetURL: '',
    });
  });

  test("only Sidelog starts, with the app key and the portal's release; no third-party script is loaded", () => {
    startPlugins(UNCONFIGURED);
    expect(Sidelog.init).toHaveBeenCalledWith({ appKey: 'sidelog-demo-key', version: PORTAL_VERSION, build: '' });
    expect(addedScripts()).toEqual([]);
    expect(window.ym).toBeUndefined();
    expect(window.OneSignalDeferred).toBeUndefined();
  });

  test('a Sidelog that fails to start, at once or later, does not stop the portal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(Sidelog.init).mockImplementationOnce(() => {
      throw new Error("Sidelog requires 'appKey' option to initialize.");
    });
    expect(() => startPlugins({ ...UNCONFIGURED, sidelogAppKey: '' })).not.toThrow();
    vi.mocked(Sidelog.init).mockImplementationOnce(async () => {
      throw new Error('no engine');
    });
    startPlugins(UNCONFIGURED);
    await expect.poll(() => warn.mock.calls.length).toBe(2);
  });
});

describe('push notifications (OneSignal)', () => {
  test('loads the SDK with the app id and logs only that setup did not finish within 30 s', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const script = startOneSignal('onesignal-app', LOCAL_SDK)!;
    expect(script.src).toBe(LOCAL_SDK);
    expect(window.OneSignalDeferred).toHaveLength(1);
    vi.advanceTimersByTime(PUSH_SETUP_TIMEOUT_MS - 1);
    expect(warn).not.toHaveBeenCalledWith(ONESIGNAL_NOT_SETUP);
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledWith(ONESIGNAL_NOT_SETUP);
  });

  test('a setup that finishes in time logs nothing', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    startOneSignal('onesignal-app', LOCAL_SDK);
    // What the SDK does once loaded: it calls the queued functions with itself.
    const init = vi.fn(async () => {});
    await window.OneSignalDeferred![0]!({ init });
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'onesignal-app' }));
    vi.advanceTimersByTime(PUSH_SETUP_TIMEOUT_MS);
    expect(warn).not.toHaveBeenCalledWith(ONESIGNAL_NOT_SETUP);
  });

  test('the default SDK is OneSignal web v16', () => {
    expect(ONESIGNAL_SDK_URL).toBe('https://cdn.onesignal.com/sdks/web/v16/OneSignalSDK.page.js');
  });
});

describe('web analytics', () => {
  test('the counter starts with click map, link tracking and session replay', () => {
    const script = startAnalytics('12345678', LOCAL_SDK)!;
    expect(script.src).toBe(LOCAL_SDK);
    expect(window.ym!.a).toEqual([
      [12345678, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true }],
    ]);
    expect(ANALYTICS_TAG_URL).toBe('https://mc.yandex.ru/metrika/tag.js');
  });
});

describe('the CRM widget', () => {
  const url = `${location.origin}/crm/loader.js`;

  test('its script carries the current minute, and the value changes when the minute does', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:15:00.000Z'));
    const minute = Math.floor(Date.now() / 60_000);
    const script = startCrmWidget(url)!;
    expect(script.src).toBe(`${url}?${minute}`);

    vi.setSystemTime(new Date('2026-11-22T10:15:59.999Z'));
    expect(crmWidgetSrc(url)).toBe(`${url}?${minute}`);
    vi.setSystemTime(new Date('2026-11-22T10:16:00.000Z'));
    expect(crmWidgetSrc(url)).toBe(`${url}?${minute + 1}`);
    expect(startCrmWidget(url)!.src).toBe(`${url}?${minute + 1}`);
  });

  test('a URL with its own query keeps it', () => {
    expect(crmWidgetSrc('https://crm.example.com/loader.js?site=7', 120_000)).toBe(
      'https://crm.example.com/loader.js?site=7&2',
    );
  });

  test('unconfigured, nothing is loaded', () => {
    expect(startCrmWidget('')).toBeNull();
    expect(addedScripts()).toEqual([]);
  });
});
