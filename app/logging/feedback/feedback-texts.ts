import type { FeedbackTexts } from './feedback.types.ts';

/** The default texts, word for word as docs/api.md#feedback-dialog gives them. */
export const DEFAULT_FEEDBACK_TEXTS: Required<FeedbackTexts> = {
  title: 'Feedback',
  hint: 'Please insert your feedback here and click send',
  subjectPlaceholder: 'Subject…',
  feedbackPlaceholder: 'Your feedback…',
  submitLabel: 'Send',
  closeLabel: 'Close',
};

/** The caller's texts over the defaults; an undefined entry keeps its default, an empty one stays empty. */
export function resolveFeedbackTexts(texts: FeedbackTexts | undefined): Required<FeedbackTexts> {
  const resolved = { ...DEFAULT_FEEDBACK_TEXTS };
  for (const name of Object.keys(resolved) as (keyof FeedbackTexts)[]) {
    const value = texts?.[name];
    if (value !== undefined && value !== null) resolved[name] = String(value);
  }
  return resolved;
}
