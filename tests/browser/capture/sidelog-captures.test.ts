// The captures through the whole of Sidelog: what a developer who embeds it with the default
// capture options finds in the logging service, without writing any logging code.
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { feedbackDialogRoot } from './feedback-root.ts';
import { BROWSER_EVENT_TAG, IssueType, LogLevel, UI_EVENT_TAG } from '../../../protocol/index.ts';
import { issuesOf, logsOf, newApp } from '../sidelog/collector.ts';
import { cleanUp, startSidelog } from '../sidelog/sidelog.ts';

const CAPTURES_ON = {
  overrideConsoleMethods: true,
  logBrowserEvents: true,
  logUIEvents: true,
  registerErrorHandler: true,
  // Quiet test output: printing itself is tested against a spied console in console-capture.test.ts.
  printToConsole: false,
};
const POLL = { timeout: 20_000, interval: 200 };
const startURL = location.href;

afterEach(async () => {
  await cleanUp();
  document.body.replaceChildren();
  history.replaceState(null, '', startURL);
});

describe('Sidelog with its captures on', () => {
  test('console lines, navigation and UI events reach the service; a password typed never does', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app, CAPTURES_ON);
    document.body.innerHTML = `
      <form id="login"><input id="email" type="email"><input id="password" type="password"><button id="enter">Войти</button></form>`;
    document.getElementById('login')!.addEventListener('submit', (event) => event.preventDefault());
    const secret = 'Pa55-word-never-stored';

    console.warn('stock is low', { sku: 'A-1' });
    history.pushState(null, '', '?after-login');
    await userEvent.type(document.getElementById('email')!, 'partner@example.com');
    await userEvent.type(document.getElementById('password')!, secret);
    await userEvent.click(document.getElementById('enter')!);
    await sidelog.forceSendOnce();

    await expect.poll(async () => (await logsOf(app)).some((log) => log.t?.includes('"submit"')), POLL).toBe(true);
    const logs = await logsOf(app);
    expect(logs).toContainEqual(expect.objectContaining({ t: 'stock is low {"sku":"A-1"}', ll: LogLevel.Warning }));
    expect(logs).toContainEqual(
      expect.objectContaining({ tg: BROWSER_EVENT_TAG, t: expect.stringContaining('"pushState"') }),
    );
    expect(logs).toContainEqual(
      expect.objectContaining({ tg: UI_EVENT_TAG, t: expect.stringContaining('"value":"•••••••@•••••••.•••"') }),
    );
    expect(logs).toContainEqual(
      expect.objectContaining({ tg: UI_EVENT_TAG, t: expect.stringContaining('"id":"password"') }),
    );
    expect(JSON.stringify(logs)).not.toContain(secret);
    expect(JSON.stringify(logs)).not.toContain('partner@example.com');
  });

  test("a field marked data-sidelog-unmask arrives as typed; with 'all', other fields go through the rules; console lines too", async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app, { ...CAPTURES_ON, recordInputValues: 'all' });
    document.body.innerHTML = `<input id="email" type="email" data-sidelog-unmask><input id="contact">`;

    await userEvent.type(document.getElementById('email')!, 'partner@example.com');
    await userEvent.type(document.getElementById('contact')!, 'ivan@shop.ru, +7 912 345 67 89');
    await userEvent.tab();
    console.log('signed in as', 'partner@example.com');
    await sidelog.forceSendOnce();

    await expect
      .poll(async () => (await logsOf(app)).filter((log) => log.t?.includes('"event":"input"')).length, POLL)
      .toBe(2);
    const logs = await logsOf(app);
    const typed = logs.filter((log) => log.t?.includes('"event":"input"')).map((log) => JSON.parse(log.t!).value);
    expect(typed).toEqual(['partner@example.com', '[email], [phone]']);
    expect(logs).toContainEqual(expect.objectContaining({ t: 'signed in as [email]' }));
  });

  test('an uncaught error arrives as a crash', async () => {
    const app = await newApp();
    await startSidelog(app, CAPTURES_ON);

    dispatchEvent(
      new ErrorEvent('error', { message: 'order is undefined', filename: 'http://shop.test/app.js', lineno: 9 }),
    );

    await expect.poll(async () => (await issuesOf(app)).length, POLL).toBe(1);
    const [crash] = await issuesOf(app);
    expect(crash).toMatchObject({
      type: IssueType.Crash,
      title: 'order is undefined',
      text: 'Error: order is undefined\nURL: http://shop.test/app.js\nLine: 9\nStack: N/A',
    });
  });

  test('feedback sent through the dialog arrives as user feedback at the URL the caller got', async () => {
    const app = await newApp();
    const sidelog = await startSidelog(app, CAPTURES_ON);

    const result = sidelog.getUserFeedback();
    // The dialog's code loads on the first call: it opens with the subject focused.
    await expect.poll(() => feedbackDialogRoot()?.querySelector('[data-subject]')).toBeTruthy();
    expect(feedbackDialogRoot()?.activeElement).toBe(feedbackDialogRoot()?.querySelector('[data-subject]'));
    await userEvent.keyboard('Печать не работает');
    await userEvent.tab();
    await userEvent.keyboard('Пустой лист');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');

    const sent = await result;
    expect(sent).toEqual({
      isSent: true,
      feedbackURL: expect.stringMatching(/\/sidelog\/intent\/[A-Za-z0-9_-]{10}\/issue\//),
    });
    await expect.poll(async () => (await issuesOf(app)).length, POLL).toBe(1);
    expect((await issuesOf(app))[0]).toMatchObject({
      type: IssueType.UserFeedback,
      title: 'Печать не работает',
      text: 'Пустой лист',
      url: sent.isSent ? sent.feedbackURL : '',
    });
  });
});
