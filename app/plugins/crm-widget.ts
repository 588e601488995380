// The CRM contact widget (docs/portal.md#start-up): its loader script with a cache-busting value that changes every
// minute, so the CRM can roll out a new widget within a minute while browsers still cache it.
import { loadScript } from './load-script.ts';

export function crmWidgetSrc(url: string, now = Date.now()): string {
  const minute = Math.floor(now / 60_000);
  return `${url}${url.includes('?') ? '&' : '?'}${minute}`;
}

export function startCrmWidget(url: string): HTMLScriptElement | null {
  return url ? loadScript(crmWidgetSrc(url)) : null;
}
