// What a page's Content-Security-Policy refused, as its `securitypolicyviolation` events tell it, recorded in every
// document from before its first script runs.
import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Starts recording in the pages of `target` (a page, or every page of a context); read with cspViolations(). */
export async function watchCspViolations(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** Each violation so far as `<directive> <blocked URI>`. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations ?? []);
}
