// The feedback dialog as a user meets it. Its shadow root is closed, so the test reaches it
// through the roots kept as they are attached (feedback-root.ts), and Playwright cannot locate anything inside it:
// the user types with the keyboard into what has focus, and clicks with the mouse at the place
// where an element is drawn.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { installUIEvents } from '../../../app/logging/capture/ui-events.ts';
import { showFeedbackDialog } from '../../../app/logging/feedback/feedback-dialog.ts';
import { requireElement } from '../../../app/logging/feedback/require-element.ts';
import { feedbackDialogRoot } from './feedback-root.ts';
import { captureOptions, createRecordingTarget } from './recording-target.ts';

const FEEDBACK_URL = 'http://127.0.0.1/sidelog/intent/abc/issue/42';

afterEach(async () => {
  // A test that left its dialog open closes it, so the next one starts alone.
  const root = feedbackDialogRoot();
  if (root) root.querySelector<HTMLButtonElement>('[data-close]')?.click();
});

function dialog() {
  const root = feedbackDialogRoot();
  if (!root) throw new Error('no feedback dialog is open');
  return {
    root,
    title: requireElement(root, '[data-title]'),
    hint: requireElement(root, '[data-hint]'),
    subject: requireElement<HTMLInputElement>(root, '[data-subject]'),
    feedback: requireElement<HTMLTextAreaElement>(root, '[data-feedback]'),
    submit: requireElement<HTMLButtonElement>(root, '[data-submit]'),
    close: requireElement<HTMLButtonElement>(root, '[data-close]'),
    backdrop: requireElement(root, '[data-backdrop]'),
  };
}

/**
 * A real mouse click at the centre of `element` (or at `offset` inside it). Playwright clicks a
 * light-DOM stage covering the viewport at those coordinates; `force` because the modal dialog
 * rightly sits above the stage, which is where the click lands.
 */
async function clickOn(element: Element, offset?: { x: number; y: number }) {
  const rect = element.getBoundingClientRect();
  const stage = document.createElement('div');
  stage.style.cssText = 'position: fixed; inset: 0; pointer-events: none;';
  document.documentElement.append(stage);
  try {
    const x = rect.left + (offset?.x ?? rect.width / 2);
    const y = rect.top + (offset?.y ?? rect.height / 2);
    await userEvent.click(stage, { position: { x, y }, force: true });
  } finally {
    stage.remove();
  }
}

/** Types the subject (focused when the dialog opens), tabs to the text and types it. */
async function fillIn(subject: string, text: string) {
  expect(dialog().root.activeElement).toBe(dialog().subject);
  await userEvent.keyboard(subject);
  await userEvent.tab();
  await userEvent.keyboard(text);
}

const hosts = () => document.body.querySelectorAll('[data-sidelog-feedback]');
const sentAs = (url = FEEDBACK_URL) => vi.fn((_subject: string, _text: string) => Promise.resolve(url));

