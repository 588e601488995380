// The one way the end-to-end tests read a viewer page: open the URL a client was given and return the text a person
// would see. Kept in one place so that a change of viewer (a sign-in, a client-side explorer) is adapted here.
import type { Page } from 'playwright-core';

/** Opens `url` in `page` and returns its visible text; throws when the page does not answer 200. */
export async function viewerText(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  return page.locator('body').innerText();
}

/** Opens `url` in `page` and returns the absolute URL of the link whose visible text is `linkText`. */
export async function viewerLinkTarget(page: Page, url: string, linkText: string): Promise<string> {
  await viewerText(page, url);
  const href = await page.getByRole('link', { name: linkText, exact: true }).getAttribute('href');
  if (href === null) throw new Error(`${url} has a link "${linkText}" that goes nowhere`);
  return new URL(href, page.url()).href;
}
