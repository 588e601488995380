// The login journey of a new user against the real service (docs/portal.md#login-screen).
import { describe, expect, it } from 'vitest';
import { LOGIN_TEXTS } from '../../app/login/validate-login.ts';
import { DEMO_APP_KEY, DEMO_PARTNER } from '../../server/partner/demo.ts';
import { appIdOf } from '../../server/stores/app-id.ts';
import { openPortal, sendNow } from './page-sidelog.ts';
import { viewerText } from './viewer.ts';
import { waitFor } from './wait-for.ts';
import { PARTNER_API } from '../../portal/api.types.ts';
import { DEFAULT_LOGIN_LIMITS } from '../../server/http/login-throttle.ts';
import { AUTH_MESSAGES } from '../../server/partner/partner-api.ts';
import { loginError, openLogin, signInAsDemo, submitLogin } from './portal.ts';
import { useProductPage } from './product.ts';

const e2e = useProductPage();

const emailField = () => e2e.page.getByLabel(LOGIN_TEXTS.emailLabel);
const passwordField = () => e2e.page.getByLabel(LOGIN_TEXTS.passwordLabel);
const highlighted = async () => ({
  email: await emailField().getAttribute('aria-invalid'),
  password: await passwordField().getAttribute('aria-invalid'),
});

/** Submits and waits until the error line says `message`; returns which fields are highlighted then. */
async function failWith(email: string, password: string, message: string) {
  await submitLogin(e2e.page, email, password);
  await expect.poll(() => loginError(e2e.page).textContent()).toBe(message);
  return highlighted();
}

