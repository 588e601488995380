// The feedback dialog (docs/api.md#feedback-dialog). One at a time: a
// request while it is open gets the same pending result.
import { createDialogView, type DialogView } from './dialog-view.ts';
import { resolveFeedbackTexts } from './feedback-texts.ts';
import type { FeedbackResult, FeedbackTexts } from './feedback.types.ts';

export type { FeedbackResult, FeedbackTexts } from './feedback.types.ts';

let pending: Promise<FeedbackResult> | undefined;
let openView: DialogView | undefined;

/**
 * Shows the dialog; `submit` sends subject and text as user feedback and resolves to its URL.
 * Resolves `{ isSent: true, feedbackURL }` once sent, `{ isSent: false }` on cancel or failure.
 * Throws `Element for selector 'X' not found.` when the dialog cannot be built.
 */
export function showFeedbackDialog(
  texts: FeedbackTexts | undefined,
  submit: (subject: string, text: string) => Promise<string>,
): Promise<FeedbackResult> {
  if (pending) return pending;
  // Given the focus back when the dialog goes (the WAI-ARIA dialog pattern): removed while open, on a send or the close
  // control, the dialog left it on the body, and the next Tab started from the top of the page.
  const opener = document.activeElement;
  const view = createDialogView(resolveFeedbackTexts(texts));
  pending = new Promise<FeedbackResult>((resolve) => {
    let sending = false;
    const finish = (result: FeedbackResult) => {
      view.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      if (openView === view) {
        openView = undefined;
        pending = undefined;
      }
      resolve(result);
    };
    // Once the feedback is on its way, its outcome is the answer, whatever the user clicks meanwhile.
    const cancel = () => {
      if (!sending) finish({ isSent: false });
    };

    view.backdrop.addEventListener('click', cancel);
    view.close.addEventListener('click', cancel);
    // Escape closes a modal <dialog> natively ('cancel', then 'close'); either way it is a cancel.
    view.dialog.addEventListener('close', cancel);
    view.form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (sending) return;
      sending = true;
      view.submit.disabled = true;
      Promise.resolve()
        .then(() => submit(view.subject.value, view.feedback.value))
        .then(
          (feedbackURL) => finish({ isSent: true, feedbackURL }),
          () => finish({ isSent: false }),
        );
    });
  });
  openView = view;
  try {
    view.show();
  } catch (error) {
    // A dialog that could not open must not hold the next request hostage.
    view.remove();
    openView = undefined;
    pending = undefined;
    throw error;
  }
  return pending;
}
