// Everything the portal starts besides React (docs/portal.md#start-up): the logging service, push notifications,
// analytics and the CRM widget. Print and toasts are modules the views import.
import type { PortalConfig } from '../config.ts';
import { startAnalytics } from './analytics.ts';
import { startCrmWidget } from './crm-widget.ts';
import { startOneSignal } from './onesignal.ts';
import { startSidelog } from './sidelog.ts';

export function startPlugins(config: PortalConfig): void {
  startSidelog(config.sidelogAppKey, { version: config.appVersion, build: config.appBuild });
  startOneSignal(config.oneSignalAppId);
  startAnalytics(config.analyticsCounterId);
  startCrmWidget(config.crmWidgetURL);
}