describe('the login journey', () => {
  it('refuses what is wrong, each with its message and highlight', async () => {
    await openLogin(e2e.page, e2e.product.url);
    expect(await e2e.page.getByRole('checkbox', { name: LOGIN_TEXTS.remember }).isChecked()).toBe(true);

    await e2e.page.getByRole('button', { name: LOGIN_TEXTS.submit }).click();
    await expect
      .poll(() => loginError(e2e.page).textContent())
      .toBe(`${LOGIN_TEXTS.emailMissing} ${LOGIN_TEXTS.passwordMissing}`);
    expect(await highlighted()).toEqual({ email: 'true', password: 'true' });

    // Typing in a field clears that field's highlight only.
    await emailField().pressSequentially('partner');
    expect(await highlighted()).toEqual({ email: 'false', password: 'true' });

    expect(await failWith('partner.example.com', 'partner123', LOGIN_TEXTS.emailInvalid)).toEqual({
      email: 'true',
      password: 'false',
    });
    expect(await failWith(DEMO_PARTNER.email, 'not-the-password', AUTH_MESSAGES.password)).toEqual({
      email: 'false',
      password: 'true',
    });
    expect(await failWith('nobody@example.com', DEMO_PARTNER.password, AUTH_MESSAGES.email)).toEqual({
      email: 'true',
      password: 'false',
    });
    expect(await failWith('nobody@example.com', '123', AUTH_MESSAGES.both)).toEqual({
      email: 'true',
      password: 'true',
    });
    expect(e2e.page.url()).toBe(`${e2e.product.url}/`);
  });

  it('signs in to /about, keeps the session over a reload, sends / to /sales, and signs out', async () => {
    await openLogin(e2e.page, e2e.product.url);
    await submitLogin(e2e.page, DEMO_PARTNER.email, DEMO_PARTNER.password);
    await e2e.page.waitForURL(`${e2e.product.url}/about`);
    await e2e.page.getByRole('heading', { level: 1, name: 'О партнере' }).waitFor();

    await e2e.page.reload();
    await e2e.page.getByRole('heading', { level: 1, name: 'О партнере' }).waitFor();
    expect(e2e.page.url()).toBe(`${e2e.product.url}/about`);

    await e2e.page.goto(`${e2e.product.url}/`);
    await e2e.page.waitForURL(`${e2e.product.url}/sales`);
    await e2e.page.getByRole('heading', { level: 1, name: 'Продажи' }).waitFor();

    const token = await e2e.page.evaluate(() => localStorage.getItem('token'));
    const profile = () =>
      fetch(`${e2e.product.url}${PARTNER_API.profile}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await profile()).status).toBe(200);
    await e2e.page.getByRole('button', { name: 'Выйти' }).click();
    await e2e.page.waitForURL(`${e2e.product.url}/`);
    await e2e.page.getByRole('button', { name: LOGIN_TEXTS.submit }).waitFor();
    // Signing out revoked the token on the service: a copy of it no longer reads the partner's data.
    await expect.poll(async () => (await profile()).status).toBe(401);
    // Signed out means signed out: a view sends the user back to the login screen.
    await e2e.page.goto(`${e2e.product.url}/about`);
    await e2e.page.waitForURL(`${e2e.product.url}/`);
  });

  it("every view fits a phone's width: nothing scrolls sideways at 360 px, a wide table scrolls in its own box", async () => {
    await e2e.page.setViewportSize({ width: 360, height: 800 });
    await openLogin(e2e.page, e2e.product.url);
    await submitLogin(e2e.page, DEMO_PARTNER.email, DEMO_PARTNER.password);
    await e2e.page.waitForURL(`${e2e.product.url}/about`);
    for (const [path, heading] of [
      ['/about', 'О партнере'],
      ['/sales', 'Продажи'],
      ['/stats', 'Статистика'],
      ['/warehouse', 'Склад'],
      ['/support', 'Поддержка'],
    ]) {
      await e2e.page.goto(`${e2e.product.url}${path}`);
      await e2e.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The view's data is in (a table or a list of facts), not only its heading.
      await e2e.page.locator('main table, main dl').first().waitFor();
      const widths = await e2e.page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: innerWidth,
      }));
      expect(widths.page, path).toBeLessThanOrEqual(widths.window);
      // The warehouse's six columns are wider than the phone: whole, in a box of their own that scrolls.
      if (path === '/warehouse')
        expect(
          await e2e.page
            .locator('main table')
            .evaluate((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth),
        ).toBe(true);
    }
    await e2e.page.setViewportSize({ width: 1280, height: 720 });
  });

  it('after 10 wrong passwords on one account the form says to wait, and the service answers 429 with Retry-After', async () => {
    const email = 'guesser@example.com';
    await openLogin(e2e.page, e2e.product.url);
    /** Submits and waits for the service's answer (the message on screen may be the same as the last one's). */
    const attempt = async (password: string) => {
      const answer = e2e.page.waitForResponse((response) => response.url().endsWith(PARTNER_API.auth));
      await submitLogin(e2e.page, email, password);
      return answer;
    };
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.perAccount; i++) {
      expect((await attempt(`guess-${i}-password`)).status()).toBe(200);
      await expect.poll(() => loginError(e2e.page).textContent()).toBe(AUTH_MESSAGES.email);
    }
    const throttled = await attempt('one-more-guess');
    expect(throttled.status()).toBe(429);
    expect(Number(await throttled.headerValue('Retry-After'))).toBeGreaterThan(0);
    await expect
      .poll(() => loginError(e2e.page).textContent())
      .toMatch(/^Слишком много попыток входа\. Повторите через \d+ мин\.$/);
    expect(e2e.page.url()).toBe(`${e2e.product.url}/`);
  });

  it('says the server does not answer when the service stops mid-login', async () => {
    await openLogin(e2e.page, e2e.product.url);
    await e2e.product.stopService();
    try {
      await submitLogin(e2e.page, DEMO_PARTNER.email, DEMO_PARTNER.password);
      await expect.poll(() => loginError(e2e.page).textContent()).toBe(LOGIN_TEXTS.unreachable);
      expect(e2e.page.url()).toBe(`${e2e.product.url}/`);
    } finally {
      await e2e.product.startServiceAgain();
    }
  });
});

describe('who a session is, for support', () => {
  it("the explorer names a signed-in partner's session by the partner's id, the demo app's identity key", async () => {
    const session = await openPortal(e2e.page, e2e.product.url);
    const partner = await signInAsDemo(e2e.page, e2e.product.url);
    await sendNow(e2e.page);

    await waitFor(
      async () => {
        const shown = await viewerText(e2e.page, `${e2e.product.url}/sidelog/sessions?app=${appIdOf(DEMO_APP_KEY)}`);
        const row = shown.split('\n').find((line) => line.includes(session.slice(0, 8)));
        expect(row).toContain(`user_id ${partner}`);
      },
      { timeout: 45_000, interval: 250 },
    );
  });
});
