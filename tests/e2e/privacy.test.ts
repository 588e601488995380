// What a partner types into the portal, with Sidelog's default options (docs/privacy.md): the login form's fields
// and the support view's feedback form. The raw values appear nowhere Sidelog keeps anything (the browser
// database, the rescue in localStorage, the collector's rows); the typing events do, with the values' shapes. A field
// the app marks data-sidelog-unmask arrives as typed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { LOGIN_TEXTS } from '../../app/login/validate-login.ts';
import { UI_EVENT_TAG } from '../../protocol/limits.ts';
import { IssueType } from '../../protocol/levels.ts';
import { DEMO_APP_KEY } from '../../server/partner/demo.ts';
import { DEMO_VIEWS } from '../../server/partner/demo-views.ts';
import type { PartnerProfile } from '../../portal/api.types.ts';
import { openPortal, sendNow } from './page-sidelog.ts';
import { signInAsDemo } from './portal.ts';
import { useProductPage } from './product.ts';
import { adminPost } from './admin-client.ts';

const e2e = useProductPage();

const DELIVERY = { timeout: 45_000, interval: 250 };
const EMAIL = 'ivan.petrov@partner-shop.ru';
const PHONE = '+7 (912) 345-67-89';
const CARD = '4111 1111 1111 1111';
const PASSWORD = 'Pa55-never-read';
const RAW = [EMAIL, PHONE, CARD, PASSWORD, 'ivan.petrov', '345-67-89', '4111 1111', '4111111111111111'];
/** The shapes the typing events hold instead (docs/privacy.md#typed-values). */
const SHAPES = ['••••.••••••@•••••••-••••.••', '+• (•••) •••-••-••', '•••• •••• •••• ••••'];

const rawIn = (text: string) => RAW.filter((raw) => text.includes(raw));

/** Everything the browser database holds, as JSON: logs, issues, device keys and sessions. */
function browserDatabase(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const db = await done(indexedDB.open('bf_sdk'));
    const tables = await Promise.all(
      ['logs', 'issues', 'devicekeys', 'sessions'].map((name) => done(db.transaction(name).objectStore(name).getAll())),
    );
    db.close();
    return JSON.stringify(tables);
  });
}

/** The rescues in localStorage, as the page wrote them. */
function rescues(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('bf_rescue_'))
      .map((key) => localStorage.getItem(key))
      .join('\n'),
  );
}

const emailField = () => e2e.page.getByLabel(LOGIN_TEXTS.emailLabel);

/** Types `text` into the login form's email field as a user would, then leaves the field (which records the typing). */
async function typeIntoEmail(text: string) {
  await emailField().fill('');
  await emailField().pressSequentially(text);
  await e2e.page.keyboard.press('Tab');
}

async function setDemoAppEnabled(enabled: boolean) {
  const response = await adminPost(e2e.product.url, e2e.product.adminToken, 'apps', { key: DEMO_APP_KEY, enabled });
  expect(response.status).toBe(200);
}

