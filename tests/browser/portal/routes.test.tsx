// The session rules and the five views (docs/portal.md#routes, docs/portal.md#session).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { formatDate } from '../../../app/session/token-date.ts';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { stubPartnerApi } from './fake-partner-api.ts';
import { cleanUpPortal, renderApp, storeSession } from './render.tsx';

vi.mock('sidelog', () => ({
  Sidelog: {
    setDeviceKey: vi.fn(),
    getUserFeedback: vi.fn(async () => ({ isSent: false })),
    init: vi.fn(async () => {}),
  },
}));

const day = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return formatDate(date);
};

const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
const loginButton = () => page.getByRole('button', { name: 'Войти' });

afterEach(() => {
  cleanUpPortal();
  vi.unstubAllGlobals();
});

describe('redirects', () => {
  test('opening / with a stored token goes to /sales', async () => {
    stubPartnerApi();
    storeSession(day(30));
    const app = renderApp('/');
    await expect.element(heading('Продажи')).toBeVisible();
    expect(app.current()).toBe('/sales');
  });

  test('a protected view without a token goes to /', async () => {
    const fetch = stubPartnerApi();
    for (const path of ['/about', '/support', '/stats', '/sales', '/warehouse']) {
      const app = renderApp(path);
      await expect.poll(() => app.current()).toBe('/');
      cleanUpPortal();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  test('an expired token counts as absent: the view sends to /, and / shows the login form', async () => {
    stubPartnerApi();
    storeSession(day(-1));
    const app = renderApp('/warehouse');
    await expect.element(loginButton()).toBeVisible();
    expect(app.current()).toBe('/');
  });

  test('a token whose date is today still holds', async () => {
    stubPartnerApi();
    storeSession(day(0));
    renderApp('/stats');
    await expect.element(heading('Статистика')).toBeVisible();
  });

  test('an unknown path goes to /', async () => {
    stubPartnerApi();
    const app = renderApp('/nowhere');
    await expect.element(loginButton()).toBeVisible();
    expect(app.current()).toBe('/');
  });
});

describe('the views', () => {
  test('the partner moves between the five views, each with data from the API under the stored token', async () => {
    const fetch = stubPartnerApi();
    storeSession(day(30), '7', 'stored-token');
    renderApp('/about');
    await expect.element(page.getByText('ООО «Ромашка»')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Разделы кабинета' });
    await expect.element(nav.getByRole('link', { name: 'О партнере' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(nav.getByRole('link', { name: 'Продажи' }));
    await expect.element(page.getByRole('heading', { name: 'Заказ № 1001' })).toBeVisible();
    await userEvent.click(nav.getByRole('link', { name: 'Статистика' }));
    await expect.element(page.getByRole('rowheader', { name: 'октябрь 2026 г.' })).toBeVisible();
    await userEvent.click(nav.getByRole('link', { name: 'Склад' }));
    await expect.element(page.getByRole('cell', { name: 'Москва' })).toBeVisible();
    await userEvent.click(nav.getByRole('link', { name: 'Поддержка' }));
    await expect.element(page.getByText('support@example.com')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Оставить отзыв' })).toBeVisible();

    const paths = fetch.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        PARTNER_API.profile,
        PARTNER_API.sales,
        PARTNER_API.stats,
        PARTNER_API.warehouse,
        PARTNER_API.support,
      ]),
    );
    for (const [, init] of fetch.mock.calls)
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
  });

  test('sign-out clears the session and returns to /', async () => {
    stubPartnerApi();
    storeSession(day(30));
    const app = renderApp('/about');
    await userEvent.click(page.getByRole('button', { name: 'Выйти' }));
    await expect.element(loginButton()).toBeVisible();
    expect(app.current()).toBe('/');
    expect(['token_id', 'token', 'token_date'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });

  test('a token the service no longer accepts (401) ends the session', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 'failure', meta: 'Нет доступа' }), { status: 401 }),
    );
    storeSession(day(30));
    const app = renderApp('/sales');
    await expect.element(loginButton()).toBeVisible();
    expect(app.current()).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
