// The login journey of a new user against the real service (spec §2 'Login screen', §5, §8).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_TEXTS } from '../../app/login/validate-login.ts';
import { DEMO_PARTNER } from '../../server/demo.ts';
import { AUTH_MESSAGES } from '../../server/partner-api.ts';
import { loginError, openLogin, submitLogin } from './portal.ts';
import { startProduct, type Product } from './product.ts';

let product: Product;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(() => product?.close());
beforeEach(async () => {
  context = await product.browser.newContext();
  page = await context.newPage();
});
afterEach(() => context?.close());

const emailField = () => page.getByLabel(LOGIN_TEXTS.emailLabel);
const passwordField = () => page.getByLabel(LOGIN_TEXTS.passwordLabel);
const highlighted = async () => ({
  email: await emailField().getAttribute('aria-invalid'),
  password: await passwordField().getAttribute('aria-invalid'),
});

/** Submits and waits until the error line says `message`; returns which fields are highlighted then. */
async function failWith(email: string, password: string, message: string) {
  await submitLogin(page, email, password);
  await expect.poll(() => loginError(page).textContent()).toBe(message);
  return highlighted();
}

describe('the login journey', () => {
  it('refuses what is wrong, each with its message and highlight', async () => {
    await openLogin(page, product.url);
    expect(await page.getByRole('checkbox', { name: LOGIN_TEXTS.remember }).isChecked()).toBe(true);

    await page.getByRole('button', { name: LOGIN_TEXTS.submit }).click();
    await expect.poll(() => loginError(page).textContent()).toBe(`${LOGIN_TEXTS.emailMissing} ${LOGIN_TEXTS.passwordMissing}`);
    expect(await highlighted()).toEqual({ email: 'true', password: 'true' });

    // Typing in a field clears that field's highlight only.
    await emailField().pressSequentially('partner');
    expect(await highlighted()).toEqual({ email: 'false', password: 'true' });

    expect(await failWith('partner.example.com', 'partner123', LOGIN_TEXTS.emailInvalid)).toEqual({ email: 'true', password: 'false' });
    expect(await failWith(DEMO_PARTNER.email, 'not-the-password', AUTH_MESSAGES.password)).toEqual({ email: 'false', password: 'true' });
    expect(await failWith('nobody@example.com', DEMO_PARTNER.password, AUTH_MESSAGES.email)).toEqual({ email: 'true', password: 'false' });
    expect(await failWith('nobody@example.com', '123', AUTH_MESSAGES.both)).toEqual({ email: 'true', password: 'true' });
    expect(page.url()).toBe(`${product.url}/`);
  });

  it('signs in to /about, keeps the session over a reload, sends / to /sales, and signs out', async () => {
    await openLogin(page, product.url);
    await submitLogin(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
    await page.waitForURL(`${product.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'О партнере' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'О партнере' }).waitFor();
    expect(page.url()).toBe(`${product.url}/about`);

    await page.goto(`${product.url}/`);
    await page.waitForURL(`${product.url}/sales`);
    await page.getByRole('heading', { level: 1, name: 'Продажи' }).waitFor();

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('button', { name: LOGIN_TEXTS.submit }).waitFor();
    // Signed out means signed out: a view sends the user back to the login screen.
    await page.goto(`${product.url}/about`);
    await page.waitForURL(`${product.url}/`);
  });

  it("says the server does not answer when the service stops mid-login", async () => {
    await openLogin(page, product.url);
    await product.stopService();
    try {
      await submitLogin(page, DEMO_PARTNER.email, DEMO_PARTNER.password);
      await expect.poll(() => loginError(page).textContent()).toBe(LOGIN_TEXTS.unreachable);
      expect(page.url()).toBe(`${product.url}/`);
    } finally {
      await product.startServiceAgain();
    }
  });
});
