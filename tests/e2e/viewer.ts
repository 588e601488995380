// The Sidelog explorer as a person meets it: open a URL of it, sign in if the sign-in comes up (as the product's
// e2e viewer account), and read what the view shows once it has loaded.
import { request, type Cookie, type Page } from 'playwright-core';
import { E2E_VIEWER } from './product.ts';

/** Signs in on the explorer's sign-in form (the page must be showing it) and waits until it has left it. */
export async function signInToExplorer(
  page: Page,
  account: { name: string; password: string } = E2E_VIEWER,
): Promise<void> {
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sidelog/sign-in'));
}

/** Waits until the view is there and nothing in it is still loading or opening. */
export async function explorerSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // A view being replaced keeps its rows, marked busy, until the new ones arrive (docs/explorer.md#the-screen).
    const busy =
      [...document.querySelectorAll('[role=status]')].some((status) =>
        /Loading|Opening|updating/.test(status.textContent ?? ''),
      ) || document.querySelector('[aria-busy=true]') !== null;
    return !busy && document.querySelector('main h1') !== null;
  });
}

/** Unfolds the log filters beyond the search box and the levels (docs/explorer.md#the-screen): tags, device key,
 * From and To, the time presets. */
export async function moreFilters(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More filters' }).click();
}

/** Opens `url`, signing in when the explorer asks, and returns the visible text of the view it lands on. */
export async function viewerText(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('main h1, form.login-form') !== null);
  if (new URL(page.url()).pathname.endsWith('/sidelog/sign-in')) await signInToExplorer(page);
  await explorerSettled(page);
  return page.locator('body').innerText();
}

/** Opens `url` as viewerText does and returns the absolute URL of the link whose visible text is `linkText`. */
export async function viewerLinkTarget(page: Page, url: string, linkText: string): Promise<string> {
  await viewerText(page, url);
  const href = await page.getByRole('link', { name: linkText, exact: true }).getAttribute('href');
  if (href === null) throw new Error(`${url} has a link "${linkText}" that goes nowhere`);
  return new URL(href, page.url()).href;
}

/** Signs in once, through the explorer API's sign-in as the form does (POST sign-in), and returns the cookie the service
 * set, for tests that are not about signing in to start signed in (`context.addCookies`). Not on the form in a page of
 * its own: that cost Chromium a context, the sign-in page and the view it went on to, about half a second of CPU a file
 * (docs/testing.md#the-sixth-pass); the form is the sign-in tests' (explorer-filters.test.ts). */
export async function viewerCookies(serviceURL: string): Promise<Cookie[]> {
  const api = await request.newContext({ baseURL: serviceURL });
  try {
    const answer = await api.post('/sidelog/explorer/api/sign-in', { data: E2E_VIEWER });
    if (!answer.ok()) throw new Error(`signing in as ${E2E_VIEWER.name}: ${answer.status()} ${await answer.text()}`);
    return (await api.storageState()).cookies;
  } finally {
    await api.dispose();
  }
}

/** A facet's values and counts as the Facets panel lists them: its own values, not those of a facet inside it. */
export async function facetCounts(page: Page, name: string): Promise<Record<string, number>> {
  const section = page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name, exact: true });
  await section.waitFor();
  const labels = await section.locator(':scope > ul > .facet-value > .facet-label').allInnerTexts();
  const counts = await section.locator(':scope > ul > .facet-value > .facet-count').allInnerTexts();
  return Object.fromEntries(labels.map((label, index) => [label, Number(counts[index])]));
}

/** The Settings page's Downloads as it lists them once some came (docs/privacy.md#each-download-is-recorded): each
 * row's cells but its time (app, what, by, logs). */
export async function listedDownloads(page: Page): Promise<string[][]> {
  const rows = page.getByRole('region', { name: 'Downloads' }).locator('tbody tr');
  await rows.first().waitFor();
  return (await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)),
  )) as string[][];
}
