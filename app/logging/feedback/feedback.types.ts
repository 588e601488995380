/** The dialog's texts (spec §2 'Feedback dialog'); any left out takes its default. */
export interface FeedbackTexts {
  title?: string;
  hint?: string;
  subjectPlaceholder?: string;
  feedbackPlaceholder?: string;
  submitLabel?: string;
  closeLabel?: string;
}

/** Spec §4 'Feedback dialog result'. */
export type FeedbackResult = { isSent: false } | { isSent: true; feedbackURL: string };