describe('what a partner types, with the default options', () => {
  it('leaves no raw value in the browser database, the rescue or the collector; the typing events arrive masked', async () => {
    // Not enabled: nothing is uploaded until the test forces it, so the browser database still holds what was stored.
    await setDemoAppEnabled(false);
    try {
      const session = await openPortal(e2e.page, e2e.product.url);

      // The login form: a password, and an address, a phone number and a card number, one after the other.
      await e2e.page.getByLabel(LOGIN_TEXTS.passwordLabel).pressSequentially(PASSWORD);
      await typeIntoEmail(EMAIL);
      await typeIntoEmail(PHONE);
      await emailField().fill('');
      await emailField().pressSequentially(CARD);
      // The page goes as the user leaves the field: what the engine has not confirmed yet is rescued, the card
      // number's typing event and the app's own console line with the same values among it.
      await e2e.page.evaluate(
        ([email, phone, card]) => {
          (document.activeElement as HTMLElement).blur();
          console.log('partner typed', { email, phone, card });
          dispatchEvent(new PageTransitionEvent('pagehide'));
        },
        [EMAIL, PHONE, CARD],
      );
      const rescued = await rescues(e2e.page);
      expect(rescued).toContain(UI_EVENT_TAG);
      expect(rescued).toContain(SHAPES[2]);
      expect(rescued).toContain(
        'partner typed {\\"email\\":\\"[email]\\",\\"phone\\":\\"[phone]\\",\\"card\\":\\"[card]\\"}',
      );
      expect(rawIn(rescued)).toEqual([]);

      // The support view's form: the feedback dialog, while the collector is away, so the feedback stays stored.
      await signInAsDemo(e2e.page, e2e.product.url);
      await e2e.page.getByRole('link', { name: 'Поддержка' }).click();
      await e2e.page.getByRole('button', { name: 'Оставить отзыв' }).click();
      // The dialog lives in a closed shadow root: a user's keyboard reaches it, subject first.
      await e2e.page.waitForFunction(() => document.activeElement?.matches('[data-sidelog-feedback]'));
      await e2e.product.stopService();
      try {
        await e2e.page.keyboard.type(`Связаться: ${EMAIL}`);
        await e2e.page.keyboard.press('Tab');
        await e2e.page.keyboard.type(`Телефон ${PHONE}, карта ${CARD}`);
        await e2e.page.keyboard.press('Tab');
        await e2e.page.keyboard.press('Enter');
        await e2e.page.getByText('Спасибо! Сообщение отправлено.').waitFor();
        await e2e.page.evaluate(() => window.Sidelog.settle());

        const stored = await browserDatabase(e2e.page);
        expect(rawIn(stored)).toEqual([]);
        for (const shape of SHAPES) expect(stored).toContain(shape);
        expect(stored).toContain('"title":"Связаться: [email]"');
        expect(stored).toContain('"text":"Телефон [phone], карта [card]"');
      } finally {
        await e2e.product.startServiceAgain();
      }

      await sendNow(e2e.page);
      await waitFor(async () => {
        const feedback = (await e2e.product.admin.issues()).filter(
          (issue) => issue.session_uid === session && issue.type === IssueType.UserFeedback,
        );
        expect(feedback.map(({ title, text }) => ({ title, text }))).toEqual([
          { title: 'Связаться: [email]', text: 'Телефон [phone], карта [card]' },
        ]);
      }, DELIVERY);
      await waitFor(async () => {
        const typed = (await e2e.product.admin.logs()).filter(
          (log) => log.session_uid === session && log.t?.includes('"event":"input"'),
        );
        expect(typed.map((log) => JSON.parse(log.t!).value)).toEqual(expect.arrayContaining(SHAPES));
      }, DELIVERY);
      const collected = JSON.stringify([
        await e2e.product.admin.logs(),
        await e2e.product.admin.issues(),
        await e2e.product.admin.deviceKeys(),
        await e2e.product.admin.sessions(),
      ]);
      expect(collected).toContain('partner typed {\\"email\\":\\"[email]\\"');
      expect(rawIn(collected)).toEqual([]);
    } finally {
      await setDemoAppEnabled(true);
    }
  });

  it('a field the app marks data-sidelog-unmask arrives as typed', async () => {
    const session = await openPortal(e2e.page, e2e.product.url);
    // As an app would mark it in its markup; the portal itself marks no field.
    await emailField().evaluate((field) => field.setAttribute('data-sidelog-unmask', ''));

    await typeIntoEmail(EMAIL);
    await sendNow(e2e.page);

    await waitFor(async () => {
      const typed = (await e2e.product.admin.logs()).filter(
        (log) => log.session_uid === session && log.t?.includes('"event":"input"'),
      );
      expect(typed.map((log) => JSON.parse(log.t!).value)).toContain(EMAIL);
    }, DELIVERY);
  });
});

describe('what the portal shows of the partner', () => {
  it("the About view's profile is private: no event reads the partner's name, address or city", async () => {
    const session = await openPortal(e2e.page, e2e.product.url);
    await signInAsDemo(e2e.page, e2e.product.url);
    const { name, email, city, company } = DEMO_VIEWS.profile as PartnerProfile;
    const profile = e2e.page.getByText(name);
    await profile.waitFor();
    // What a partner does there: the view takes the focus as it opens (its text is the focus event's label), the
    // partner clicks the name, moves through the page by keyboard, and goes on to another view (the view's blur).
    await profile.click();
    await e2e.page.getByText(email).click();
    await e2e.page.keyboard.press('Tab');
    await e2e.page.getByRole('link', { name: 'Продажи' }).click();
    await e2e.page.waitForURL(`${e2e.product.url}/sales`);
    await sendNow(e2e.page);

    const events = async () =>
      (await e2e.product.admin.logs())
        .filter((log) => log.session_uid === session && log.tg === UI_EVENT_TAG)
        .map((log) => JSON.parse(log.t!) as { event: string; tag?: string; text?: string; private?: boolean });
    await waitFor(async () => {
      const seen = await events();
      // The profile's clicks, recorded as private; the view's blur as the partner left it, with the company's name.
      expect(seen.filter((event) => event.event === 'click' && event.private)).toHaveLength(2);
      expect(seen).toContainEqual(expect.objectContaining({ event: 'blur', tag: 'main' }));
    }, DELIVERY);
    const seen = JSON.stringify(await events());
    expect(seen).toContain(company.slice(5, -1));
    expect([name, email, city, email.split('@')[0]!].filter((value) => seen.includes(value))).toEqual([]);
    // The view's label is cut at 80 characters, inside the manager's phone: cut between words, no part of it is left.
    const { phone } = (DEMO_VIEWS.profile as PartnerProfile).manager;
    expect(seen).not.toContain(phone.slice(0, 6));
  });
});