describe('the feedback dialog', () => {
  test('opens in a closed shadow root on the page body, with the default texts and focus in the subject', () => {
    void showFeedbackDialog(undefined, sentAs());
    const view = dialog();

    expect(hosts()).toHaveLength(1);
    expect((hosts()[0] as HTMLElement).shadowRoot).toBeNull();
    expect(view.title.textContent).toBe('Feedback');
    expect(view.hint.textContent).toBe('Please insert your feedback here and click send');
    expect(view.hint.checkVisibility()).toBe(true);
    expect(view.subject.placeholder).toBe('Subject…');
    expect(view.feedback.placeholder).toBe('Your feedback…');
    expect(view.submit.textContent).toBe('Send');
    expect(view.close.getAttribute('aria-label')).toBe('Close');
    expect(view.root.activeElement).toBe(view.subject);
  });

  test("takes its look from the page's --sidelog-* properties, as docs/api.md#feedback-dialog lists them", () => {
    const look = () => {
      const view = dialog();
      const panel = view.title.closest('.panel')!;
      return {
        accent: getComputedStyle(view.submit).backgroundColor,
        background: getComputedStyle(panel).backgroundColor,
        color: getComputedStyle(panel).color,
        backdrop: getComputedStyle(view.backdrop).backgroundColor,
        font: getComputedStyle(panel).fontFamily,
      };
    };
    void showFeedbackDialog(undefined, sentAs());
    expect(look()).toEqual({
      accent: 'rgb(255, 80, 96)',
      background: 'rgb(255, 255, 255)',
      color: 'rgb(34, 34, 34)',
      backdrop: 'rgba(0, 0, 0, 0.5)',
      font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    });
    dialog().close.click();

    // The cabinet's own (app/styles/portal.css) and the rest, set on the page's root: they pass into the closed root.
    const root = document.documentElement.style;
    const properties = {
      '--sidelog-accent': '#0f6b5c',
      '--sidelog-background': '#f4f7f6',
      '--sidelog-color': '#1c2321',
      '--sidelog-backdrop': 'rgb(0 0 0 / 0.3)',
      '--sidelog-font': 'Georgia, serif',
    };
    for (const [name, value] of Object.entries(properties)) root.setProperty(name, value);
    try {
      void showFeedbackDialog(undefined, sentAs());
      expect(look()).toEqual({
        accent: 'rgb(15, 107, 92)',
        background: 'rgb(244, 247, 246)',
        color: 'rgb(28, 35, 33)',
        backdrop: 'rgba(0, 0, 0, 0.3)',
        font: 'Georgia, serif',
      });
    } finally {
      for (const name of Object.keys(properties)) root.removeProperty(name);
    }
  });

  test('typing and sending resolves isSent with the URL the submit returned, and the dialog goes away', async () => {
    const submit = sentAs();
    const result = showFeedbackDialog(undefined, submit);
    const view = dialog();

    await fillIn('Cannot print', 'The sales page prints an empty sheet.');
    await clickOn(view.submit);

    await expect(result).resolves.toEqual({ isSent: true, feedbackURL: FEEDBACK_URL });
    expect(submit).toHaveBeenCalledExactlyOnceWith('Cannot print', 'The sales page prints an empty sheet.');
    expect(hosts()).toHaveLength(0);
    expect(feedbackDialogRoot()).toBeUndefined();
  });

  test('a failed submit resolves isSent false', async () => {
    const result = showFeedbackDialog(undefined, () => Promise.reject(new Error('offline')));
    const view = dialog();

    await fillIn('Hello', 'World');
    await clickOn(view.submit);

    await expect(result).resolves.toEqual({ isSent: false });
    expect(hosts()).toHaveLength(0);
  });

  test('the close control cancels', async () => {
    const submit = sentAs();
    const result = showFeedbackDialog(undefined, submit);

    await clickOn(dialog().close);

    await expect(result).resolves.toEqual({ isSent: false });
    expect(submit).not.toHaveBeenCalled();
    expect(hosts()).toHaveLength(0);
  });

  test('a click on the backdrop cancels', async () => {
    const submit = sentAs();
    const result = showFeedbackDialog(undefined, submit);

    // Its centre is under the panel: click near its corner, where the user sees the page dimmed.
    await clickOn(dialog().backdrop, { x: 5, y: 5 });

    await expect(result).resolves.toEqual({ isSent: false });
    expect(submit).not.toHaveBeenCalled();
    expect(hosts()).toHaveLength(0);
  });

  test('Escape cancels', async () => {
    const submit = sentAs();
    const result = showFeedbackDialog(undefined, submit);
    await userEvent.keyboard('Never mind');

    await userEvent.keyboard('{Escape}');

    await expect(result).resolves.toEqual({ isSent: false });
    expect(submit).not.toHaveBeenCalled();
    expect(hosts()).toHaveLength(0);
  });

  // The WAI-ARIA dialog pattern: closed, a dialog gives the focus back to what opened it, where the page's
  // "Оставить отзыв" lost it to the body, and the next Tab started from the top of the page.
  test.each([
    [
      'sent',
      async () => {
        await fillIn('Hello', 'World');
        await clickOn(dialog().submit);
      },
    ],
    ['closed', () => clickOn(dialog().close)],
    ['escaped', () => userEvent.keyboard('{Escape}')],
  ])('%s, it gives the focus back to the button that opened it', async (_, end) => {
    const opener = document.createElement('button');
    opener.textContent = 'Оставить отзыв';
    document.body.append(opener);
    try {
      opener.focus();
      const result = showFeedbackDialog(undefined, sentAs());
      await end();
      await result;
      expect(document.activeElement).toBe(opener);
    } finally {
      opener.remove();
    }
  });

  test('a second request while open shares the first one’s result', async () => {
    const first = showFeedbackDialog(undefined, sentAs());
    const second = showFeedbackDialog({ title: 'Another' }, sentAs('http://elsewhere'));

    expect(second).toBe(first);
    expect(hosts()).toHaveLength(1);
    expect(dialog().title.textContent).toBe('Feedback');
    await fillIn('Once', 'Only once');
    await clickOn(dialog().submit);

    await expect(second).resolves.toEqual({ isSent: true, feedbackURL: FEEDBACK_URL });
  });

  test('the keyboard alone can send: tab to the button and press Enter', async () => {
    const submit = sentAs();
    const result = showFeedbackDialog(undefined, submit);

    await fillIn('Keyboard', 'Only keys');
    await userEvent.tab();
    expect(dialog().root.activeElement).toBe(dialog().submit);
    await userEvent.keyboard('{Enter}');

    await expect(result).resolves.toEqual({ isSent: true, feedbackURL: FEEDBACK_URL });
    expect(submit).toHaveBeenCalledWith('Keyboard', 'Only keys');
  });

  test('an empty form is not sent', async () => {
    const submit = sentAs();
    void showFeedbackDialog(undefined, submit);

    await clickOn(dialog().submit);

    expect(submit).not.toHaveBeenCalled();
    expect(hosts()).toHaveLength(1);
  });

  test('a new request after the dialog closed opens a new dialog', async () => {
    const first = showFeedbackDialog(undefined, sentAs());
    await clickOn(dialog().close);
    await first;

    const second = showFeedbackDialog(undefined, sentAs());

    expect(second).not.toBe(first);
    expect(hosts()).toHaveLength(1);
  });

  test('every text can be overridden', () => {
    void showFeedbackDialog(
      {
        title: 'Обратная связь',
        hint: 'Опишите проблему',
        subjectPlaceholder: 'Тема…',
        feedbackPlaceholder: 'Ваш отзыв…',
        submitLabel: 'Отправить',
        closeLabel: 'Закрыть',
      },
      sentAs(),
    );
    const view = dialog();

    expect(view.title.textContent).toBe('Обратная связь');
    expect(view.hint.textContent).toBe('Опишите проблему');
    expect(view.subject.placeholder).toBe('Тема…');
    expect(view.feedback.placeholder).toBe('Ваш отзыв…');
    expect(view.submit.textContent).toBe('Отправить');
    expect(view.close.getAttribute('aria-label')).toBe('Закрыть');
  });

  test('an empty hint is hidden', () => {
    void showFeedbackDialog({ hint: '' }, sentAs());

    expect(dialog().hint.checkVisibility()).toBe(false);
    expect(dialog().title.textContent).toBe('Feedback');
  });

  test('markup in a subject or a text is shown as text, never run as HTML', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const submit = sentAs();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const result = showFeedbackDialog({ title: markup, submitLabel: markup }, submit);
    const view = dialog();

    expect(view.title.textContent).toBe(markup);
    expect(view.submit.textContent).toBe(markup);
    await fillIn(markup, 'text');
    expect(view.subject.value).toBe(markup);
    expect(view.root.querySelector('img')).toBeNull();
    await clickOn(view.submit);

    await expect(result).resolves.toMatchObject({ isSent: true });
    expect(submit).toHaveBeenCalledWith(markup, 'text');
    expect(document.querySelector('img')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  test('what the user does in the dialog is sent as feedback, not recorded again as UI events', async () => {
    const recording = createRecordingTarget();
    const undo = installUIEvents(recording.target, captureOptions());
    const result = showFeedbackDialog(undefined, sentAs());

    await fillIn('Private subject', 'Private text');
    await clickOn(dialog().submit);
    await result;
    undo();

    expect(recording.events).toEqual([]);
  });

  test('a missing element throws the exact text', () => {
    const root = document.createElement('div').attachShadow({ mode: 'closed' });

    expect(() => requireElement(root, '[data-subject]')).toThrow(
      new Error("Element for selector '[data-subject]' not found."),
    );
  });
});
