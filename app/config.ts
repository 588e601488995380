// The portal's build-time settings (Vite env variables). Each has a working local default; the
// third-party plugins stay off while their setting is empty, so a machine without internet runs clean.

import { version as PACKAGE_VERSION } from '../package.json';

export interface PortalConfig {
  /** Origin of the partner API; the page's own origin unless set. */
  apiHost: string;
  sidelogAppKey: string;
  /** The portal's release, which Sidelog sends with every session: the explorer's Version column, the release whose
   * source maps read its crashes (docs/portal.md#start-up). package.json's version unless set; the build, when set
   * (a commit, a CI run), beside it. */
  appVersion: string;
  appBuild: string;
  oneSignalAppId: string;
  analyticsCounterId: string;
  crmWidgetURL: string;
  /** An extra print stylesheet (e.g. from a CDN) linked into printed copies. */
  printStylesheetURL: string;
}

const env = import.meta.env;

function setting(value: unknown, fallback = ''): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

const DEMO_SIDELOG_APP_KEY = 'sidelog-demo-key';

export function readConfig(): PortalConfig {
  return {
    apiHost: setting(env.VITE_API_HOST, location.origin).replace(/\/+$/, ''),
    sidelogAppKey: setting(env.VITE_SIDELOG_APP_KEY, DEMO_SIDELOG_APP_KEY),
    appVersion: setting(env.VITE_APP_VERSION, PACKAGE_VERSION),
    appBuild: setting(env.VITE_APP_BUILD),
    oneSignalAppId: setting(env.VITE_ONESIGNAL_APP_ID),
    analyticsCounterId: setting(env.VITE_ANALYTICS_COUNTER_ID),
    crmWidgetURL: setting(env.VITE_CRM_WIDGET_URL),
    printStylesheetURL: setting(env.VITE_PRINT_STYLESHEET_URL),
  };
}

export const config: PortalConfig = readConfig();
