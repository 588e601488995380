// Issues and user feedback from the portal (docs/api.md#issues-crashes-and-feedback): sendIssue's URL opens the viewer
// page of that issue, and feedback a user types into the dialog arrives as user feedback.
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { IssueType } from '../../protocol/levels.ts';
import { sidelogMode } from './page-sidelog.ts';
import { signInAsDemo } from './portal.ts';
import { useProductPage } from './product.ts';
import { viewerText } from './viewer.ts';

const e2e = useProductPage();

const DELIVERY = { timeout: 45_000, interval: 250 };

describe('issues and feedback', () => {
  it("sendIssue returns a URL that opens the explorer's page of that issue, after sign-in", async () => {
    await e2e.page.goto(`${e2e.product.url}/`);
    await sidelogMode(e2e.page);
    const title = 'Корзина не открывается';
    // Logged text is shown as text, never as markup.
    const text = 'После входа кнопка <b>Корзина</b> ничего не делает.';
    const url = await e2e.page.evaluate(([title, text]) => window.Sidelog.sendIssue(title, text), [
      title,
      text,
    ] as const);
    expect(url).toMatch(new RegExp(`^${e2e.product.url}/sidelog/intent/[\\w-]{10}/issue/[\\w-]+$`));

    // The issue forces a send; the page exists once the collector has it.
    const uuid = url.split('/').at(-1);
    await waitFor(
      async () => expect((await e2e.product.admin.issues()).map((issue) => issue.uid)).toContain(uuid),
      DELIVERY,
    );
    const viewer = await e2e.page.context().newPage();
    const shown = await viewerText(viewer, url);
    expect(new URL(viewer.url()).pathname).toBe(`/sidelog/issues/${uuid}`);
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(shown).toContain(text);
    expect(await viewer.locator('main b').count()).toBe(0);
    // The issue's own line in its session (docs/api.md#issues-crashes-and-feedback) dates it by the device's clock.
    await waitFor(async () => {
      const page = await viewerText(viewer, url);
      expect(page).not.toContain('its own line is not kept');
      expect(page).toMatch(/Logged\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}/);
    }, DELIVERY);
  });

  it('feedback typed into the dialog on the Support view arrives as user feedback', async () => {
    await signInAsDemo(e2e.page, e2e.product.url);
    await e2e.page.getByRole('link', { name: 'Поддержка' }).click();
    await e2e.page.getByRole('button', { name: 'Оставить отзыв' }).click();

    const subject = 'Отчет о продажах';
    const text = 'Хотелось бы выгружать продажи в Excel.';
    // The dialog lives in a closed shadow root, out of reach of selectors: a user's keyboard reaches it.
    // It opens with the subject focused; Tab goes on to the text, then to the submit button.
    await e2e.page.waitForFunction(() => document.activeElement?.matches('[data-sidelog-feedback]'));
    await e2e.page.keyboard.type(subject);
    await e2e.page.keyboard.press('Tab');
    await e2e.page.keyboard.type(text);
    await e2e.page.keyboard.press('Tab');
    await e2e.page.keyboard.press('Enter');
    await e2e.page.getByText('Спасибо! Сообщение отправлено.').waitFor();

    await waitFor(async () => {
      const feedback = (await e2e.product.admin.issues()).filter((issue) => issue.type === IssueType.UserFeedback);
      expect(feedback.map(({ title, text }) => ({ title, text }))).toEqual([{ title: subject, text }]);
    }, DELIVERY);
  });
});
