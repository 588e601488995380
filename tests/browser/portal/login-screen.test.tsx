// The login screen as a partner meets it (docs/portal.md#login-screen).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Sidelog } from 'sidelog';
import { LOGIN_TIMEOUT_MS } from '../../../portal/constants.ts';
import { PARTNER_API } from '../../../portal/api.types.ts';
import { stubPartnerApi } from './fake-partner-api.ts';
import { cleanUpPortal, renderApp } from './render.tsx';

vi.mock('sidelog', () => ({
  Sidelog: { setDeviceKey: vi.fn(), getUserFeedback: vi.fn(), init: vi.fn(async () => {}) },
}));

const emailField = () => page.getByLabelText('Адрес email');
const passwordField = () => page.getByLabelText('Ваш пароль');
const rememberBox = () => page.getByRole('checkbox', { name: 'Запомнить меня' });
const submitButton = () => page.getByRole('button', { name: 'Войти' });
const errorLine = () => page.getByRole('alert');

async function signIn(email: string, password: string) {
  if (email) await userEvent.fill(emailField(), email);
  if (password) await userEvent.fill(passwordField(), password);
  await userEvent.click(submitButton());
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanUpPortal();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(Sidelog.setDeviceKey).mockClear();
});

describe('the login screen', () => {
  test('shows every text of the login screen, labels tied to their inputs', async () => {
    stubPartnerApi();
    renderApp('/');
    await expect.element(page.getByRole('img', { name: 'Логотип' })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Кабинет партнера' })).toBeVisible();
    await expect.element(emailField()).toHaveAttribute('type', 'email');
    await expect.element(passwordField()).toHaveAttribute('type', 'password');
    await expect.element(rememberBox()).toBeChecked();
    await expect.element(submitButton()).toBeVisible();
    await expect.element(errorLine()).toBeInTheDocument();
    await expect
      .element(
        page.getByText(
          'Пожалуйста, не используйте блокировщики рекламы и расширения браузера на этом сайте: с ними работа кабинета не гарантируется.',
        ),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('contentinfo'))
      .toHaveTextContent(`© ${new Date().getFullYear()} Все права защищены.`);
  });
});

describe('validation on submit', () => {
  test('empty fields: both messages together, both fields highlighted, nothing sent', async () => {
    const fetch = stubPartnerApi();
    renderApp('/');
    await signIn('', '');
    await expect.element(errorLine()).toHaveTextContent('Не указан адрес email. Не указан пароль.');
    await expect.element(emailField()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  test("an email without '@' is incorrect", async () => {
    const fetch = stubPartnerApi();
    renderApp('/');
    await signIn('partner.example.com', 'secret');
    await expect.element(errorLine()).toHaveTextContent('Некорректный адрес email.');
    await expect.element(emailField()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'false');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a missing password alone', async () => {
    const fetch = stubPartnerApi();
    renderApp('/');
    await signIn('partner@example.com', '');
    await expect.element(errorLine()).toHaveTextContent('Не указан пароль.');
    expect(errorLine().element().textContent).toBe('Не указан пароль.');
    await expect.element(emailField()).toHaveAttribute('aria-invalid', 'false');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('an incorrect email and a missing password together', async () => {
    stubPartnerApi();
    renderApp('/');
    await signIn('partner', '');
    await expect.element(errorLine()).toHaveTextContent('Некорректный адрес email. Не указан пароль.');
  });

  test("typing in a field clears that field's highlight only", async () => {
    stubPartnerApi();
    renderApp('/');
    await signIn('', '');
    await expect.element(emailField()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(emailField(), 'p');
    await expect.element(emailField()).toHaveAttribute('aria-invalid', 'false');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(passwordField(), 'x');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('the login call', () => {
  test('posts JSON to the auth path; success stores the session, tags Sidelog and goes to /about', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 1, 28, 12, 0));
    const fetch = stubPartnerApi();
    const app = renderApp('/');
    await signIn('partner@example.com', 'partner123');
    await expect.element(page.getByRole('heading', { name: 'О партнере', level: 1 })).toBeVisible();
    // Straight to /about: the stored session does not first send the login screen on to /sales.
    expect(app.history).toEqual(['/', '/about']);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(location.origin + PARTNER_API.auth);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'partner@example.com', password: 'partner123' });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('token_id')).toBe('42');
    // 'Запомнить меня' is checked by default: one year ahead.
    expect(localStorage.getItem('token_date')).toBe('2028-02-28');
    expect(Sidelog.setDeviceKey).toHaveBeenCalledWith('user_id', 42);
  });

  test("without 'Запомнить меня' the session lasts one day", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 1, 28, 12, 0));
    stubPartnerApi();
    const app = renderApp('/');
    await userEvent.click(rememberBox());
    await expect.element(rememberBox()).not.toBeChecked();
    await signIn('partner@example.com', 'partner123');
    await expect.poll(() => app.current()).toBe('/about');
    expect(localStorage.getItem('token_date')).toBe('2027-03-01');
  });

  test('the form is marked disabled while the attempt is handled, and the mark is cleared after', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const refuse = stubPartnerApi(() => ({ status: 'failure', data: 'password', meta: 'Неверный пароль.' }));
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => answered.then(() => refuse(input, init)));
    renderApp('/');
    await signIn('partner@example.com', 'wrong');
    const form = page.getByRole('button', { name: 'Войти' }).element().closest('form')!;
    await expect.poll(() => form.getAttribute('aria-busy')).toBe('true');
    await expect.element(submitButton()).toBeDisabled();
    answer();
    await expect.element(errorLine()).toHaveTextContent('Неверный пароль.');
    expect(form.getAttribute('aria-busy')).toBe('false');
    await expect.element(submitButton()).toBeEnabled();
  });
});

