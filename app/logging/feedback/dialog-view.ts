// Builds the feedback dialog: a host element with a closed shadow root holding a native modal
// <dialog>, which gives focus trapping, Escape and an inert page behind it without hand-written code.
import { IGNORE_ATTRIBUTE } from '../capture/describe-element.ts';
import { DIALOG_CSS, DIALOG_MARKUP } from './dialog-markup.ts';
import type { FeedbackTexts } from './feedback.types.ts';
import { requireElement } from './require-element.ts';

export interface DialogView {
  host: HTMLElement;
  root: ShadowRoot;
  dialog: HTMLDialogElement;
  backdrop: HTMLElement;
  close: HTMLButtonElement;
  form: HTMLFormElement;
  subject: HTMLInputElement;
  feedback: HTMLTextAreaElement;
  submit: HTMLButtonElement;
  /** Appends the dialog to the page body, opens it and moves focus into it. */
  show(): void;
  remove(): void;
}

let styles: CSSStyleSheet | undefined;

export function createDialogView(texts: Required<FeedbackTexts>): DialogView {
  const host = document.createElement('div');
  host.setAttribute('data-sidelog-feedback', '');
  // What the user types here is sent as feedback; the UI-event capture need not log it too.
  host.setAttribute(IGNORE_ATTRIBUTE, '');
  const root = host.attachShadow({ mode: 'closed' });
  root.innerHTML = DIALOG_MARKUP;
  styles ??= createStyles();
  root.adoptedStyleSheets = [styles];

  const view: DialogView = {
    host,
    root,
    dialog: requireElement<HTMLDialogElement>(root, '[data-dialog]'),
    backdrop: requireElement(root, '[data-backdrop]'),
    close: requireElement<HTMLButtonElement>(root, '[data-close]'),
    form: requireElement<HTMLFormElement>(root, '[data-form]'),
    subject: requireElement<HTMLInputElement>(root, '[data-subject]'),
    feedback: requireElement<HTMLTextAreaElement>(root, '[data-feedback]'),
    submit: requireElement<HTMLButtonElement>(root, '[data-submit]'),
    show() {
      (document.body ?? document.documentElement).append(host);
      view.dialog.showModal();
      view.subject.focus();
    },
    remove() {
      host.remove();
    },
  };

  requireElement(root, '[data-title]').textContent = texts.title;
  const hint = requireElement(root, '[data-hint]');
  hint.textContent = texts.hint;
  hint.hidden = texts.hint.trim() === '';
  view.subject.placeholder = texts.subjectPlaceholder;
  view.feedback.placeholder = texts.feedbackPlaceholder;
  view.submit.textContent = texts.submitLabel;
  view.close.setAttribute('aria-label', texts.closeLabel);
  view.close.title = texts.closeLabel;
  return view;
}

function createStyles(): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(DIALOG_CSS);
  return sheet;
}
