// The portal as a user meets it: the login form by its labels, the views by their addresses.
import type { Page } from 'playwright-core';
import { DEMO_PARTNER } from '../../server/partner/demo.ts';
import { LOGIN_TEXTS } from '../../app/login/validate-login.ts';

/** Opens the login screen and waits until its form is there. */
export async function openLogin(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: LOGIN_TEXTS.submit }).waitFor();
}

/** Types the credentials into the form (clearing what was there) and presses 'Войти'. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(LOGIN_TEXTS.emailLabel).fill(email);
  await page.getByLabel(LOGIN_TEXTS.passwordLabel).fill(password);
  await page.getByRole('button', { name: LOGIN_TEXTS.submit }).click();
}

/** The error line above the form. */
export const loginError = (page: Page) => page.locator('form').getByRole('alert');

/** Signs in as the demo partner and waits for /about; returns the partner's id as the page stored it. */
export async function signInAsDemo(page: Page, url: string): Promise<string> {
  await openLogin(page, url);
  await submitLogin(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
  await page.waitForURL(`${url}/about`);
  return (await page.evaluate(() => localStorage.getItem('token_id')))!;
}
