// What the views show beyond navigation: Sales with everything the print rules name, the feedback
// dialog from Support, and a service that cannot answer.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Sidelog } from 'sidelog';
import { PRINT_HIDDEN } from '../../../app/print/index.ts';
import { formatDate } from '../../../app/session/token-date.ts';
import { stubPartnerApi } from './fake-partner-api.ts';
import { cleanUpPortal, renderApp, storeSession } from './render.tsx';

vi.mock('sidelog', () => ({
  Sidelog: { setDeviceKey: vi.fn(), getUserFeedback: vi.fn(), init: vi.fn(async () => {}) },
}));

const nextMonth = () => {
  const date = new Date();
  date.setMonth(date.getMonth() + 1);
  return formatDate(date);
};

afterEach(() => {
  cleanUpPortal();
  vi.unstubAllGlobals();
  vi.mocked(Sidelog.getUserFeedback).mockReset();
});

describe('Sales', () => {
  test('an order shows its status, badges, old prices, grey notes, free-add rows, miles details, history and print actions', async () => {
    stubPartnerApi();
    storeSession(nextMonth());
    renderApp('/sales');
    const order = page.getByRole('article', { name: 'Заказ № 1001' });
    await expect.element(order).toBeVisible();
    await expect.element(order.getByText('Отгружен')).toHaveClass(PRINT_HIDDEN.orderStatus);
    await expect.element(order.getByText('Акция')).toHaveClass(PRINT_HIDDEN.badge);
    await expect.element(order.getByLabelText('Старая цена 250 ₽')).toHaveClass(PRINT_HIDDEN.oldPrice);
    await expect.element(order.getByText('Партия 42')).toHaveClass(PRINT_HIDDEN.greyText);
    await expect.element(order.getByRole('row', { name: /Пробник/ })).toHaveClass(PRINT_HIDDEN.freeAddRow);
    await expect.element(order.getByText('(1 миля за каждые 20 ₽)')).toHaveClass(PRINT_HIDDEN.milesDetails);
    await expect.element(order.getByText('История заказа')).toBeVisible();
    await expect.element(order.getByRole('button', { name: 'Печать: заказ № 1001' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Печать: все заказы' })).toBeVisible();
  });

  test('a service that fails shows a notice instead of data', async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 500 }));
    storeSession(nextMonth());
    renderApp('/sales');
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Не удалось загрузить данные. Обновите страницу позже.');
  });
});

describe('Support', () => {
  test("the feedback dialog is Sidelog's; a sent message is thanked with a toast", async () => {
    stubPartnerApi();
    vi.mocked(Sidelog.getUserFeedback).mockResolvedValue({
      isSent: true,
      feedbackURL: 'http://localhost/sidelog/intent/x/issue/y',
    });
    storeSession(nextMonth());
    renderApp('/support');
    await userEvent.click(page.getByRole('button', { name: 'Оставить отзыв' }));
    await expect.element(page.getByText('Спасибо! Сообщение отправлено.')).toBeVisible();
    expect(Sidelog.getUserFeedback).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Обратная связь', submitLabel: 'Отправить' }),
    );
  });

  test('the button keeps the focus while the dialog is open, for the dialog to give it back; a second click asks once', async () => {
    stubPartnerApi();
    let answer!: (result: { isSent: true; feedbackURL: string }) => void;
    vi.mocked(Sidelog.getUserFeedback).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    storeSession(nextMonth());
    renderApp('/support');
    const button = page.getByRole('button', { name: 'Оставить отзыв' });
    await userEvent.click(button);
    // Disabled while asked, it lost the focus to the body, and the dialog had nothing to give it back to.
    expect(document.activeElement).toBe(button.element());
    await userEvent.click(button);
    answer({ isSent: true, feedbackURL: 'http://localhost/sidelog/intent/x/issue/y' });
    await expect.element(page.getByText('Спасибо! Сообщение отправлено.')).toBeVisible();
    expect(Sidelog.getUserFeedback).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
  });

  test('a cancelled dialog says nothing', async () => {
    stubPartnerApi();
    vi.mocked(Sidelog.getUserFeedback).mockResolvedValue({ isSent: false });
    storeSession(nextMonth());
    renderApp('/support');
    await userEvent.click(page.getByRole('button', { name: 'Оставить отзыв' }));
    await expect.element(page.getByRole('button', { name: 'Оставить отзыв' })).toBeEnabled();
    expect(Sidelog.getUserFeedback).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
