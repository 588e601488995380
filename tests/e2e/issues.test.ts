// Issues and user feedback from the portal (issue 7): sendIssue's URL opens the viewer page of that
// issue, and feedback a user types into the dialog arrives as user feedback.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IssueType } from '../../protocol/levels.ts';
import { sidelogMode } from './page-sidelog.ts';
import { signInAsDemo } from './portal.ts';
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

const DELIVERY = { timeout: 45_000, interval: 250 };

describe('issues and feedback', () => {
  it("sendIssue returns a URL that opens the viewer page of that issue", async () => {
    await page.goto(`${product.url}/`);
    await sidelogMode(page);
    const title = 'Корзина не открывается';
    // Logged text is shown as text, never as markup.
    const text = 'После входа кнопка <b>Корзина</b> ничего не делает.';
    const url = await page.evaluate(([title, text]) => window.Sidelog.sendIssue(title, text), [title, text] as const);
    expect(url).toMatch(new RegExp(`^${product.url}/sidelog/intent/[\\w-]{10}/issue/[\\w-]+$`));

    // The issue forces a send; the page exists once the collector has it.
    const uuid = url.split('/').at(-1);
    await vi.waitFor(async () => expect((await product.admin.issues()).map((issue) => issue.uid)).toContain(uuid), DELIVERY);
    const viewer = await context.newPage();
    const response = await viewer.goto(url);
    expect(response?.status()).toBe(200);
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await viewer.getByText(text).count()).toBe(1);
  });

  it('feedback typed into the dialog on the Support view arrives as user feedback', async () => {
    await signInAsDemo(page, product.url);
    await page.getByRole('link', { name: 'Поддержка' }).click();
    await page.getByRole('button', { name: 'Оставить отзыв' }).click();

    const subject = 'Отчет о продажах';
    const text = 'Хотелось бы выгружать продажи в Excel.';
    // The dialog lives in a closed shadow root, out of reach of selectors: a user's keyboard reaches it.
    // It opens with the subject focused; Tab goes on to the text, then to the submit button.
    await page.waitForFunction(() => document.activeElement?.matches('[data-sidelog-feedback]'));
    await page.keyboard.type(subject);
    await page.keyboard.press('Tab');
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Спасибо! Сообщение отправлено.').waitFor();

    await vi.waitFor(async () => {
      const feedback = (await product.admin.issues()).filter((issue) => issue.type === IssueType.UserFeedback);
      expect(feedback.map(({ title, text }) => ({ title, text }))).toEqual([{ title: subject, text }]);
    }, DELIVERY);
  });
});
