/** The dialog's texts (docs/api.md#feedback-dialog); any left out takes its default. */
export interface FeedbackTexts {
  title?: string;
  hint?: string;
  subjectPlaceholder?: string;
  feedbackPlaceholder?: string;
  submitLabel?: string;
  closeLabel?: string;
}

/** What the dialog resolves to (docs/api.md#feedback-dialog). */
export type FeedbackResult = { isSent: false } | { isSent: true; feedbackURL: string };
