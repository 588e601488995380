// The feedback dialog (spec §2). (Its real implementation replaces this placeholder.)
export interface FeedbackTexts {
  title?: string;
  hint?: string;
  subjectPlaceholder?: string;
  feedbackPlaceholder?: string;
  submitLabel?: string;
  closeLabel?: string;
}

export type FeedbackResult = { isSent: false } | { isSent: true; feedbackURL: string };

/** Shows the dialog; `submit` sends subject and text as user feedback and resolves to its URL. */
export function showFeedbackDialog(
  _texts: FeedbackTexts | undefined,
  _submit: (subject: string, text: string) => Promise<string>,
): Promise<FeedbackResult> {
  return Promise.resolve({ isSent: false });
}
