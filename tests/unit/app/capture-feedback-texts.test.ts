import { describe, expect, test } from 'vitest';
import { DEFAULT_FEEDBACK_TEXTS, resolveFeedbackTexts } from '../../../app/logging/feedback/feedback-texts.ts';

describe('feedback dialog texts', () => {
  test('default to the dialog’s own words (docs/api.md#feedback-dialog)', () => {
    expect(resolveFeedbackTexts(undefined)).toEqual({
      title: 'Feedback',
      hint: 'Please insert your feedback here and click send',
      subjectPlaceholder: 'Subject…',
      feedbackPlaceholder: 'Your feedback…',
      submitLabel: 'Send',
      closeLabel: 'Close',
    });
  });

  test('take each text a caller gives, keep the default for one left undefined, and keep an empty one empty', () => {
    expect(resolveFeedbackTexts({ title: 'Отзыв', hint: '', submitLabel: undefined })).toEqual({
      ...DEFAULT_FEEDBACK_TEXTS,
      title: 'Отзыв',
      hint: '',
    });
  });
});