describe('refusals and failures (docs/errors.md#portal)', () => {
  const refusals = [
    { data: 'email', meta: 'Партнер с таким адресом email не найден.', email: 'true', password: 'false' },
    { data: 'password', meta: 'Неверный пароль.', email: 'false', password: 'true' },
    { data: 'both', meta: 'Неверный адрес email или пароль.', email: 'true', password: 'true' },
  ] as const;

  for (const refusal of refusals) {
    test(`data '${refusal.data}': the server's message, the right fields highlighted, no session`, async () => {
      stubPartnerApi(() => ({ status: 'failure', data: refusal.data, meta: refusal.meta }));
      const app = renderApp('/');
      await signIn('partner@example.com', 'wrong');
      await expect.element(errorLine()).toHaveTextContent(refusal.meta);
      await expect.element(emailField()).toHaveAttribute('aria-invalid', refusal.email);
      await expect.element(passwordField()).toHaveAttribute('aria-invalid', refusal.password);
      expect(localStorage.getItem('token')).toBeNull();
      expect(app.current()).toBe('/');
    });
  }

  test('the message is read from data.meta when meta is absent', async () => {
    stubPartnerApi(() => ({ status: 'failure', data: { field: 'password', meta: 'Неверный пароль.' } }));
    renderApp('/');
    await signIn('partner@example.com', 'wrong');
    await expect.element(errorLine()).toHaveTextContent('Неверный пароль.');
    await expect.element(passwordField()).toHaveAttribute('aria-invalid', 'true');
  });

  test('a network failure says the server does not answer', async () => {
    stubPartnerApi('network-error');
    renderApp('/');
    await signIn('partner@example.com', 'partner123');
    await expect.element(errorLine()).toHaveTextContent('Сервер не отвечает. Попробуйте повторить попытку поздне.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  test('no answer within the 10 s timeout says the same', async () => {
    // The timeout signal is the browser's own; the test fires it instead of waiting ten seconds.
    const timeout = new AbortController();
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    renderApp('/');
    await signIn('partner@example.com', 'partner123');
    await expect.poll(() => timeoutSpy.mock.calls.length).toBe(1);
    expect(timeoutSpy).toHaveBeenCalledWith(LOGIN_TIMEOUT_MS);
    await expect.element(errorLine()).toHaveTextContent('');
    timeout.abort(new DOMException('signal timed out', 'TimeoutError'));
    await expect.element(errorLine()).toHaveTextContent('Сервер не отвечает. Попробуйте повторить попытку поздне.');
  });
});
